/// A per-node value: one constant, one value per node, or a function of the node index.
public enum NodeValue<Value> {
    /// The same value for every node.
    case constant(Value)
    /// One value per node, in node order; the count must match the node count.
    case values([Value])
    /// A function from node index to value.
    case compute((Int) -> Value)

    /// The value for node `index`.
    func value(at index: Int) -> Value {
        switch self {
        case .constant(let v): return v
        case .values(let vs): return vs[index]
        case .compute(let f): return f(index)
        }
    }

    /// Throws when a value list does not have one entry per node.
    func check(count: Int, name: String) throws {
        if case .values(let vs) = self, vs.count != count {
            throw RenderError("\(name) has \(vs.count) values but the graph has \(count) nodes")
        }
    }
}

/// How edges are routed, as React Flow's edge types.
public enum EdgeType: String, CaseIterable, Sendable {
    /// A straight segment between the node borders.
    case straight
    /// A cubic curve leaving and entering perpendicular to the node sides.
    case bezier
    /// Horizontal and vertical segments with sharp corners.
    case step
    /// Horizontal and vertical segments with rounded corners.
    case smoothstep
}

/// An arrow head at an edge end, as React Flow's marker types.
public enum EdgeMarker: String, CaseIterable, Sendable {
    /// An open chevron.
    case arrow
    /// A filled triangle.
    case arrowClosed
}

/// Which node labels are drawn.
public enum LabelMode: String, CaseIterable, Sendable {
    /// Box labels always; circle labels for up to 60 nodes, skipping any that would overlap one already drawn.
    case auto
    /// Every label, even when labels overlap.
    case always
    /// No node labels (box nodes stay blank).
    case never
}

/// Which part of the world the picture shows.
public enum Viewport: Equatable, Sendable {
    /// Fit all content (nodes, labels, frames) into the picture with `GraphSVGOptions.padding` around it.
    case fit
    /// React Flow's viewport: a screen point is world × zoom + (x, y).
    case explicit(zoom: Double, x: Double, y: Double)
}

/// Options for a graph picture; each default gives a readable picture.
public struct GraphSVGOptions {
    /// Picture width in pixels.
    public var width: Double = 800
    /// Picture height in pixels.
    public var height: Double = 600
    /// Space in pixels kept free around the content when fitting.
    public var padding: Double = 20
    /// Fit the content, or an explicit zoom and pan.
    public var viewport: Viewport = .fit
    /// Title drawn at the top; nil for none.
    public var title: String?
    /// Background colour; nil for transparent.
    public var background: String? = "#ffffff"
    /// Node fill; nil colours nodes by group from `palette`.
    public var nodeFill: NodeValue<String>?
    /// Node outline colour.
    public var nodeStroke: NodeValue<String> = .constant("#ffffff")
    /// Node outline width in pixels.
    public var nodeStrokeWidth: Double = 1.5
    /// Circle radius in world units (scaled by the zoom).
    public var nodeRadius: NodeValue<Double> = .constant(5)
    /// Colours for groups, used in sorted group order and repeated when there are more groups.
    public var palette: [String] = Palette.tableau10
    /// Which node labels are drawn.
    public var labels: LabelMode = .auto
    /// Font size of labels in pixels.
    public var fontSize: Double = 11
    /// Edge routing.
    public var edgeType: EdgeType = .straight
    /// Edge colour.
    public var edgeStroke: String = "#999999"
    /// Edge width in pixels.
    public var edgeStrokeWidth: Double = 1.2
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
    /// Whether a legend of the colour groups is drawn when nodes are coloured by group.
    public var legend: Bool = true
    /// Heading of the legend box.
    public var legendTitle: String?
    /// Fill of parent frames.
    public var frameFill: String = "#f4f6f9"
    /// Outline of parent frames.
    public var frameStroke: String = "#9aa5b1"

    /// Options with every default.
    public init() {}
}
