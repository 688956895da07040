import D3Random
import Foundation

/// Building generated graphs from node counts and index pairs.
extension Graph {
    /// How many nodes or edges a generator inserts between two calls of its `check`: a `WorkMeter`'s stride.
    static let checkStride = WorkMeter.stride

    /// A graph with nodes "0" ..< "count", the given data, and edges "e0", "e1"... between node indices. `check` is
    /// called with the count of nodes or edges about to be inserted, every `checkStride` of them, and may throw to
    /// stop (a time or work limit).
    static func generated(
        nodeCount: Int, edges: [(Int, Int)], check: (Int) throws -> Void, data: (Int) -> [String: DataValue] = { _ in [:] }
    ) rethrows -> Graph {
        let graph = Graph()
        let ids = (0..<nodeCount).map { String($0) }
        for index in 0..<nodeCount {
            if index % checkStride == 0 { try check(min(checkStride, nodeCount - index)) }
            graph.insertNode(Node(id: ids[index], data: data(index)))
        }
        for (number, (source, target)) in edges.enumerated() {
            if number % checkStride == 0 { try check(min(checkStride, edges.count - number)) }
            graph.insertEdge(Edge(id: "e\(number)", source: ids[source], target: ids[target]))
        }
        return graph
    }

    /// Calls `body` with the positions in 0 ..< count that pass a Bernoulli(p) draw, skipping geometrically
    /// (Batagelj and Brandes) so the cost follows the number of hits, not `count`.
    static func bernoulliPositions(count: Int, p: Double, random: inout LCG, _ body: (Int) -> Void) {
        guard p > 0, count > 0 else { return }
        if p >= 1 {
            for position in 0..<count { body(position) }
            return
        }
        let logMiss = log(1 - p)
        var position = -1
        while true {
            position += 1 + Int((log(1 - random.next()) / logMiss).rounded(.down))
            guard position < count else { return }
            body(position)
        }
    }

    /// The pair (i, j), j < i, at a position in the lower triangle enumerated row by row.
    static func trianglePair(_ position: Int) -> (Int, Int) {
        var row = Int(((1 + (1 + 8 * Double(position)).squareRoot()) / 2).rounded(.down))
        while row * (row - 1) / 2 > position { row -= 1 }
        while (row + 1) * row / 2 <= position { row += 1 }
        return (row, position - row * (row - 1) / 2)
    }
}
