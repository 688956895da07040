import D3Random
import ForceSimulation
import Foundation
import GraphModel
import ProcessorSupport

/// A multilevel force layout (as sfdp and FM³ are): the graph is coarsened level by level, the coarsest level is
/// laid out by forcelab's force engine in fast mode (link + many-body), and each finer level starts from the coarser
/// one's layout and is refined by the same forces with fewer ticks.
public enum MultilevelLayout {
    /// Lays `graph` out (edges as undirected, self-loops and repeated edges ignored) and writes every node's position
    /// (a child's relative to its parent), centred on the origin; fixed coordinates are not consulted. `check` runs
    /// after each coarsening step and before each tick with the work it stands for, and may throw to stop (an
    /// interrupt or a limit); the graph is then left as it was. `threads` (nil: every usable core) does not change
    /// the result.
    public static func apply(
        to graph: Graph, options: MultilevelOptions = MultilevelOptions(), threads: Int? = nil,
        check: (Int) throws -> Void = { _ in }
    ) throws -> MultilevelOutcome {
        try options.check()
        let original = LevelGraph(nodeCount: graph.nodeCount, edges: graph.edgeEndIndices)
        let (coordinates, outcome) = try positions(of: original, options: options, threads: threads, check: check)
        try graph.writeLayout(coordinates, dimensions: options.dimensions)
        return outcome
    }

    /// Positions (`options.dimensions` per node) for `nodeCount` nodes joined by `edges` (index pairs, undirected),
    /// as `apply` computes them, without a graph store (ForceBench lays out millions of nodes this way).
    public static func positions(
        nodeCount: Int, edges: [(Int, Int)], options: MultilevelOptions = MultilevelOptions(), threads: Int? = nil,
        check: (Int) throws -> Void = { _ in }
    ) throws -> (coordinates: [Double], outcome: MultilevelOutcome) {
        try options.check()
        return try positions(of: LevelGraph(nodeCount: nodeCount, edges: edges), options: options, threads: threads, check: check)
    }

    /// Positions (`options.dimensions` per node) for the nodes of `original`, centred on the origin.
    static func positions(
        of original: LevelGraph, options: MultilevelOptions, threads: Int?, check: (Int) throws -> Void
    ) throws -> (coordinates: [Double], outcome: MultilevelOutcome) {
        try MemoryRequest.check(
            memoryNeeded(nodeCount: original.nodeCount, edgeCount: original.edges.count, options: options),
            for: "the multilevel layout of \(original.nodeCount) nodes and \(original.edges.count) edges")
        var random = LCG(seed: UInt32(options.seed))
        var levels = [original]
        var groups: [[Int]] = []
        while let finer = levels.last, finer.nodeCount > options.coarsestSize {
            let (group, count) = options.coarsening.groups(of: finer, random: &random)
            guard Double(count) <= options.minShrink * Double(finer.nodeCount) else { break }
            try check(finer.nodeCount + finer.neighbours.count)
            groups.append(group)
            levels.append(finer.contracted(to: group, groupCount: count))
        }
        let d = options.dimensions
        var coordinates: [Double] = []
        var figures: [MultilevelOutcome.Level] = []
        let clock = ContinuousClock()
        let coarsestLevel = levels[levels.count - 1], top = levels.count - 1
        // Each level is dropped once refined, and each grouping once used, so the finest level's simulation does not
        // share the memory with the coarser levels.
        var coarserCount = 0
        for l in stride(from: levels.count - 1, through: 0, by: -1) {
            let start = clock.now
            let level = levels.removeLast()
            let coarsest = l == top
            if !coarsest {
                let spread = pow(Double(level.nodeCount) / Double(coarserCount), 1 / Double(d))
                coordinates = Prolongation.positions(
                    coarse: coordinates, group: groups.removeLast(), dimensions: d, spread: spread,
                    jitter: 0.2 * options.distance, random: &random)
            }
            coarserCount = level.nodeCount
            var ticks = tickCount(level: level, original: original, coarsest: coarsestLevel, options: options)
            let from: [Double]?
            if coarsest, options.coarsestLayout == .stress {
                from = try stressLayout(level, options: options, seed: random.next(below: Int(UInt32.max)), check: check)
                ticks = 0
            } else {
                from = coarsest ? nil : coordinates
            }
            coordinates = try refine(
                level, from: from, ticks: ticks, alpha: from == nil ? 1 : options.refineAlpha,
                seed: random.next(below: Int(UInt32.max)), options: options, threads: threads, check: check)
            let elapsed = (clock.now - start).components
            figures.append(.init(
                nodes: level.nodeCount, edges: level.edges.count, ticks: ticks,
                seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18))
        }
        let polish = try StressPolish.polished(
            coordinates, level: original, dimensions: d, sweeps: options.polishSweeps, pivots: options.polishPivots,
            distance: options.distance, random: &random, check: check)
        let n = original.nodeCount
        let descent = n <= options.descentNodeLimit
            ? try FullStressDescent.descended(
                polish.coordinates, level: original, dimensions: d, epochs: options.descentEpochs, distance: options.distance,
                threads: threads ?? UsableCores.count(), random: &random, check: check)
            : (coordinates: polish.coordinates, kept: false)
        let sparse = n > options.descentNodeLimit && n <= options.sparseDescentNodeLimit
            ? try SparseStressDescent.descended(
                descent.coordinates, level: original, dimensions: d, pivots: options.sparseDescentPivots,
                distance: options.distance, random: &random, check: check)
            : (coordinates: descent.coordinates, kept: false)
        let final = try NeighbourhoodStage.refined(
            sparse.coordinates, level: original, steps: options.neighbourhoodSteps, weight: options.neighbourhoodWeight,
            length: options.neighbourhoodLength, distance: options.distance, threads: threads ?? UsableCores.count(),
            random: &random, check: check)
        return (centred(final, dimensions: d),
                MultilevelOutcome(levels: figures.reversed(), polished: polish.kept, descended: descent.kept,
                                  sparseDescended: sparse.kept))
    }

    /// About the bytes a layout of `nodeCount` nodes and `edgeCount` edges holds at its peak beyond the original
    /// level: the coarser levels (together at most about the original's size), then the largest of the finest level's
    /// simulation, its stress polish and its descent (over every pair, or over the sparse model).
    static func memoryNeeded(nodeCount n: Int, edgeCount m: Int, options: MultilevelOptions) -> Int {
        let counts = [n, m, n, m]
        let sizes = [levelBytesPerNode, levelBytesPerEdge, simulationBytesPerNode, simulationBytesPerEdge]
        var bytes: [Int] = []
        for (count, size) in zip(counts, sizes) {
            let (product, overflow) = count.multipliedReportingOverflow(by: size)
            guard !overflow else { return Int.max }
            bytes.append(product)
        }
        let polish = options.polishSweeps > 0
            ? StressPolish.memoryNeeded(nodeCount: n, pivots: options.polishPivots, dimensions: options.dimensions) : 0
        let descent = options.descentEpochs > 0 && n <= options.descentNodeLimit
            ? FullStressDescent.memoryNeeded(nodeCount: n, dimensions: options.dimensions, threads: UsableCores.count()) : 0
        let sparse = options.sparseDescentPivots > 0 && n > options.descentNodeLimit && n <= options.sparseDescentNodeLimit
            ? SparseStressDescent.memoryNeeded(nodeCount: n, edgeCount: m, dimensions: options.dimensions,
                                               pivots: options.sparseDescentPivots) : 0
        let neighbourhood = options.neighbourhoodSteps > 0
            ? NeighbourhoodStage.memoryNeeded(nodeCount: n, threads: UsableCores.count()) : 0
        let (total, overflow) = (bytes[0] + bytes[1]).addingReportingOverflow(max(bytes[2] + bytes[3], polish, descent, sparse, neighbourhood))
        return overflow ? Int.max : total
    }

    /// What a level holds per node and per edge (weights, offsets, both ends' adjacency and the sort's keys), and what
    /// the fast-mode engine holds per node and per link (positions, velocities, its tree, the link force's arrays).
    static let levelBytesPerNode = 24, levelBytesPerEdge = 72, simulationBytesPerNode = 600, simulationBytesPerEdge = 64

    /// The ticks for `level`: `coarsestTicks` on the coarsest, `finestTicks` on the original, geometrically between
    /// by the logarithm of the node count.
    static func tickCount(level: LevelGraph, original: LevelGraph, coarsest: LevelGraph, options: MultilevelOptions) -> Int {
        let span = log(Double(max(original.nodeCount, 1))) - log(Double(max(coarsest.nodeCount, 1)))
        guard span > 0 else { return options.coarsestTicks }
        let t = (log(Double(max(original.nodeCount, 1))) - log(Double(max(level.nodeCount, 1)))) / span
        let low = Double(max(options.finestTicks, 1)), high = Double(max(options.coarsestTicks, 1))
        let ticks = Int((low * pow(high / low, t)).rounded())
        return level.nodeCount == original.nodeCount ? options.finestTicks
            : level.nodeCount == coarsest.nodeCount ? options.coarsestTicks : ticks
    }

    /// The most majorization sweeps on the coarsest level (it stops earlier when a sweep gains less than 0.01%).
    static let coarsestStressSweeps = 200

    /// `level` laid out by stress majorization (exact up to `StressOptions`' exact size), `options.distance` per edge.
    static func stressLayout(_ level: LevelGraph, options: MultilevelOptions, seed: Int, check: (Int) throws -> Void) throws -> [Double] {
        var stress = StressOptions()
        stress.dimensions = options.dimensions
        stress.scale = options.distance
        stress.seed = seed
        stress.iterations = coarsestStressSweeps
        stress.tolerance = 1e-4
        stress.pivots = StressOptions.exactPivots
        stress.solver = .majorization
        let paths = try ShortestPaths(nodeCount: level.nodeCount, edges: level.edges)
        return try StressLayout.positions(paths: paths, options: stress, check: check).coordinates
    }

    /// Runs the fast-mode engine on `level` for `ticks` ticks, alpha falling from `alpha` to d3's alphaMin, from
    /// `start` (nil: seeded random placement), and returns the positions.
    static func refine(
        _ level: LevelGraph, from start: [Double]?, ticks: Int, alpha: Double, seed: Int, options: MultilevelOptions,
        threads: Int?, check: (Int) throws -> Void
    ) throws -> [Double] {
        let d = options.dimensions
        let simulation = try Simulation(
            nodeCount: level.nodeCount, dimensions: d, seed: UInt32(seed), placement: .random, mode: .fast
        ) { kinetics in
            guard let start else { return }
            for axis in 0..<d {
                let position = kinetics.position(axis: axis)
                for i in 0..<level.nodeCount { position[i] = start[i * d + axis] }
            }
        }
        if let threads { simulation.threads = threads }
        try simulation.setForce("link", LinkForce(links: level.edges.map { (source: $0.0, target: $0.1) }, distance: .constant(options.distance)))
        try simulation.setForce("charge", ManyBodyForce(strength: .constant(options.charge)))
        simulation.alpha = alpha
        simulation.alphaDecay = ticks > 0 ? 1 - pow(min(simulation.alphaMin / alpha, 1), 1 / Double(ticks)) : 0
        for _ in 0..<ticks {
            try check(level.nodeCount + level.edges.count)
            try simulation.tick()
        }
        let kinetics = simulation.kinetics
        var coordinates = Array(repeating: 0.0, count: level.nodeCount * d)
        for axis in 0..<d {
            let position = kinetics.position(axis: axis)
            for i in 0..<level.nodeCount { coordinates[i * d + axis] = position[i] }
        }
        return coordinates
    }

    /// `coordinates` moved so their mean is the origin.
    static func centred(_ coordinates: [Double], dimensions d: Int) -> [Double] {
        let n = coordinates.count / d
        guard n > 0 else { return coordinates }
        var mean = Array(repeating: 0.0, count: d)
        for i in 0..<n { for axis in 0..<d { mean[axis] += coordinates[i * d + axis] / Double(n) } }
        return coordinates.enumerated().map { $1 - mean[$0 % d] }
    }
}
