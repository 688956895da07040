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

    /// The coarser level whose node `group[i]` stands for node i (groups numbered 0 ..< `groupCount`): node weights
    /// add up, edges inside a group vanish and edges between two groups merge.
    func contracted(to group: [Int], groupCount: Int) -> LevelGraph {
        var weights = Array(repeating: 0.0, count: groupCount)
        for i in 0..<nodeCount { weights[group[i]] += nodeWeights[i] }
        return LevelGraph(
            nodeCount: groupCount, edges: edges.map { (group[$0.0], group[$0.1]) }, edgeWeights: edgeWeights,
            nodeWeights: weights)
    }
}
