/// Shortest-path distances in an undirected graph of node indices: hop counts by breadth-first search when edges
/// have no lengths, Dijkstra's algorithm with a binary heap when they do.
public struct ShortestPaths: Sendable {
    /// The number of nodes.
    public let nodeCount: Int
    /// Where each node's neighbours start in `neighbours` (compressed rows: node v's run is offsets[v] ..< offsets[v + 1]).
    public let offsets: [Int]
    /// Each node's distinct neighbours in ascending order, node after node.
    public let neighbours: [Int]
    /// The length of the edge to each entry of `neighbours` (the shortest of repeated edges); nil when unweighted.
    public let lengths: [Double]?

    /// The adjacency of `edges` (node index pairs, undirected; self loops ignored, repeated edges kept once at their
    /// shortest). `lengths`, when given, has one finite positive length per edge.
    public init(nodeCount: Int, edges: [(Int, Int)], lengths edgeLengths: [Double]? = nil) throws {
        if let bad = edges.firstIndex(where: { !(0..<nodeCount).contains($0.0) || !(0..<nodeCount).contains($0.1) }) {
            throw GraphError("edge \(bad + 1) joins \(edges[bad].0) and \(edges[bad].1), but there are \(nodeCount) nodes")
        }
        if let edgeLengths {
            guard edgeLengths.count == edges.count else {
                throw GraphError("there are \(edgeLengths.count) edge lengths for \(edges.count) edges")
            }
            if let bad = edgeLengths.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
                throw GraphError("edge \(bad + 1) has length \(edgeLengths[bad]); a length must be a positive finite number")
            }
        }
        var degree = [Int](repeating: 0, count: nodeCount + 1)
        for (a, b) in edges where a != b {
            degree[a + 1] += 1
            degree[b + 1] += 1
        }
        for v in 0..<nodeCount { degree[v + 1] += degree[v] }
        var fill = degree
        var ends = [(node: Int, length: Double)](repeating: (0, 0), count: degree[nodeCount])
        for (i, (a, b)) in edges.enumerated() where a != b {
            let length = edgeLengths?[i] ?? 1
            ends[fill[a]] = (b, length)
            fill[a] += 1
            ends[fill[b]] = (a, length)
            fill[b] += 1
        }
        var offsets = [0]
        offsets.reserveCapacity(nodeCount + 1)
        var neighbours: [Int] = []
        neighbours.reserveCapacity(ends.count)
        var lengths: [Double] = []
        lengths.reserveCapacity(edgeLengths == nil ? 0 : ends.count)
        for v in 0..<nodeCount {
            let run = ends[degree[v]..<degree[v + 1]].sorted { $0.node < $1.node || ($0.node == $1.node && $0.length < $1.length) }
            for end in run where neighbours.count == offsets[v] || neighbours.last != end.node {
                neighbours.append(end.node)
                if edgeLengths != nil { lengths.append(end.length) }
            }
            offsets.append(neighbours.count)
        }
        self.nodeCount = nodeCount
        self.offsets = offsets
        self.neighbours = neighbours
        self.lengths = edgeLengths == nil ? nil : lengths
    }

    /// The bytes building the adjacency of `nodeCount` nodes and `edgeCount` edges takes at its largest: the edge
    /// pairs handed in (and their lengths when `weighted`), the degree counts, each edge's two ends and the finished
    /// rows; `Int.max` when that overflows.
    public static func memoryNeeded(nodeCount n: Int, edgeCount m: Int, weighted: Bool) -> Int {
        let word = MemoryLayout<Int>.stride, end = MemoryLayout<(node: Int, length: Double)>.stride
        let perEdge = MemoryLayout<(Int, Int)>.stride + 2 * end + 2 * word + (weighted ? word + 2 * word : 0)
        let (edges, edgeOverflow) = max(m, 0).multipliedReportingOverflow(by: perEdge)
        let (nodes, nodeOverflow) = (max(n, 0) + 1).multipliedReportingOverflow(by: 3 * word)
        let (total, overflow) = edges.addingReportingOverflow(nodes)
        return edgeOverflow || nodeOverflow || overflow ? Int.max : total
    }

    /// The positions in `neighbours` (and `lengths`) of node `v`'s neighbours.
    public func range(of v: Int) -> Range<Int> { offsets[v]..<offsets[v + 1] }

    /// The length of the edge at position `k` of `neighbours` (1 when unweighted).
    public func length(at k: Int) -> Double { lengths?[k] ?? 1 }

    /// The distances from `source` to every node; infinity for nodes it cannot reach.
    public func distances(from source: Int) -> [Double] {
        var result: [Double] = []
        distances(from: source, into: &result)
        return result
    }

    /// Writes the distances from `source` into `result` (resized to `nodeCount`), reusing its storage.
    public func distances(from source: Int, into result: inout [Double]) {
        if result.count != nodeCount { result = [Double](repeating: .infinity, count: nodeCount) }
        for i in result.indices { result[i] = .infinity }
        result[source] = 0
        if let lengths { dijkstra(from: source, lengths: lengths, into: &result) } else { breadthFirst(from: source, into: &result) }
    }

    /// Hop counts from `source` by breadth-first search.
    private func breadthFirst(from source: Int, into result: inout [Double]) {
        var queue = [source]
        queue.reserveCapacity(nodeCount)
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            let next = result[v] + 1
            for k in range(of: v) where result[neighbours[k]] == .infinity {
                result[neighbours[k]] = next
                queue.append(neighbours[k])
            }
        }
    }

    /// Weighted distances from `source` by Dijkstra's algorithm; a node may sit in the heap more than once, and
    /// only its first (shortest) removal counts.
    private func dijkstra(from source: Int, lengths: [Double], into result: inout [Double]) {
        var heap = DistanceHeap()
        heap.push(node: source, distance: 0)
        while let (v, distance) = heap.pop() {
            guard distance == result[v] else { continue }
            for k in range(of: v) {
                let candidate = distance + lengths[k]
                if candidate < result[neighbours[k]] {
                    result[neighbours[k]] = candidate
                    heap.push(node: neighbours[k], distance: candidate)
                }
            }
        }
    }
}
