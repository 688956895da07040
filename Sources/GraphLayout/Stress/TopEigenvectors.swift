import D3Random
import GraphModel

/// The leading eigenvectors of a symmetric positive semidefinite matrix, by power iteration with deflation.
enum TopEigenvectors {
    /// The `count` eigenpairs of largest eigenvalue of the row-major `size` × `size` matrix `matrix`, each vector of
    /// unit length; start vectors are drawn from `random`.
    static func of(_ matrix: [Double], size: Int, count: Int, random: inout LCG) -> [(value: Double, vector: [Double])] {
        var found: [(value: Double, vector: [Double])] = []
        for _ in 0..<count {
            var vector = (0..<size).map { _ in random.next() - 0.5 }
            orthogonalise(&vector, against: found.map(\.vector))
            var value = normalise(&vector)
            for _ in 0..<1000 where value > 0 {
                var next = multiply(matrix, size: size, vector)
                orthogonalise(&next, against: found.map(\.vector))
                value = normalise(&next)
                let change = zip(next, vector).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
                vector = next
                if change < 1e-20 { break }
            }
            found.append((value, vector))
        }
        return found
    }

    /// `matrix` × `vector`.
    private static func multiply(_ matrix: [Double], size: Int, _ vector: [Double]) -> [Double] {
        (0..<size).map { row in (0..<size).reduce(0) { $0 + matrix[row * size + $1] * vector[$1] } }
    }

    /// Removes from `vector` its components along the unit vectors `basis`.
    private static func orthogonalise(_ vector: inout [Double], against basis: [[Double]]) {
        for unit in basis {
            let dot = zip(vector, unit).map(*).reduce(0, +)
            for i in vector.indices { vector[i] -= dot * unit[i] }
        }
    }

    /// Scales `vector` to unit length and returns its former length (0 leaves it as it is).
    private static func normalise(_ vector: inout [Double]) -> Double {
        let length = vector.map { $0 * $0 }.reduce(0, +).squareRoot()
        if length > 0 { for i in vector.indices { vector[i] /= length } }
        return length
    }
}
