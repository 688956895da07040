import D3Random
import GraphModel

/// Stress after optimal scaling (weights 1/d², as `fl.metrics` measures it) estimated from a few breadth-first
/// sources (every node on small graphs, where that is the stress itself), to compare two layouts of one graph on the
/// same pairs.
struct SampledStress {
    /// The sources on which a multilevel stage (the polish, the descents) is compared with the layout before it.
    static let comparedSources = 20
    /// Up to this many nodes every node is a source: 20 sampled sources once kept a descent that raised G(300)'s
    /// stress (0.1504 → 0.1530, measured over every pair), and every pair of 2,000 nodes is a few million.
    static let everySourceNodeLimit = 2000
    /// The sources, drawn once.
    let sources: [Int]
    /// The graph's adjacency.
    let paths: ShortestPaths

    /// Every node of `paths` as a source up to `everySourceNodeLimit` nodes; above, `count` sources drawn (with
    /// repeats allowed) from `random`.
    init(paths: ShortestPaths, count: Int, random: inout LCG) {
        self.paths = paths
        let n = paths.nodeCount
        sources = n <= Self.everySourceNodeLimit ? Array(0..<n) : (0..<count).map { _ in random.next(below: n) }
    }

    /// The estimate for `coordinates` (`dimensions` per node): the mean of (s·x − d)²/d² over the sources' pairs at
    /// finite distance d, layout distance x, with the scale s that minimises it.
    func stress(of coordinates: [Double], dimensions d: Int, check: (Int) throws -> Void) throws -> Double {
        let (ratio, squared, pairs) = try sums(of: coordinates, dimensions: d, check: check)
        guard pairs > 0, squared > 0 else { return 0 }
        // Σ(s·x/d − 1)² at its minimum s = Σ(x/d) / Σ(x/d)², over the pairs.
        return (pairs - ratio * ratio / squared) / pairs
    }

    /// The scale s that minimises the estimate: s times a layout distance is the nearest to the graph distance
    /// (1 when the sources see no pair apart).
    func scale(of coordinates: [Double], dimensions d: Int, check: (Int) throws -> Void) throws -> Double {
        let (ratio, squared, _) = try sums(of: coordinates, dimensions: d, check: check)
        return squared > 0 && ratio > 0 ? ratio / squared : 1
    }

    /// Σ x/d, Σ (x/d)² and the number of pairs over the sources' pairs at finite distance d, layout distance x.
    private func sums(of coordinates: [Double], dimensions d: Int, check: (Int) throws -> Void) throws
        -> (ratio: Double, squared: Double, pairs: Double) {
        var ratio = 0.0, squared = 0.0, pairs = 0.0
        var distances: [Double] = []
        for source in sources {
            try check(paths.nodeCount)
            paths.distances(from: source, into: &distances)
            for j in 0..<paths.nodeCount where j != source && distances[j].isFinite {
                var length = 0.0
                for axis in 0..<d {
                    let offset = coordinates[j * d + axis] - coordinates[source * d + axis]
                    length += offset * offset
                }
                let x = length.squareRoot() / distances[j]
                ratio += x
                squared += x * x
                pairs += 1
            }
        }
        return (ratio, squared, pairs)
    }
}
