import D3Random
import GraphModel

/// Minimises a stress model by majorization, one node at a time (each move can only lower the stress).
enum StressMajorization {
    /// Scales `positions` by the factor that minimises the model's stress, then moves each coordinate by up to
    /// `jitter` (seeded), so that nodes the start put on one point can part.
    static func fit<Vector: SIMD, Model: StressModel>(_ positions: inout [Vector], model: Model, jitter: Double,
                                                      random: inout LCG) where Vector.Scalar == Double {
        var matched = 0.0, squared = 0.0
        for i in 0..<model.nodeCount {
            model.forEachTerm(of: i) { j, d, w in
                let length = distance(positions[i], positions[j])
                matched += w * d * length
                squared += w * length * length
            }
        }
        let factor = squared > 0 ? matched / squared : 1
        for i in positions.indices {
            var shift = Vector()
            for axis in 0..<Vector.scalarCount { shift[axis] = (random.next() - 0.5) * 2 * jitter }
            positions[i] = positions[i] * factor + shift
        }
    }

    /// Runs up to `iterations` sweeps over the nodes, stopping when a sweep lowers the stress by less than
    /// `tolerance` of it; returns the sweeps run and whether it stopped that way. `check` runs after each sweep with
    /// the number of terms it visited and may throw to stop (an interrupt or a limit).
    static func run<Vector: SIMD, Model: StressModel>(_ positions: inout [Vector], model: Model, iterations: Int,
                                                      tolerance: Double, check: (Int) throws -> Void) throws
        -> (iterations: Int, converged: Bool)
    where Vector.Scalar == Double {
        var previous = Double.infinity
        for sweep in 0..<iterations {
            let (stress, terms) = self.sweep(&positions, model: model)
            try check(terms)
            if stress == 0 || (previous.isFinite && abs(previous - stress) <= tolerance * previous) { return (sweep + 1, true) }
            previous = stress
        }
        return (iterations, false)
    }

    /// Moves each node in turn to the minimum of its majorizing function; returns the stress summed over the
    /// nodes' terms as each node found them, and the number of terms.
    private static func sweep<Vector: SIMD, Model: StressModel>(_ positions: inout [Vector], model: Model)
        -> (stress: Double, terms: Int)
    where Vector.Scalar == Double {
        var stress = 0.0, terms = 0
        for i in 0..<model.nodeCount {
            let here = positions[i]
            var target = Vector(), total = 0.0
            model.forEachTerm(of: i) { j, d, w in
                let other = positions[j]
                let offset = here - other
                let length = (offset * offset).sum().squareRoot()
                stress += w * (length - d) * (length - d)
                target += w * (length > 0 ? other + offset * (d / length) : other)
                total += w
                terms += 1
            }
            if total > 0 { positions[i] = target / total }
        }
        return (stress, terms)
    }

    /// The Euclidean distance between two points.
    static func distance<Vector: SIMD>(_ a: Vector, _ b: Vector) -> Double where Vector.Scalar == Double {
        let offset = a - b
        return (offset * offset).sum().squareRoot()
    }
}
