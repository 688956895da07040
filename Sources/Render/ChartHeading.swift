/// The top band of a picture: a bold centred title and, for charts of series, a legend row of the series colours.
struct ChartHeading {
    /// The title; nil for none.
    let title: String?
    /// One colour per series: the series' own, else the palette's colour at the series' place (wrapping round).
    let colours: [String]
    /// The legend row; nil for none.
    let legend: Legend?
    /// The font size in pixels the title and legend are scaled from.
    let fontSize: Double
    /// Space in pixels kept free at the picture edges.
    let padding: Double
    /// The picture width in pixels.
    let width: Double

    /// A heading with a title only.
    init(title: String?, fontSize: Double, padding: Double, width: Double) {
        self.title = title
        self.colours = []
        self.legend = nil
        self.fontSize = fontSize
        self.padding = padding
        self.width = width
    }

    /// A heading that colours series named `names` and lists them in a legend row (wrapped to the width) when
    /// `legend` is true; `samples`, when given, draws each entry as its series' line and marker, not a swatch.
    init(title: String?, names: [String], colours own: [String?], samples: [Legend.LineSample]? = nil, palette: [String],
         legend: Bool, fontSize: Double, padding: Double, width: Double) throws {
        if own.contains(nil) { try Palette.check(palette) }
        let colours = own.enumerated().map { $1 ?? palette[$0 % palette.count] }
        self.title = title
        self.colours = colours
        let entries = names.indices.map { Legend.Entry(name: names[$0], colour: colours[$0], sample: samples?[$0]) }
        self.legend = legend
            ? Legend(title: nil, entries: entries, fontSize: fontSize, horizontal: true, maxWidth: width - 2 * padding) : nil
        self.fontSize = fontSize
        self.padding = padding
        self.width = width
    }

    /// The height of the title band, 0 without a title.
    private var titleHeight: Double { title == nil ? 0 : fontSize * 1.5 + 10 }

    /// Where the content under the heading may start.
    var bottom: Double { padding + titleHeight + (legend.map { $0.height + 10 } ?? 0) }

    /// Draws the title and the legend row.
    func draw(into svg: inout SVGWriter) {
        if let title {
            svg.text("text", [("x", (width / 2).svg), ("y", (padding + fontSize * 1.2).svg), ("font-size", (fontSize * 1.35).svg),
                              ("font-weight", "bold"), ("text-anchor", "middle"), ("fill", "#222222")], title)
        }
        if let legend { legend.draw(into: &svg, x: (width - legend.width) / 2, y: padding + titleHeight) }
    }
}
