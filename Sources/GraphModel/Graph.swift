/// A graph store with React Flow semantics: ordered nodes and edges with string ids, kept indexed for O(1),
/// O(degree) or O(log n) operations on very large graphs.
public final class Graph {
    /// The nodes in order, with their incident edge slots.
    var nodeStore = SlotList<NodeEntry>()
    /// The edges in order.
    var edgeStore = SlotList<Edge>()
    /// The ids of the children of each parent id.
    var children: [String: Set<String>] = [:]
    /// The node ids in order, cached until the next structural change.
    var cachedNodeIds: [String]?
    /// Change observers by token number.
    var observers: [Int: (GraphEvent) -> Void] = [:]
    /// Per-node data observers: node id, then token number.
    var dataObservers: [String: [Int: ([String: DataValue]) -> Void]] = [:]
    /// The last token number handed out.
    var lastToken = 0
    /// What the running operation changed, when someone observes.
    var pendingEvent: GraphEvent?
    /// Node ids whose data changed during the running operation, when someone observes data.
    var pendingDataChanges: [String] = []
    /// How deep in public mutating calls we are.
    var operationDepth = 0

    /// What an empty graph is made with, with the defaults.
    public struct Settings: Sendable {
        /// Whether the edges are directed (source to target).
        public var directed = true

        /// The defaults.
        public init() {}

        /// No setting is a number.
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? { nil }
    }

    /// Whether the edges are directed (source to target); files keep it as each format says (docs/formats.md).
    public var directed: Bool
    /// The visible window saved with React Flow files.
    public var viewport = SavedViewport()
    /// How the node-link JSON file the graph was read from wrote it (d3's way for other graphs).
    public var nodeLinkStyle = NodeLinkStyle()
    /// The ids of the selected nodes, kept in sync with every mutation.
    public internal(set) var selectedNodeIds: Set<String> = []
    /// The ids of the selected edges, kept in sync with every mutation.
    public internal(set) var selectedEdgeIds: Set<String> = []
    /// Changes whenever a node or an edge is added or removed: a simulation re-syncs when it differs.
    public internal(set) var structureVersion = 0
    /// Changes on every mutation.
    public internal(set) var version = 0

    /// An empty graph made with `settings`.
    public init(_ settings: Settings = Settings()) {
        directed = settings.directed
    }

    /// The number of nodes.
    public var nodeCount: Int { nodeStore.count }

    /// The number of edges.
    public var edgeCount: Int { edgeStore.count }

    /// The node with this id.
    public func node(_ id: String) -> Node? {
        nodeStore.slot(of: id).map { nodeStore[$0].node }
    }

    /// The edge with this id.
    public func edge(_ id: String) -> Edge? {
        edgeStore.slot(of: id).map { edgeStore[$0] }
    }

    /// True when a node has this id.
    public func containsNode(_ id: String) -> Bool { nodeStore.slot(of: id) != nil }

    /// True when an edge has this id.
    public func containsEdge(_ id: String) -> Bool { edgeStore.slot(of: id) != nil }

    /// The position of a node in node order (0-based, dense).
    public func index(ofNode id: String) -> Int? {
        nodeStore.slot(of: id).map { nodeStore.index(ofSlot: $0) }
    }

    /// The position of an edge in edge order (0-based, dense).
    public func index(ofEdge id: String) -> Int? {
        edgeStore.slot(of: id).map { edgeStore.index(ofSlot: $0) }
    }

    /// The node at a dense index (0 ..< nodeCount).
    public func node(at index: Int) -> Node {
        precondition(index >= 0 && index < nodeCount, "node index \(index) out of range 0..<\(nodeCount)")
        return nodeStore[nodeStore.slot(atIndex: index)].node
    }

    /// The edge at a dense index (0 ..< edgeCount).
    public func edge(at index: Int) -> Edge {
        precondition(index >= 0 && index < edgeCount, "edge index \(index) out of range 0..<\(edgeCount)")
        return edgeStore[edgeStore.slot(atIndex: index)]
    }

    /// The nodes in order.
    public var nodes: [Node] {
        var result: [Node] = []
        result.reserveCapacity(nodeCount)
        nodeStore.forEachSlot { result.append(nodeStore[$0].node) }
        return result
    }

    /// The edges in order.
    public var edges: [Edge] {
        var result: [Edge] = []
        result.reserveCapacity(edgeCount)
        edgeStore.forEachSlot { result.append(edgeStore[$0]) }
        return result
    }

    /// The node ids in order, as a compact array cached until the next structural change.
    public var nodeIds: [String] {
        if let cachedNodeIds { return cachedNodeIds }
        var ids: [String] = []
        ids.reserveCapacity(nodeCount)
        nodeStore.forEachSlot { ids.append(nodeStore[$0].node.id) }
        cachedNodeIds = ids
        return ids
    }

    /// Calls `body` with each node in order, without copying the node list.
    public func forEachNode(_ body: (Node) throws -> Void) rethrows {
        try nodeStore.forEachSlot { try body(nodeStore[$0].node) }
    }

    /// Calls `body` with each edge in order, without copying the edge list.
    public func forEachEdge(_ body: (Edge) throws -> Void) rethrows {
        try edgeStore.forEachSlot { try body(edgeStore[$0]) }
    }

    /// The ids of a node's direct children (nodes whose parentId is `id`), in node order.
    public func childIds(of id: String) -> [String] {
        guard let ids = children[id] else { return [] }
        return sortedByNodeOrder(ids)
    }

    /// The position of a node in the graph's frame: its own position plus its ancestors'.
    public func absolutePosition(of id: String) -> Point? {
        guard let node = node(id) else { return nil }
        var point = node.position
        var parent = node.parentId
        var steps = 0
        while let parentId = parent, let ancestor = self.node(parentId), steps < nodeCount {
            point.x += ancestor.position.x
            point.y += ancestor.position.y
            if let z = point.z { point.z = z + (ancestor.position.z ?? 0) }
            parent = ancestor.parentId
            steps += 1
        }
        return point
    }

    /// The ids of the nodes among `ids`, in node order.
    public func sortedByNodeOrder<S: Sequence>(_ ids: S) -> [String] where S.Element == String {
        nodeStore.inOrder(ids.compactMap { nodeStore.slot(of: $0) }).map { nodeStore[$0].node.id }
    }

    /// The ids of the edges among `ids`, in edge order.
    public func sortedByEdgeOrder<S: Sequence>(_ ids: S) -> [String] where S.Element == String {
        edgeStore.inOrder(ids.compactMap { edgeStore.slot(of: $0) }).map { edgeStore[$0].id }
    }
}
