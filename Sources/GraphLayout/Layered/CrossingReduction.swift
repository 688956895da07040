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
        let above = FlatNeighbours(diagram.above), below = FlatNeighbours(diagram.below)
        var counter = CrossingCounter(below: below, widest: diagram.layers.map(\.count).max() ?? 0)
        var best = diagram.layers, fewest = try counter.count(diagram.layers, position, check: check)
        let work = diagram.vertexCount + diagram.below.reduce(0) { $0 + $1.count }
        for _ in 0..<sweeps where fewest > 0 {
            for layer in diagram.layers.indices.dropFirst() {
                sort(&diagram.layers[layer], by: above, position: &position)
                try check(diagram.layers[layer].count)
            }
            for layer in diagram.layers.indices.reversed().dropFirst() {
                sort(&diagram.layers[layer], by: below, position: &position)
                try check(diagram.layers[layer].count)
            }
            try transpose(&diagram, above: above, below: below, position: &position, check: check)
            let count = try counter.count(diagram.layers, position, check: check)
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
    private static func sort(_ layer: inout [Int], by neighbours: FlatNeighbours, position: inout [Int]) {
        let keys = layer.map { vertex -> Double in
            let around = neighbours.start[vertex]..<neighbours.start[vertex + 1]
            return around.isEmpty ? Double(position[vertex])
                : Double(around.reduce(0) { $0 + position[neighbours.neighbours[$1]] }) / Double(around.count)
        }
        layer = layer.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { layer[$0] }
        for (i, vertex) in layer.enumerated() { position[vertex] = i }
    }

    /// The most passes of neighbour swaps after a sweep.
    static let transposePasses = 4

    /// Swaps neighbouring vertices of a layer while the swap crosses fewer edges with both layers around, pass
    /// after pass until one swaps nothing (at most `transposePasses`).
    private static func transpose(_ diagram: inout LayeredDiagram, above: FlatNeighbours, below: FlatNeighbours,
                                  position: inout [Int], check: (Int) throws -> Void) throws {
        for _ in 0..<transposePasses {
            var improved = false
            for layer in diagram.layers.indices {
                var order = diagram.layers[layer]
                for i in order.indices.dropLast() {
                    let a = order[i], b = order[i + 1]
                    let kept = pairCrossings(a, b, above, below, position), swapped = pairCrossings(b, a, above, below, position)
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
    private static func pairCrossings(_ left: Int, _ right: Int, _ above: FlatNeighbours, _ below: FlatNeighbours,
                                      _ position: [Int]) -> Int {
        sideCrossings(left, right, above, position) + sideCrossings(left, right, below, position)
    }

    /// The crossings between the edges of `left` and `right` to the neighbours on one `side`.
    private static func sideCrossings(_ left: Int, _ right: Int, _ side: FlatNeighbours, _ position: [Int]) -> Int {
        var count = 0
        for i in side.start[left]..<side.start[left + 1] {
            let u = position[side.neighbours[i]]
            for j in side.start[right]..<side.start[right + 1] where u > position[side.neighbours[j]] { count += 1 }
        }
        return count
    }
}

/// Each vertex's neighbours on one side in two flat arrays (vertex `v`'s are `neighbours[start[v]..<start[v + 1]]`,
/// in the order of the diagram's lists), so the sweeps read them without following a pointer per vertex.
struct FlatNeighbours {
    /// Where each vertex's neighbours begin, and their end after the last vertex.
    let start: [Int]
    /// Every vertex's neighbours, vertex after vertex.
    let neighbours: [Int]

    /// The flat form of `lists`.
    init(_ lists: [[Int]]) {
        var start = [0]
        start.reserveCapacity(lists.count + 1)
        for list in lists { start.append(start.last! + list.count) }
        self.start = start
        neighbours = lists.flatMap { $0 }
    }
}

/// Counts the crossings of a diagram's orders: between each pair of neighbouring layers, the inversions of the lower
/// ends when the edges are sorted by their upper ends, accumulated in a Fenwick tree (Barth, Jünger and Mutzel's
/// method: O(edges · log(layer width))). Its buffers are kept from one count to the next.
struct CrossingCounter {
    private let below: FlatNeighbours
    private var tree: [Int], ends: [Int] = []

    /// A counter for the diagram whose lower neighbours are `below` and whose widest layer has `widest` vertices.
    init(below: FlatNeighbours, widest: Int) {
        self.below = below
        tree = Array(repeating: 0, count: widest + 1)
    }

    /// The crossings of `layers` with each vertex at `position` in its layer; `check` is called with each layer's
    /// work.
    mutating func count(_ layers: [[Int]], _ position: [Int], check: (Int) throws -> Void) throws -> Int {
        var total = 0
        for layer in layers.indices.dropLast() {
            let width = layers[layer + 1].count
            for i in 0...width { tree[i] = 0 }
            var seen = 0
            for upper in layers[layer] {
                ends.removeAll(keepingCapacity: true)
                for i in below.start[upper]..<below.start[upper + 1] { ends.append(position[below.neighbours[i]]) }
                if ends.count > 1 { ends.sort() }
                for lower in ends {
                    var i = lower + 1, atOrBefore = 0
                    while i > 0 { atOrBefore += tree[i]; i -= i & -i }
                    total += seen - atOrBefore
                    i = lower + 1
                    while i <= width { tree[i] += 1; i += i & -i }
                    seen += 1
                }
            }
            try check(layers[layer].count + seen)
        }
        return total
    }
}
