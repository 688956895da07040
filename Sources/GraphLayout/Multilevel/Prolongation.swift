import D3Random
import GraphModel

/// Placing a finer level from the coarser one laid out: each node starts near the node that stands for it.
enum Prolongation {
    /// Positions (`dimensions` per node) for the `group.count` nodes of a finer level: node i at its group's
    /// position in `coarse` times `spread`, plus a seeded jitter uniform in a cube of side `jitter` (drawn from
    /// `random` in node order, so the result depends on the seed only).
    static func positions(
        coarse: [Double], group: [Int], dimensions: Int, spread: Double, jitter: Double, random: inout LCG
    ) -> [Double] {
        var fine = Array(repeating: 0.0, count: group.count * dimensions)
        for (i, g) in group.enumerated() {
            for axis in 0..<dimensions {
                fine[i * dimensions + axis] = coarse[g * dimensions + axis] * spread + (random.next() - 0.5) * jitter
            }
        }
        return fine
    }
}
