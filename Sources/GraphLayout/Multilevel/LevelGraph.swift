/// One level of a multilevel hierarchy: an undirected graph without self-loops or repeated edges, in compressed
/// adjacency form, whose nodes and edges carry how many nodes and edges of the original graph they stand for.
struct LevelGraph {
    /// The number of nodes.
    let nodeCount: Int
    /// Node i's neighbours are `neighbours[offsets[i] ..< offsets[i + 1]]`.
    let offsets: [Int]
    /// The neighbours of every node, in increasing order per node.
    let neighbours: [Int]
    /// The weight of the edge to each entry of `neighbours`.
    let adjacencyWeights: [Double]
    /// How many original nodes each node stands for.
    let nodeWeights: [Double]
    /// Each edge once, as (smaller, larger) node indices in increasing order.
    let edges: [(Int, Int)]
    /// How many original edges each of `edges` stands for.
    let edgeWeights: [Double]

    /// The level of `edges` (self-loops dropped, repeated edges merged with their weights summed) over `nodeCount`
    /// nodes with `nodeWeights`; `edgeWeights` nil counts each edge as 1.
    init(nodeCount: Int, edges input: [(Int, Int)], edgeWeights inputWeights: [Double]? = nil, nodeWeights: [Double]? = nil) {
        self.nodeCount = nodeCount
        self.nodeWeights = nodeWeights ?? Array(repeating: 1, count: nodeCount)
        var keyed: [(key: Int, weight: Double)] = []
        keyed.reserveCapacity(input.count)
        for (k, (a, b)) in input.enumerated() where a != b {
            keyed.append((min(a, b) * nodeCount + max(a, b), inputWeights?[k] ?? 1))
        }
        keyed.sort { $0.key < $1.key }
        var edges: [(Int, Int)] = []
        var weights: [Double] = []
        for entry in keyed {
            if let last = edges.last, last.0 * nodeCount + last.1 == entry.key {
                weights[weights.count - 1] += entry.weight
            } else {
                edges.append((entry.key / nodeCount, entry.key % nodeCount))
                weights.append(entry.weight)
            }
        }
        self.edges = edges
        edgeWeights = weights
        var offsets = Array(repeating: 0, count: nodeCount + 1)
        for (a, b) in edges {
            offsets[a + 1] += 1
            offsets[b + 1] += 1
        }
        for i in 0..<nodeCount { offsets[i + 1] += offsets[i] }
        var next = Array(offsets.dropLast())
        var neighbours = Array(repeating: 0, count: offsets[nodeCount])
        var adjacencyWeights = Array(repeating: 0.0, count: offsets[nodeCount])
        for ((a, b), weight) in zip(edges, weights) {
            neighbours[next[a]] = b
            adjacencyWeights[next[a]] = weight
            next[a] += 1
            neighbours[next[b]] = a
            adjacencyWeights[next[b]] = weight
            next[b] += 1
        }
        self.offsets = offsets
        self.neighbours = neighbours
        self.adjacencyWeights = adjacencyWeights
    }

    /// The positions in `neighbours` of node i's neighbours.
    func range(of i: Int) -> Range<Int> { offsets[i]..<offsets[i + 1] }

    /// The position in `neighbours` of `neighbour` among node i's neighbours (by binary search; it must be one).
    func entry(of neighbour: Int, at i: Int) -> Int {
        var (low, high) = (offsets[i], offsets[i + 1])
        while low < high {
            let middle = (low + high) / 2
            if neighbours[middle] < neighbour { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The coarser level whose node `group[i]` stands for node i (groups numbered 0 ..< `groupCount`): node weights
    /// add up, edges inside a group vanish, edges between two groups merge, and the merged level is thinned to
    /// `keptEdgesPerNode` (so a random graph's coarse levels do not keep nearly all its edges on ever fewer nodes).
    func contracted(to group: [Int], groupCount: Int) -> LevelGraph {
        var weights = Array(repeating: 0.0, count: groupCount)
        for i in 0..<nodeCount { weights[group[i]] += nodeWeights[i] }
        return LevelGraph(
            nodeCount: groupCount, edges: edges.map { (group[$0.0], group[$0.1]) }, edgeWeights: edgeWeights,
            nodeWeights: weights
        ).thinned(keeping: Self.keptEdgesPerNode)
    }

    /// The edges each node of a coarse level keeps, its heaviest: matching a grid, a ladder or a mesh keeps their
    /// coarse levels below this degree, so only graphs of low diameter (random, scale-free) lose edges.
    static let keptEdgesPerNode = 8

    /// This level with only the edges among the `k` heaviest of either end (ties: the lower neighbour index), weights
    /// unchanged; itself when no node has more than `k` edges.
    func thinned(keeping k: Int) -> LevelGraph {
        guard (0..<nodeCount).contains(where: { range(of: $0).count > k }) else { return self }
        var chosen = Array(repeating: false, count: neighbours.count)
        for u in 0..<nodeCount {
            let entries = range(of: u)
            guard entries.count > k else {
                for e in entries { chosen[e] = true }
                continue
            }
            let heaviest = entries.sorted {
                (adjacencyWeights[$0], -neighbours[$0]) > (adjacencyWeights[$1], -neighbours[$1])
            }
            for e in heaviest.prefix(k) { chosen[e] = true }
        }
        var keptEdges: [(Int, Int)] = []
        var keptWeights: [Double] = []
        for u in 0..<nodeCount {
            for e in range(of: u) where u < neighbours[e] {
                let v = neighbours[e]
                let mirror = entry(of: u, at: v)
                guard chosen[e] || chosen[mirror] else { continue }
                keptEdges.append((u, v))
                keptWeights.append(adjacencyWeights[e])
            }
        }
        return LevelGraph(nodeCount: nodeCount, edges: keptEdges, edgeWeights: keptWeights, nodeWeights: nodeWeights)
    }
}
