/// The colour and width of every edge of a picture, from the options' per-edge values, and how to write them:
/// shared values once on the edge group, the rest on each edge.
struct EdgeStyle {
    /// One colour per edge.
    let colours: [String]
    /// One width in pixels per edge.
    let widths: [Double]
    /// Legend entries when the colours come from an edge data field mapped to the palette.
    let entries: [Legend.Entry]
    /// The distinct colours in order of first use: one marker of each kind per colour.
    let markerColours: [String]
    private let markerEnd: EdgeMarker?
    private let markerStart: EdgeMarker?

    /// Resolves `options.edgeStroke` and `options.edgeStrokeWidth` for `edges`; a width that is not a length in
    /// `StyleNumbers.length` is an error naming the edge.
    init(options: GraphSVGOptions, edges: [GraphScene.Edge]) throws {
        let colouring = try options.edgeStroke.colouring(for: edges, palette: options.palette, option: "edgeStroke")
        colours = colouring.colours
        entries = colouring.entries
        widths = try options.edgeStrokeWidth.numbers(for: edges, option: "edgeWidth")
        if let bad = widths.firstIndex(where: { !StyleNumbers.length.contains($0) }) {
            let name = edges[bad].id.isEmpty ? "\(bad + 1)" : "'\(edges[bad].id)'"
            throw RenderError("edgeWidth: edge \(name) has width \(widths[bad].svg); widths must be from 0 to \(StyleNumbers.length.upperBound.svg)")
        }
        var seen: Set<String> = []
        markerColours = colours.filter { seen.insert($0).inserted }
        markerEnd = options.markerEnd
        markerStart = options.markerStart
    }

    /// The id of the marker for `end` ("end" or "start") of kind `marker` in the `colour`-th marker colour.
    static func markerID(_ end: String, _ marker: EdgeMarker, colour: Int) -> String {
        "marker-\(end)-\(marker.rawValue)" + (colour == 0 ? "" : "-\(colour + 1)")
    }

    private var sameColour: Bool { markerColours.count <= 1 }
    private var sameWidth: Bool { widths.allSatisfy { $0 == widths.first } }

    /// Attributes every edge shares, for the edge group.
    var shared: [(String, String)] {
        var attributes: [(String, String)] = []
        if sameColour, let colour = colours.first { attributes.append(("stroke", colour)) }
        if sameWidth, let width = widths.first { attributes.append(("stroke-width", width.svg)) }
        if sameColour { attributes += markers(colour: 0) }
        return attributes
    }

    /// Attributes of edge `k` that not every edge shares.
    func own(_ k: Int) -> [(String, String)] {
        var attributes: [(String, String)] = []
        if !sameColour { attributes.append(("stroke", colours[k])) }
        if !sameWidth { attributes.append(("stroke-width", widths[k].svg)) }
        if !sameColour { attributes += markers(colour: markerColours.firstIndex(of: colours[k])!) }
        return attributes
    }

    private func markers(colour: Int) -> [(String, String)] {
        [(markerEnd, "end"), (markerStart, "start")].compactMap { marker, end in
            marker.map { ("marker-\(end)", "url(#\(EdgeStyle.markerID(end, $0, colour: colour)))") }
        }
    }
}
