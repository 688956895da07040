/// Options for a graph picture; each default gives a readable picture.
public struct GraphSVGOptions {
    /// Picture width in pixels.
    public var width: Double = 800
    /// Picture height in pixels.
    public var height: Double = 600
    /// Space in pixels kept free around the content when fitting.
    public var padding: Double = 20
    /// Fit the content, or an explicit zoom and pan.
    public var viewport: PictureFraming = .fit
    /// Title drawn at the top; nil for none.
    public var title: String?
    /// Background colour; nil for transparent.
    public var background: String? = "#ffffff"
    /// Node fill; nil colours nodes by group from `palette` (as does a data field whose values are not colours).
    public var nodeFill: StyleValue<String>?
    /// The node data field whose values group the nodes for the scene a reader makes (`GraphScene(graph:group:)`):
    /// they colour the nodes from `palette` and make the legend when `nodeFill` is nil.
    public var group = "group"
    /// Node outline colour.
    public var nodeStroke: StyleValue<String> = .constant("#ffffff")
    /// Node outline width in pixels; a circle's outline is at most a quarter of its radius, so it never hides it.
    public var nodeStrokeWidth: Double = 1.5
    /// Circle radius in world units (scaled by the zoom).
    public var nodeRadius: StyleValue<Double> = .constant(5)
    /// Colours for groups, used in sorted group order and repeated when there are more groups.
    public var palette: [String] = Palette.tableau10
    /// Which node labels are drawn.
    public var labels: LabelMode = .auto
    /// Font size of labels in pixels.
    public var fontSize: Double = 11
    /// Edge routing.
    public var edgeType: EdgeType = .straight
    /// Edge colour.
    public var edgeStroke: StyleValue<String> = .constant("#999999")
    /// Edge width in pixels.
    public var edgeStrokeWidth: StyleValue<Double> = .constant(1.2)
    /// Edge opacity from 0 to 1.
    public var edgeOpacity: Double = 0.8
    /// Marker at the target end.
    public var markerEnd: EdgeMarker?
    /// Marker at the source end.
    public var markerStart: EdgeMarker?
    /// Corner radius of smoothstep edges in pixels.
    public var edgeBorderRadius: Double = 5
    /// Distance in pixels step edges run straight out of a node before turning; also the least bulge of bezier edges.
    public var edgeOffset: Double = 20
    /// Whether a legend is drawn when nodes are coloured by a group or data field mapped to the palette.
    public var legend: Bool = true
    /// Heading of the legend box.
    public var legendTitle: String?
    /// Fill of parent frames.
    public var frameFill: String = "#f4f6f9"
    /// Outline of parent frames.
    public var frameStroke: String = "#9aa5b1"

    /// Whether nodes with a fixed coordinate (`GraphScene.Node.isFixed`) get a dark ring.
    public var fixedMark: Bool = true
    /// Arrows from the node centres, drawn over the graph.
    public var arrows: [NodeArrows] = []
    /// World units of arrow per unit of vector; nil scales the longest arrow to `longestArrow` pixels.
    public var arrowScale: Double?
    /// The Barnes-Hut cells of one node's many-body sum, drawn over the graph.
    public var cells: CellOverlay?

    /// The length in pixels of the longest arrow when `arrowScale` is nil.
    public static let longestArrow = 48.0

    /// Options with every default.
    public init() {}

    /// The range a numeric option must lie in, for readers that check options by key path (the Lua options).
    public static func range(of option: PartialKeyPath<GraphSVGOptions>) -> ClosedRange<Double>? {
        switch option {
        case \.width, \.height: PictureSize.sides
        case \.padding, \.nodeStrokeWidth, \.edgeOffset, \.edgeBorderRadius: StyleNumbers.length
        case \.fontSize: StyleNumbers.fontSize
        case \.edgeOpacity: StyleNumbers.opacity
        case \.arrowScale: StyleNumbers.scale
        default: nil
        }
    }
}
