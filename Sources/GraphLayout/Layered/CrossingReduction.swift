/// The third step of a layered layout: the order of the vertices within each layer, chosen to cross few edges.
/// Each sweep sorts the layers one after another by the barycenter of each vertex's neighbours in the layer just
/// placed (down, then up), then swaps neighbours in a layer while that crosses fewer edges; the best order seen
/// is kept. Ties keep the order before, so the result is deterministic.
enum CrossingReduction {
    /// Orders `diagram.layers` in place over `sweeps` sweeps and returns the number of crossings left (counted
    /// between straight edges of neighbouring layers). `check` is called with each sweep's work.
    static func reduce(_ diagram: inout LayeredDiagram, sweeps: Int, check: (Int) throws -> Void) throws -> Int {
        var position = Array(repeating: 0, count: diagram.vertexCount)
        func index() {
            for layer in diagram.layers { for (i, vertex) in layer.enumerated() { position[vertex] = i } }
        }
        index()
        var best = diagram.layers, fewest = crossings(diagram, position)
        let work = diagram.vertexCount + diagram.below.reduce(0) { $0 + $1.count }
        for _ in 0..<sweeps where fewest > 0 {
            for layer in diagram.layers.indices.dropFirst() {
                sort(&diagram.layers[layer], by: diagram.above, position: &position)
                try check(diagram.layers[layer].count)
            }
            for layer in diagram.layers.indices.reversed().dropFirst() {
                sort(&diagram.layers[layer], by: diagram.below, position: &position)
                try check(diagram.layers[layer].count)
            }
            try transpose(&diagram, position: &position, check: check)
            let count = crossings(diagram, position)
            if count < fewest {
                fewest = count
                best = diagram.layers
            }
            try check(work)
        }
        diagram.layers = best
        return fewest
    }

    /// Sorts one layer by the mean position of each vertex's `neighbours` (a vertex without any keeps its place's
    /// number as its key), stably, and renumbers it.
    private static func sort(_ layer: inout [Int], by neighbours: [[Int]], position: inout [Int]) {
        let keys = layer.map { vertex -> Double in
            let around = neighbours[vertex]
            return around.isEmpty ? Double(position[vertex])
                : Double(around.reduce(0) { $0 + position[$1] }) / Double(around.count)
        }
        layer = layer.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { layer[$0] }
        for (i, vertex) in layer.enumerated() { position[vertex] = i }
    }

    /// The most passes of neighbour swaps after a sweep.
    static let transposePasses = 4

    /// Swaps neighbouring vertices of a layer while the swap crosses fewer edges with both layers around, pass
    /// after pass until one swaps nothing (at most `transposePasses`).
    private static func transpose(_ diagram: inout LayeredDiagram, position: inout [Int], check: (Int) throws -> Void) throws {
        for _ in 0..<transposePasses {
            var improved = false
            for layer in diagram.layers.indices {
                var order = diagram.layers[layer]
                for i in order.indices.dropLast() {
                    let a = order[i], b = order[i + 1]
                    let kept = pairCrossings(a, b, diagram, position), swapped = pairCrossings(b, a, diagram, position)
                    if swapped < kept {
                        order.swapAt(i, i + 1)
                        position[a] = i + 1
                        position[b] = i
                        improved = true
                    }
                }
                diagram.layers[layer] = order
                try check(order.count)
            }
            if !improved { break }
        }
    }

    /// The crossings between the edges of `left` and those of `right` when `left` lies just before `right`.
    private static func pairCrossings(_ left: Int, _ right: Int, _ diagram: LayeredDiagram, _ position: [Int]) -> Int {
        var count = 0
        for u in diagram.above[left] { for v in diagram.above[right] where position[u] > position[v] { count += 1 } }
        for u in diagram.below[left] { for v in diagram.below[right] where position[u] > position[v] { count += 1 } }
        return count
    }

    /// The crossings of the whole diagram: between each pair of neighbouring layers, the inversions of the lower
    /// ends when the edges are sorted by their upper ends (counted with a Fenwick tree).
    static func crossings(_ diagram: LayeredDiagram, _ position: [Int]) -> Int {
        var total = 0
        for layer in diagram.layers.indices.dropLast() {
            let width = diagram.layers[layer + 1].count
            var tree = Array(repeating: 0, count: width + 1), seen = 0
            for upper in diagram.layers[layer] {
                for lower in diagram.below[upper].map({ position[$0] }).sorted() {
                    var i = lower + 1, atOrBefore = 0
                    while i > 0 { atOrBefore += tree[i]; i -= i & -i }
                    total += seen - atOrBefore
                    i = lower + 1
                    while i <= width { tree[i] += 1; i += i & -i }
                    seen += 1
                }
            }
        }
        return total
    }
}
