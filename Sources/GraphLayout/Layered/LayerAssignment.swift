/// The second step of a layered layout: each node's layer, so that every edge of an acyclic graph runs from a
/// lower layer to a higher one.
enum LayerAssignment {
    /// The layers (from 0) of the nodes of the acyclic `edges`, by `ranking`; `check` is called with the work of
    /// each pass and may throw to stop.
    static func layers(nodeCount n: Int, edges: [(Int, Int)], ranking: LayerRanking,
                       check: (Int) throws -> Void) throws -> [Int] {
        var predecessors = Array(repeating: [Int](), count: n), successors = Array(repeating: [Int](), count: n)
        for (source, target) in edges {
            successors[source].append(target)
            predecessors[target].append(source)
        }
        var layer = try longestPath(predecessors: predecessors, successors: successors, check: check)
        if ranking == .tight { try tighten(&layer, predecessors: predecessors, successors: successors, check: check) }
        let lowest = layer.min() ?? 0
        return layer.map { $0 - lowest }
    }

    /// Each node one layer after its furthest predecessor, in topological order (Kahn's, by node order).
    private static func longestPath(predecessors: [[Int]], successors: [[Int]], check: (Int) throws -> Void) throws -> [Int] {
        let n = predecessors.count
        var waiting = predecessors.map(\.count), layer = Array(repeating: 0, count: n)
        var ready = (0..<n).filter { waiting[$0] == 0 }, head = 0
        while head < ready.count {
            let node = ready[head]
            head += 1
            for next in successors[node] {
                layer[next] = max(layer[next], layer[node] + 1)
                waiting[next] -= 1
                if waiting[next] == 0 { ready.append(next) }
            }
            try check(successors[node].count + 1)
        }
        return layer
    }

    /// Moves each node, within the room its predecessors and successors leave, towards the side it has more edges
    /// on (which shortens its edges in all), pass after pass until no node moves.
    private static func tighten(_ layer: inout [Int], predecessors: [[Int]], successors: [[Int]],
                                check: (Int) throws -> Void) throws {
        let n = layer.count
        for _ in 0..<max(n, 1) {
            var moved = false
            for node in 0..<n {
                let before = predecessors[node].count, after = successors[node].count
                if after > before, let room = successors[node].map({ layer[$0] - 1 }).min(), room > layer[node] {
                    layer[node] = room
                    moved = true
                } else if before > after, let room = predecessors[node].map({ layer[$0] + 1 }).max(), room < layer[node] {
                    layer[node] = room
                    moved = true
                }
            }
            try check(n + predecessors.reduce(0) { $0 + $1.count })
            if !moved { break }
        }
    }
}
