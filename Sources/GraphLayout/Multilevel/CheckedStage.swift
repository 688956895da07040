import D3Random
import GraphModel

/// The guard every stage after a multilevel layout's refinement goes through (the stress polish, the descent over
/// every pair, the sparse stress descent): its memory asked of the limits, the graph's adjacency built, the stress
/// before it measured, and what it makes kept only where that stress is lower, measured on the same pairs.
enum CheckedStage {
    /// `coordinates` (layout units, `dimensions` per node), or what `stage` makes of them when its stress, measured
    /// by `SampledStress` (`SampledStress.comparedSources` sources, every node on a small graph), is lower; and
    /// whether that was kept. Nothing runs on a graph of fewer than three nodes or no edges. `memory` bytes are asked
    /// of the limits first (`purpose` names them in a refusal); `stage` gets the layout before it with `level`'s
    /// adjacency (measured where the stage draws the sources, so a seed's layout stays what it was) and `random`, and
    /// returns its layout with that measure, or nil to give up. `check` runs for each compared source and may throw
    /// to stop.
    static func run(
        _ coordinates: [Double], level: LevelGraph, dimensions d: Int, memory: Int, purpose: String, random: inout LCG,
        check: (Int) throws -> Void,
        stage: (StageStart, inout LCG) throws -> (coordinates: [Double], comparison: StressComparison)?
    ) throws -> (coordinates: [Double], kept: Bool) {
        guard level.nodeCount > 2, !level.edges.isEmpty else { return (coordinates, false) }
        try MemoryRequest.check(memory, for: purpose)
        let start = StageStart(paths: try ShortestPaths(nodeCount: level.nodeCount, edges: level.edges),
                               coordinates: coordinates, dimensions: d)
        guard let staged = try stage(start, &random), try staged.comparison.lowers(staged.coordinates, check: check) else {
            return (coordinates, false)
        }
        return (staged.coordinates, true)
    }
}

/// The layout a stage starts from, with the graph's adjacency.
struct StageStart {
    /// The graph's adjacency.
    let paths: ShortestPaths
    /// The layout (layout units).
    let coordinates: [Double]
    /// Coordinates per node.
    let dimensions: Int

    /// The layout's stress on sources drawn from `random` (every node on a small graph), to compare the stage's
    /// layout with; `check` runs for each source.
    func measured(random: inout LCG, check: (Int) throws -> Void) throws -> StressComparison {
        try StressComparison(sampled: SampledStress(paths: paths, count: SampledStress.comparedSources, random: &random),
                             before: coordinates, dimensions: dimensions, check: check)
    }
}

/// A layout's stress measured once on a `SampledStress`'s sources, to tell whether another layout of the graph
/// lowers it.
struct StressComparison {
    /// The sources the stress is measured on.
    let sampled: SampledStress
    /// The stress of the layout before the stage.
    let before: Double
    /// Coordinates per node.
    let dimensions: Int

    /// The comparison with `before`'s stress on `sampled`'s sources; `check` runs for each source.
    init(sampled: SampledStress, before: [Double], dimensions: Int, check: (Int) throws -> Void) throws {
        self.sampled = sampled
        self.dimensions = dimensions
        self.before = try sampled.stress(of: before, dimensions: dimensions, check: check)
    }

    /// Whether `coordinates` have a lower stress than the layout before; `check` runs for each source.
    func lowers(_ coordinates: [Double], check: (Int) throws -> Void) throws -> Bool {
        try sampled.stress(of: coordinates, dimensions: dimensions, check: check) < before
    }
}
