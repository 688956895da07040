import GraphModel

/// Plots stacked one above another in one picture under a shared title: panels whose values differ in scale, each
/// on its own axes (a sweep's figure, one panel per graph).
public struct PlotPanels {
    /// The panels, top to bottom; each keeps its own title, legend and axes.
    public var panels: [Plot]
    /// The picture's title, above every panel; nil for none.
    public var title: String?

    /// Stacks `panels` under `title`.
    public init(panels: [Plot], title: String? = nil) {
        self.panels = panels
        self.title = title
    }

    /// The picture as SVG text: as wide as the widest panel; errors as `Plot.render`'s, and for no panel.
    public func render(check: @escaping (Int) throws -> Void = { _ in }) throws -> String {
        guard let first = panels.first else { throw RenderError("a picture of panels needs at least one panel") }
        let width = panels.map(\.options.width).max()!
        let heading = ChartHeading(title: title, fontSize: first.options.fontSize, padding: first.options.padding, width: width)
        let top = title == nil ? 0 : heading.bottom
        let height = top + panels.map(\.options.height).reduce(0, +)
        try PictureSize.check(width: width, height: height)
        var svg = SVGWriter(width: width, height: height)
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        heading.draw(into: &svg)
        let meter = WorkMeter(check)
        var y = top
        for (offset, panel) in panels.enumerated() {
            svg.open("g", [("class", "panel"), ("transform", "translate(\(((width - panel.options.width) / 2).svg),\(y.svg))")])
            try panel.draw(into: &svg, meter: meter, clipID: "plot-area-\(offset + 1)")
            svg.close("g")
            y += panel.options.height
        }
        return svg.document()
    }

    /// Writes the picture to `path` atomically.
    public func write(to path: String, check: @escaping (Int) throws -> Void = { _ in }) throws {
        try AtomicFile.write(try render(check: check), to: path)
    }
}
