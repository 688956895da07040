/// Collects the nodes and edges a reader finds, then checks them (duplicate ids, dangling edges, unknown parents)
/// and builds a Graph, reporting problems at the place in the file they came from.
struct GraphBuilder {
    /// Where an item sits in its file: a line and column when known, and a label such as "links[3]".
    struct Place {
        /// The 1-based line.
        var line: Int?
        /// The 1-based column.
        var column: Int?
        /// A label naming the item, such as "links[3]"; empty when the line says enough.
        var label: String
    }

    /// The file being read, for messages.
    let file: String
    /// Whether the graph's edges are directed (each format says how it tells, and its default).
    var directed = true
    /// Whether an edge id met before is dropped (the edge gets the id it would have without one) instead of failing
    /// the read: networkx numbers a multigraph's edges per pair of nodes.
    var dropsRepeatedEdgeIds = false
    /// Turns a node's place number into a place.
    let nodePlace: (Int) -> Place
    /// Turns an edge's place number into a place.
    let edgePlace: (Int) -> Place
    /// The nodes in file order.
    private(set) var nodes: [Node] = []
    /// The index of each node id in `nodes`.
    private var nodeIndex: [String: Int] = [:]
    /// The place number of each node.
    private var nodePlaces: [Int] = []
    /// The edges in file order; an empty id is generated at build time.
    private var edges: [Edge] = []
    /// The place number of each edge.
    private var edgePlaces: [Int] = []
    /// The indexes in `nodes` of each edge's source and target, -1 where the reader left them to be looked up.
    private var edgeEnds: [(source: Int, target: Int)] = []

    /// A builder whose places are line numbers.
    init(file: String) {
        self.init(file: file, nodePlace: { Place(line: $0 > 0 ? $0 : nil, label: "") },
                  edgePlace: { Place(line: $0 > 0 ? $0 : nil, label: "") })
    }

    /// A builder with its own place descriptions.
    init(file: String, nodePlace: @escaping (Int) -> Place, edgePlace: @escaping (Int) -> Place) {
        self.file = file
        self.nodePlace = nodePlace
        self.edgePlace = edgePlace
    }

    /// An error at a place.
    func error(_ message: String, at place: Place) -> GraphFileError {
        GraphFileError(
            file: file, line: place.line, column: place.column,
            message: place.label.isEmpty ? message : "\(place.label): \(message)")
    }

    /// Makes room for `count` more nodes.
    mutating func reserve(nodes count: Int) {
        nodes.reserveCapacity(nodes.count + count)
        nodeIndex.reserveCapacity(nodeIndex.count + count)
        nodePlaces.reserveCapacity(nodePlaces.count + count)
    }

    /// Makes room for `count` more edges.
    mutating func reserve(edges count: Int) {
        edges.reserveCapacity(edges.count + count)
        edgePlaces.reserveCapacity(edgePlaces.count + count)
        edgeEnds.reserveCapacity(edgeEnds.count + count)
    }

    /// True when a node has this id.
    func hasNode(_ id: String) -> Bool { nodeIndex[id] != nil }

    /// Adds a node; a duplicate id is an error.
    mutating func addNode(_ node: Node, at place: Int) throws {
        guard nodeIndex[node.id] == nil else {
            throw error("duplicate node id '\(node.id)'", at: nodePlace(place))
        }
        append(node, at: place)
    }

    /// Adds a node with this id unless there is one (for formats where edges declare nodes); returns its index.
    @discardableResult
    mutating func ensureNode(_ id: String, at place: Int) -> Int {
        if let index = nodeIndex[id] { return index }
        append(Node(id: id), at: place)
        return nodes.count - 1
    }

    /// Adds a node whose id is new.
    private mutating func append(_ node: Node, at place: Int) {
        nodeIndex[node.id] = nodes.count
        nodes.append(node)
        nodePlaces.append(place)
    }

    /// Changes a node already added.
    mutating func updateNode(_ id: String, _ body: (inout Node) -> Void) {
        if let index = nodeIndex[id] { body(&nodes[index]) }
    }

    /// Adds an edge; an empty id gets one generated at build time. `ends` gives the node indexes of its source and
    /// target when the reader knows them, -1 to look them up.
    mutating func addEdge(_ edge: Edge, at place: Int, ends: (source: Int, target: Int) = (-1, -1)) {
        edges.append(edge)
        edgePlaces.append(place)
        edgeEnds.append(ends)
    }

    /// Checks everything, gives the edges without an id theirs, and builds the graph in one go.
    mutating func build() throws -> Graph {
        for (index, node) in nodes.enumerated() {
            if let parent = node.parentId, nodeIndex[parent] == nil {
                throw error("node '\(node.id)': parent '\(parent)' does not exist", at: nodePlace(nodePlaces[index]))
            }
        }
        try checkParentCycles()
        var edgeIndex: [String: Int] = [:]
        edgeIndex.reserveCapacity(edges.count)
        for (index, edge) in edges.enumerated() where !edge.id.isEmpty {
            guard edgeIndex[edge.id] == nil else {
                guard dropsRepeatedEdgeIds else {
                    throw error("duplicate edge id '\(edge.id)'", at: edgePlace(edgePlaces[index]))
                }
                edges[index].id = ""
                continue
            }
            edgeIndex[edge.id] = index
        }
        let fileNamesEdgeIds = !edgeIndex.isEmpty
        for index in edges.indices {
            if edgeEnds[index].source < 0 { edgeEnds[index].source = nodeIndex[edges[index].source] ?? -1 }
            if edgeEnds[index].target < 0 { edgeEnds[index].target = nodeIndex[edges[index].target] ?? -1 }
            guard edgeEnds[index].source >= 0, edgeEnds[index].target >= 0 else {
                let edge = edges[index]
                let end = nodeIndex[edge.source] == nil ? edge.source : edge.target
                let name = edge.id.isEmpty ? "edge \(edge.source) -> \(edge.target)" : "edge '\(edge.id)'"
                throw error("\(name): node '\(end)' does not exist", at: edgePlace(edgePlaces[index]))
            }
            if edges[index].id.isEmpty {
                let id = Self.generatedId(index, avoiding: edgeIndex, fileNamesIds: fileNamesEdgeIds)
                edges[index].id = id
                edgeIndex[id] = index
            }
        }
        let graph = Graph(nodes: nodes, nodeSlots: nodeIndex, edges: edges, edgeSlots: edgeIndex, edgeEnds: edgeEnds)
        graph.directed = directed
        return graph
    }

    /// Throws at the first node (in file order) whose parents lead back to it; every parent exists.
    private func checkParentCycles() throws {
        // 0: not seen, 1: on the chain being followed, 2: known to reach a root.
        var state = [UInt8](repeating: 0, count: nodes.count)
        for start in nodes.indices where state[start] == 0 {
            var chain: [Int] = []
            var current: Int? = start
            while let index = current, state[index] == 0 {
                state[index] = 1
                chain.append(index)
                current = nodes[index].parentId.flatMap { nodeIndex[$0] }
            }
            if let index = current, state[index] == 1 {
                let cycle = chain[chain.firstIndex(of: index)!...].map { nodes[$0].id } + [nodes[index].id]
                throw error("node '\(nodes[index].id)': its parents form a cycle (\(cycle.joined(separator: " -> ")))",
                            at: nodePlace(nodePlaces[index]))
            }
            for index in chain { state[index] = 2 }
        }
    }

    /// Whether reading a file that names no id for the edge at `index` of `graph`, and names every other edge's
    /// id, gives it `id`: so a writer can leave out the ids reading made up (`e3`), which other tools would take
    /// for data (networkx's `id` attribute) or for multigraph keys.
    static func readingGives(_ id: String, toEdgeAt index: Int, of graph: Graph) -> Bool {
        var candidate = "e" + String(index)
        while candidate != id {
            // A made-up id steps aside only for an id another edge has.
            guard id.hasPrefix(candidate), graph.containsEdge(candidate) else { return false }
            candidate += "_"
        }
        return true
    }

    /// The id given to the edge at `index` when the file names none: "e{index}", suffixed while taken; only ids the
    /// file names can take it, as generated ids never clash with each other.
    private static func generatedId(_ index: Int, avoiding taken: [String: Int], fileNamesIds: Bool) -> String {
        var id = "e" + String(index)
        while fileNamesIds, taken[id] != nil { id += "_" }
        return id
    }
}
