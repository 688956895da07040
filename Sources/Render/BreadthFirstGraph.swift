import GraphModel

/// The graph as the stress's breadth-first searches read it: the nodes renumbered in breadth-first order (component
/// after component, each from its lowest-numbered node, neighbours taken in ascending order), so that the nodes a
/// search reaches at one level, and their neighbours, sit close together in memory; neighbours as 32-bit numbers in
/// compressed rows, and the positions in the new order. Renumbering costs one pass over the nodes and edges.
struct BreadthFirstGraph: Sendable {
    /// The number of nodes.
    let nodeCount: Int
    /// Where each node's neighbours start in `neighbours` (node v's are offsets[v] ..< offsets[v + 1]), new numbers.
    let offsets: [UInt32]
    /// Each node's distinct neighbours, by new number.
    let neighbours: [UInt32]
    /// Each node's position, by new number.
    let positions: [SIMD2<Double>]
    /// The new number of each node, by its number in `paths`.
    let newNumber: [UInt32]

    /// Renumbers the adjacency `paths` and `positions` (one per node); a graph whose nodes or neighbour entries do not
    /// fit 32 bits is an error.
    init(paths: ShortestPaths, positions: [SIMD2<Double>]) throws {
        let n = paths.nodeCount
        guard n < Int(UInt32.max), paths.neighbours.count <= Int(UInt32.max) else {
            throw RenderError("the stress's searches hold at most \(UInt32.max - 1) nodes and \(UInt32.max) neighbour entries; this graph has \(n) and \(paths.neighbours.count)")
        }
        let unnumbered = UInt32.max
        var newNumber = [UInt32](repeating: unnumbered, count: n)
        var order = [UInt32]()
        order.reserveCapacity(n)
        paths.offsets.withUnsafeBufferPointer { offsets in
            paths.neighbours.withUnsafeBufferPointer { neighbours in
                for root in 0..<n where newNumber[root] == unnumbered {
                    var head = order.count
                    newNumber[root] = UInt32(truncatingIfNeeded: order.count)
                    order.append(UInt32(truncatingIfNeeded: root))
                    while head < order.count {
                        let u = Int(order[head])
                        head += 1
                        for k in offsets[u]..<offsets[u + 1] where newNumber[neighbours[k]] == unnumbered {
                            newNumber[neighbours[k]] = UInt32(truncatingIfNeeded: order.count)
                            order.append(UInt32(truncatingIfNeeded: neighbours[k]))
                        }
                    }
                }
            }
        }
        var offsets = [UInt32](repeating: 0, count: n + 1)
        var renumbered = [UInt32](repeating: 0, count: paths.neighbours.count)
        var reordered = [SIMD2<Double>](repeating: .zero, count: n)
        var fill = 0
        for (v, old) in order.enumerated() {
            let old = Int(old)
            reordered[v] = positions[old]
            for k in paths.range(of: old) {
                renumbered[fill] = newNumber[paths.neighbours[k]]
                fill += 1
            }
            offsets[v + 1] = UInt32(truncatingIfNeeded: fill)
        }
        nodeCount = n
        self.offsets = offsets
        neighbours = renumbered
        self.positions = reordered
        self.newNumber = newNumber
    }
}
