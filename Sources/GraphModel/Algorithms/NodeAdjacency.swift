/// Compressed neighbour lists over node indices: node v's arcs are `targets[offsets[v] ..< offsets[v + 1]]`, in the
/// order they were given, with their weights. The graph algorithms build what they need from it.
struct NodeAdjacency {
    /// Where each node's arcs start; `offsets[nodeCount]` is the number of arcs.
    let offsets: [Int]
    /// Each arc's far end, node after node.
    let targets: [Int]
    /// Each arc's weight.
    let weights: [Double]

    /// The number of nodes.
    var nodeCount: Int { offsets.count - 1 }

    /// The arcs `from -> to` of `arcs` (node indices below `nodeCount`), each listed under its `from`, charging one
    /// unit of `meter` per arc.
    init(nodeCount: Int, arcs: [(from: Int, to: Int, weight: Double)], meter: WorkMeter) throws {
        var offsets = [Int](repeating: 0, count: nodeCount + 1)
        for arc in arcs { offsets[arc.from + 1] += 1 }
        for v in 0..<nodeCount { offsets[v + 1] += offsets[v] }
        var fill = offsets
        var targets = [Int](repeating: 0, count: arcs.count), weights = [Double](repeating: 0, count: arcs.count)
        for arc in arcs {
            targets[fill[arc.from]] = arc.to
            weights[fill[arc.from]] = arc.weight
            fill[arc.from] += 1
            try meter.charge()
        }
        self.offsets = offsets
        self.targets = targets
        self.weights = weights
    }

    /// The positions of node v's arcs in `targets` and `weights`.
    func arcs(of v: Int) -> Range<Int> { offsets[v]..<offsets[v + 1] }
}

/// Numbers groups of nodes 1, 2, ... from the largest down (groups of equal size in the order of their first node),
/// so that the largest component or community is 1 whatever order an algorithm found them in.
enum GroupNumbering {
    /// `labels` (any non-negative group label per node) renumbered; and the number of groups.
    static func bySize(_ labels: [Int]) -> (numbers: [Int], count: Int) {
        var size: [Int: Int] = [:], first: [Int: Int] = [:]
        for (node, label) in labels.enumerated() {
            size[label, default: 0] += 1
            if first[label] == nil { first[label] = node }
        }
        let order = size.keys.sorted { size[$0]! != size[$1]! ? size[$0]! > size[$1]! : first[$0]! < first[$1]! }
        var number: [Int: Int] = [:]
        for (offset, label) in order.enumerated() { number[label] = offset + 1 }
        return (labels.map { number[$0]! }, order.count)
    }
}
