/// Core numbers (the k of the innermost k-core holding each node) by Batagelj and Zaversnik's bucket algorithm, in
/// time linear in the edges. The graph is taken as simple, as networkx's `core_number` takes it: repeated edges
/// count once and self-loops not at all; in a directed graph a node's degree is its in-degree plus its out-degree
/// (a pair of opposite edges counts twice).
extension Graph {
    /// Where core numbers are written, with the default.
    public struct CoreSettings: Sendable {
        /// The node data field each node's core number is written to.
        public var field = "core"

        /// The default.
        public init() {}

        /// No setting is a number.
        public static func range(of setting: PartialKeyPath<CoreSettings>) -> ClosedRange<Double>? { nil }
    }

    /// Each node's core number, in node order.
    public func coreNumbers(meter: WorkMeter = WorkMeter()) throws -> [Int] {
        var seen = Set<Int>(), arcs: [(from: Int, to: Int, weight: Double)] = []
        let count = nodeCount
        for (a, b) in edgeEndIndices where a != b {
            let key = directed ? a * count + b : min(a, b) * count + max(a, b)
            guard seen.insert(key).inserted else { continue }
            arcs.append((a, b, 1))
            arcs.append((b, a, 1))
            try meter.charge()
        }
        let adjacency = try NodeAdjacency(nodeCount: count, arcs: arcs, meter: meter)
        var degree = (0..<count).map { adjacency.arcs(of: $0).count }
        let maximum = degree.max() ?? 0
        // Nodes sorted by degree into buckets; position of each node and start of each bucket.
        var start = [Int](repeating: 0, count: maximum + 2)
        for d in degree { start[d + 1] += 1 }
        for d in 0...maximum { start[d + 1] += start[d] }
        var order = [Int](repeating: 0, count: count), position = [Int](repeating: 0, count: count)
        var fill = start
        for v in 0..<count {
            position[v] = fill[degree[v]]
            order[position[v]] = v
            fill[degree[v]] += 1
        }
        for i in 0..<count {
            let v = order[i]
            for arc in adjacency.arcs(of: v) {
                let u = adjacency.targets[arc]
                try meter.charge()
                guard degree[u] > degree[v] else { continue }
                // Move u to the front of its bucket, then shrink the bucket past it: its degree drops by one.
                let du = degree[u], front = start[du], w = order[front]
                if u != w {
                    order[position[u]] = w; position[w] = position[u]
                    order[front] = u; position[u] = front
                }
                start[du] += 1
                degree[u] -= 1
            }
        }
        try meter.flush()
        return degree
    }
}
