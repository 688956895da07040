/// The colours and sizes a picture's options give each node and edge of a scene (the one colouring rule for fills
/// and strokes, radii and edge styles checked): what `GraphSVG` draws with, and what `fl.live` sends its pages.
public struct SceneStyle {
    /// Each node's radius in world units.
    public let radii: [Double]
    /// Each node's fill, with the legend's entries when mapped from a data field or group.
    let colouring: GroupColouring
    /// Each node's outline colour.
    public let strokes: [String]
    /// Each edge's colour and width.
    let edges: EdgeStyle

    /// Each node's fill colour.
    public var fills: [String] { colouring.colours }
    /// Each edge's colour.
    public var edgeColours: [String] { edges.colours }
    /// Each edge's width in pixels.
    public var edgeWidths: [Double] { edges.widths }

    /// Resolves `options`' node and edge styles for `scene`; a radius or width out of range is an error naming the
    /// element.
    public init(scene: GraphScene, options: GraphSVGOptions) throws {
        radii = try options.nodeRadius.numbers(for: scene.nodes, option: "radius")
        if let bad = radii.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw RenderError("node '\(scene.nodes[bad].id)' has radius \(radii[bad]); radii must be finite and not negative")
        }
        colouring = try options.nodeFill?.colouring(for: scene.nodes, palette: options.palette, option: "fill")
            ?? GroupColouring(keys: scene.nodes.map(\.group), palette: options.palette)
        strokes = try options.nodeStroke.colouring(for: scene.nodes, palette: options.palette, option: "stroke").colours
        edges = try EdgeStyle(options: options, edges: scene.edges)
    }

    /// Whether circle labels are drawn for `scene` with `options` (`auto`: up to `GraphSVG.autoLabelLimit` nodes).
    public static func labelsShown(_ options: GraphSVGOptions, nodeCount: Int) -> Bool {
        options.labels == .always || (options.labels == .auto && nodeCount <= GraphSVG.autoLabelLimit)
    }
}
