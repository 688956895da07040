/// Arrows drawn from every node's centre: a vector per node in world units (such as a velocity: how far the node
/// moves in one tick).
public struct NodeArrows {
    /// What the arrows show; each kind has its own colour and legend entry.
    public enum Kind: String, CaseIterable, Sendable {
        /// The node's velocity.
        case velocity
        /// The net force on the node: the velocity change one tick's forces make.
        case force

        /// The arrow colour.
        public var colour: String {
            switch self {
            case .velocity: "#1565c0"
            case .force: "#d81b60"
            }
        }

        /// The legend entry.
        public var legendName: String {
            switch self {
            case .velocity: "velocity"
            case .force: "net force"
            }
        }
    }

    /// What the arrows show.
    public var kind: Kind
    /// One vector per node, in scene order.
    public var vectors: [SIMD2<Double>]

    /// Makes a set of arrows.
    public init(kind: Kind, vectors: [SIMD2<Double>]) {
        self.kind = kind
        self.vectors = vectors
    }
}

/// The Barnes-Hut cells one node's many-body sum used, drawn over the graph: cells taken as one body filled
/// faintly, cells opened outlined, leaves whose points acted one by one dotted.
public struct CellOverlay {
    /// How the node's sum used a cell.
    public enum Use: String, CaseIterable, Sendable {
        /// The cell's points acted as one body.
        case approximated
        /// The cell was opened: its children were visited.
        case opened
        /// A leaf whose points acted one by one.
        case direct

        /// The legend entry.
        var legendName: String {
            switch self {
            case .approximated: "cell taken as one body"
            case .opened: "cell opened"
            case .direct: "points taken one by one"
            }
        }

        /// The colour of the cell's outline (and faint fill).
        var colour: String {
            switch self {
            case .approximated: "#2a9d8f"
            case .opened: "#6c757d"
            case .direct: "#e76f51"
            }
        }
    }

    /// One cell: a square in world units and its use.
    public struct Cell {
        /// Lower corner (x, y).
        public var lower: SIMD2<Double>
        /// Upper corner (x, y).
        public var upper: SIMD2<Double>
        /// How the sum used it.
        public var use: Use

        /// Makes a cell.
        public init(lower: SIMD2<Double>, upper: SIMD2<Double>, use: Use) {
            self.lower = lower
            self.upper = upper
            self.use = use
        }
    }

    /// The key's note when cells reach past the part of the picture the graph is fitted into.
    static let cutNote = "outer cells cut off"

    /// The index of the node whose sum is shown (ringed in the picture).
    public var node: Int
    /// The cells, in the visit's order.
    public var cells: [Cell]

    /// Makes an overlay.
    public init(node: Int, cells: [Cell]) {
        self.node = node
        self.cells = cells
    }
}
