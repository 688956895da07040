import D3Random
import GraphModel

/// The start of a stress layout: PivotMDS (Brandes and Pich), classical multidimensional scaling of the nodes'
/// distances to the pivots; with every node a pivot it is classical MDS.
enum PivotMDS {
    /// Positions whose distances approximate the graph distances, from the pivots' distance rows; each axis is an
    /// eigenvector of the double-centred squared distances, scaled as classical MDS scales it. `check` runs for each
    /// node in each pass over the rows with the products it computes there and may throw to stop (an interrupt or a
    /// limit).
    static func positions<Vector: SIMD>(pivots: Pivots, nodeCount n: Int, random: inout LCG, check: (Int) throws -> Void) throws
        -> [Vector] where Vector.Scalar == Double {
        let k = pivots.count
        guard n > 0 else { return [] }
        var centred = pivots.distances.map { $0 * $0 }
        var rowMeans = [Double](repeating: 0, count: n), columnMeans = [Double](repeating: 0, count: k)
        for i in 0..<n {
            try check(k)
            for q in 0..<k {
                rowMeans[i] += centred[i * k + q] / Double(k)
                columnMeans[q] += centred[i * k + q] / Double(n)
            }
        }
        let grandMean = columnMeans.reduce(0, +) / Double(k)
        for i in 0..<n {
            for q in 0..<k { centred[i * k + q] = -0.5 * (centred[i * k + q] - rowMeans[i] - columnMeans[q] + grandMean) }
        }
        var product = [Double](repeating: 0, count: k * k)
        for i in 0..<n {
            try check(k * (k + 1) / 2)
            for a in 0..<k {
                let value = centred[i * k + a]
                for b in a..<k { product[a * k + b] += value * centred[i * k + b] }
            }
        }
        for a in 0..<k { for b in 0..<a { product[a * k + b] = product[b * k + a] } }
        let axes = TopEigenvectors.of(product, size: k, count: Vector.scalarCount, random: &random)
        return try (0..<n).map { i in
            try check(k * Vector.scalarCount)
            var point = Vector()
            for (axis, eigen) in axes.enumerated() where eigen.value > 0 {
                let projection = (0..<k).reduce(0) { $0 + centred[i * k + $1] * eigen.vector[$1] }
                point[axis] = projection / eigen.value.squareRoot().squareRoot()
            }
            return point
        }
    }
}
