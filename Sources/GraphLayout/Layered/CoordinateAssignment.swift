/// The fourth step of a layered layout: where each vertex sits across the layers. Each pass pulls every vertex
/// towards the mean of its neighbours in the layer just placed (down, then up; the last pass both sides at once)
/// and then puts the layer back in order with its gaps, moving the boxes as little as possible in the least-squares
/// sense (pool-adjacent-violators over the layer). Bends pull harder, so long edges run straight.
enum CoordinateAssignment {
    /// How much more a bend's pull counts than a box's.
    static let bendWeight = 8.0

    /// The centre of each vertex across the layers, the smallest box edge at 0: boxes of a layer never closer than
    /// `separation` (half of it beside a bend). `check` is called with each layer's work.
    static func centres(_ diagram: LayeredDiagram, separation: Double, passes: Int,
                        check: (Int) throws -> Void) throws -> [Double] {
        var centre = Array(repeating: 0.0, count: diagram.vertexCount)
        for layer in diagram.layers {
            for (i, vertex) in layer.enumerated() {
                centre[vertex] = i == 0 ? diagram.across[vertex] / 2
                    : centre[layer[i - 1]] + gap(layer[i - 1], vertex, diagram, separation)
            }
        }
        for pass in 0..<passes {
            let last = pass == passes - 1
            for layer in diagram.layers.indices.dropFirst() {
                place(diagram.layers[layer], towards: last ? [diagram.above, diagram.below] : [diagram.above],
                      diagram, separation, &centre)
                try check(diagram.layers[layer].count)
            }
            for layer in diagram.layers.indices.reversed().dropFirst() {
                place(diagram.layers[layer], towards: last ? [diagram.above, diagram.below] : [diagram.below],
                      diagram, separation, &centre)
                try check(diagram.layers[layer].count)
            }
        }
        let lowest = (0..<diagram.vertexCount).map { centre[$0] - diagram.across[$0] / 2 }.min() ?? 0
        return centre.map { $0 - lowest }
    }

    /// The least distance between the centres of neighbours `a` and `b` of a layer.
    private static func gap(_ a: Int, _ b: Int, _ diagram: LayeredDiagram, _ separation: Double) -> Double {
        (diagram.across[a] + diagram.across[b]) / 2
            + (diagram.isBend(a) || diagram.isBend(b) ? separation / 2 : separation)
    }

    /// Moves one layer's vertices towards the mean centre of their neighbours in `towards`, keeping their order and
    /// gaps: the weighted isotonic regression of the wished centres less each vertex's offset from the first.
    private static func place(_ layer: [Int], towards: [[[Int]]], _ diagram: LayeredDiagram, _ separation: Double,
                              _ centre: inout [Double]) {
        guard !layer.isEmpty else { return }
        var offset = [0.0]
        for i in layer.indices.dropFirst() { offset.append(offset[i - 1] + gap(layer[i - 1], layer[i], diagram, separation)) }
        // Blocks of neighbouring vertices that share one shifted position: weight, weighted sum, size.
        var blocks: [(weight: Double, sum: Double, count: Int)] = []
        for (i, vertex) in layer.enumerated() {
            var sum = 0.0, count = 0
            for side in towards {
                for neighbour in side[vertex] { sum += centre[neighbour] }
                count += side[vertex].count
            }
            let wished = count == 0 ? centre[vertex] : sum / Double(count)
            let weight = count == 0 ? 0.01 : diagram.isBend(vertex) ? bendWeight : 1
            blocks.append((weight, weight * (wished - offset[i]), 1))
            while blocks.count > 1, blocks[blocks.count - 2].sum / blocks[blocks.count - 2].weight
                    > blocks[blocks.count - 1].sum / blocks[blocks.count - 1].weight {
                let last = blocks.removeLast()
                blocks[blocks.count - 1].weight += last.weight
                blocks[blocks.count - 1].sum += last.sum
                blocks[blocks.count - 1].count += last.count
            }
        }
        var i = 0
        for block in blocks {
            let shifted = block.sum / block.weight
            for _ in 0..<block.count {
                centre[layer[i]] = shifted + offset[i]
                i += 1
            }
        }
    }
}
