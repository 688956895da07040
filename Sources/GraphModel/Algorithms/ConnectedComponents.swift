/// Connected components: weakly connected (edges taken as undirected; for an undirected graph, its components) by
/// union-find, and strongly connected (edges followed from source to target) by Tarjan's algorithm, without
/// recursion so a long path cannot overflow the stack.
extension Graph {
    /// How components are found and where they are written, with the defaults.
    public struct ComponentSettings: Sendable {
        /// The node data field each node's component number is written to.
        public var field = "component"
        /// Strongly connected components, following edges from source to target; otherwise weakly connected.
        public var strong = false

        /// The defaults.
        public init() {}

        /// No setting is a number.
        public static func range(of setting: PartialKeyPath<ComponentSettings>) -> ClosedRange<Double>? { nil }
    }

    /// Each node's component (in node order), numbered 1, 2, ... from the largest, and the number of components.
    /// `strong` follows edges from source to target (in an undirected graph both ways, the same as weak).
    public func connectedComponents(strong: Bool = false, meter: WorkMeter = WorkMeter()) throws -> (numbers: [Int], count: Int) {
        let pairs = edgeEndIndices
        let labels = strong && directed
            ? try ConnectedComponents.strong(nodeCount: nodeCount, pairs: pairs, meter: meter)
            : try ConnectedComponents.weak(nodeCount: nodeCount, pairs: pairs, meter: meter)
        try meter.flush()
        return GroupNumbering.bySize(labels)
    }
}

/// The two component algorithms over node index pairs.
enum ConnectedComponents {
    /// A label per node, the same for nodes joined by a path of edges in either direction.
    static func weak(nodeCount: Int, pairs: [(Int, Int)], meter: WorkMeter) throws -> [Int] {
        var parent = Array(0..<nodeCount)
        func root(_ v: Int) -> Int {
            var v = v
            while parent[v] != v {
                parent[v] = parent[parent[v]]
                v = parent[v]
            }
            return v
        }
        for (a, b) in pairs {
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            try meter.charge()
        }
        return (0..<nodeCount).map(root)
    }

    /// A label per node, the same for nodes that reach each other along edges from source to target.
    static func strong(nodeCount: Int, pairs: [(Int, Int)], meter: WorkMeter) throws -> [Int] {
        let adjacency = try NodeAdjacency(nodeCount: nodeCount, arcs: pairs.map { ($0.0, $0.1, 1) }, meter: meter)
        var index = [Int](repeating: -1, count: nodeCount), low = [Int](repeating: 0, count: nodeCount)
        var onStack = [Bool](repeating: false, count: nodeCount)
        var label = [Int](repeating: -1, count: nodeCount)
        var stack: [Int] = [], path: [(node: Int, next: Int)] = []
        var counter = 0, components = 0
        for start in 0..<nodeCount where index[start] < 0 {
            index[start] = counter; low[start] = counter; counter += 1
            stack.append(start); onStack[start] = true
            path.append((start, adjacency.offsets[start]))
            while let (v, next) = path.last {
                try meter.charge()
                if next < adjacency.offsets[v + 1] {
                    path[path.count - 1].next += 1
                    let w = adjacency.targets[next]
                    if index[w] < 0 {
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(w); onStack[w] = true
                        path.append((w, adjacency.offsets[w]))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                path.removeLast()
                if let parent = path.last?.node { low[parent] = min(low[parent], low[v]) }
                guard low[v] == index[v] else { continue }
                while let w = stack.popLast() {
                    onStack[w] = false
                    label[w] = components
                    if w == v { break }
                }
                components += 1
            }
        }
        return label
    }
}
