// ForceBench: times link + manyBody + center (d3 defaults) on the benchmark graph G(n) from phyllotaxis placement,
// and measures fast mode's quality; its command line is ForceBenchSyntax's (`ForceBench --help`).
import CommandLineSyntax
import Foundation
import ForceSimulation
import GraphLayout
import GraphModel
import ProcessorSupport
import Render

#if FORCELAB_ENGINE_VECTOR_UNITS
if let refusal = ProcessorSupport.refusalHere(program: "ForceBench") {
    FileHandle.standardError.write(Data((refusal + "\n").utf8))
    exit(2)
}
#endif

/// G(n) (docs/benchmark-graph.md), as GraphModel's generator makes it.
func benchmarkGraph(_ n: Int) -> [(source: Int, target: Int)] {
    Graph.recursiveEdges(n: n).map { (source: $0.0, target: $0.1) }
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

struct Measurement {
    var construction = 0.0
    var perTick = 0.0
    var fastestTick = 0.0
    var x: [Double] = []
    var y: [Double] = []
    var vx: [Double] = []
    var vy: [Double] = []
    /// Depths and their velocities (3D only).
    var z: [Double] = []
    var vz: [Double] = []

    /// FNV-1a over the bit patterns of the final positions and velocities (to compare engine versions).
    var checksum: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for v in x + y + vx + vy + z + vz { h = (h ^ v.bitPattern) &* 0x100_0000_01b3 }
        return h
    }
}

/// Runs `ticks` ticks, each timed; kept out of line so a profiler can collect exactly these ticks.
@inline(never)
func measuredTicks(_ s: Simulation, _ ticks: Int) throws -> [Double] {
    var times: [Double] = []
    for _ in 0..<ticks { times.append(try milliseconds { try s.tick() }) }
    return times
}

func measure(
    n: Int, links: [(source: Int, target: Int)], threads: Int, warmup: Int = 2, ticks: Int, dimensions: Int = 2,
    mode: SimulationMode = .exact
) throws -> Measurement {
    var result = Measurement()
    var sim: Simulation?
    result.construction = try milliseconds {
        let s = try Simulation(nodeCount: n, dimensions: dimensions, mode: mode)
        s.threads = threads
        try s.setForce("link", LinkForce(links: links))
        try s.setForce("charge", ManyBodyForce())
        try s.setForce("center", CenterForce())
        sim = s
    }
    let s = sim!
    try s.tick(warmup)
    let times = try measuredTicks(s, ticks)
    result.perTick = median(times)
    result.fastestTick = times.min() ?? 0
    result.x = Array(s.kinetics.x)
    result.y = Array(s.kinetics.y)
    result.vx = Array(s.kinetics.vx)
    result.vy = Array(s.kinetics.vy)
    if dimensions == 3 {
        result.z = Array(s.kinetics.z)
        result.vz = Array(s.kinetics.vz)
    }
    return result
}

let request: BenchRequest
do {
    request = try BenchRequest(Array(CommandLine.arguments.dropFirst()))
} catch {
    refuse(error)
}

/// Prints `error` and the usage on stderr and exits with status 2.
func refuse(_ error: Error) -> Never {
    FileHandle.standardError.write(Data("ForceBench: \(error)\n\(ForceBenchSyntax.command.usage)\n".utf8))
    exit(2)
}

/// What `read` returns, or its usage error and exit status 2.
func checked<T>(_ read: () throws -> T) -> T {
    do {
        return try read()
    } catch {
        refuse(error)
    }
}

if request.mode?.name == ForceBenchSyntax.single.name {
    let values = checked { try request.operands("N THREADS WARMUP TICKS [DIMENSIONS]") }.compactMap { $0 }
    guard values.count == 4 || [2, 3].contains(values[4]) else { refuse(UsageError.badValue("DIMENSIONS", "\(values[4])", expected: "2 or 3")) }
    let n = values[0], dimensions = values.count == 5 ? values[4] : 2, fast = request.fast
    let m = try measure(
        n: n, links: benchmarkGraph(n), threads: values[1], warmup: values[2], ticks: values[3], dimensions: dimensions,
        mode: fast ? .fast : .exact)
    let line = String(
        format: "n=%d dimensions=%d mode=%@ threads=%d tick=%.3fms fastest=%.3fms peakRSS=%.1fMiB", n, dimensions,
        fast ? "fast" : "exact", values[1], m.perTick, m.fastestTick, peakMemoryMiB())
    print(line + " checksum=" + String(m.checksum, radix: 16))
    exit(0)
}
/// The charge's velocity change in one tick from zero velocity at the positions of `state`, in `mode` (with
/// `theta` 0 exact mode's sum is the exact sum over all pairs).
func chargeStep(_ state: Simulation, mode: SimulationMode, theta: Double? = nil) throws -> [Double] {
    let k = state.kinetics
    let copy = try Simulation(nodeCount: k.count, mode: mode) { c in
        for i in 0..<k.count { (c.x[i], c.y[i], c.vx[i], c.vy[i]) = (k.x[i], k.y[i], 0, 0) }
    }
    copy.threads = state.threads
    try copy.setForce("charge", theta.map { ManyBodyForce(theta: $0) } ?? ManyBodyForce())
    try copy.tick()
    return Array(copy.kinetics.vx) + Array(copy.kinetics.vy)
}

/// Relative RMS of `a - b` against `b`.
func relativeRMS(_ a: [Double], _ b: [Double]) -> Double {
    let error = zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
    return (error / b.map { $0 * $0 }.reduce(0, +)).squareRoot()
}

/// Fast mode against exact mode on G(n): the charge's relative RMS difference after 20 ticks from exact mode and
/// from the exact sum over all pairs (n ≤ 20000), and the mean stress and crossings after 300 ticks over five
/// random placements (Render's metrics, as fl.metrics computes them).
func quality(_ n: Int, links: [(source: Int, target: Int)], layouts: Bool = true) throws {
    let state = try Simulation(nodeCount: n, placement: .random)
    try state.setForce("link", LinkForce(links: links))
    try state.setForce("charge", ManyBodyForce())
    try state.setForce("center", CenterForce())
    try state.tick(20)
    let exact = try chargeStep(state, mode: .exact), fast = try chargeStep(state, mode: .fast)
    var sumErrors = ""
    if n <= 20000 {
        let sum = try chargeStep(state, mode: .exact, theta: 0)
        sumErrors = String(
            format: ", vs the exact sum %.2e (exact mode's %.5f)", relativeRMS(fast, sum), relativeRMS(exact, sum))
    }
    let figures = try [SimulationMode.exact, .fast].filter { _ in layouts }.map {
        try meanStressAndCrossings(n, links: links, mode: $0, options: Metrics.Options())
    }
    guard layouts else {
        print(String(format: "n=%d charge relative RMS fast vs exact %.5f%@", n, relativeRMS(fast, exact), sumErrors))
        return
    }
    print(
        String(
            format: "n=%d quality: charge relative RMS fast vs exact %.5f%@; 300 ticks, mean of 5 random placements:"
                + " stress exact %.4f fast %.4f (x%.4f), crossings exact %.1f fast %.1f (x%.4f)", n,
            relativeRMS(fast, exact), sumErrors,
            figures[0].stress, figures[1].stress, figures[1].stress / figures[0].stress, figures[0].crossings,
            figures[1].crossings, figures[1].crossings / figures[0].crossings))
}

/// A G(n) layout after 300 ticks from phyllotaxis placement on all cores: seconds taken and Render's stress.
func layout(_ n: Int, links: [(source: Int, target: Int)], mode: SimulationMode) throws -> (seconds: Double, stress: Double) {
    var sim: Simulation?
    let time = try milliseconds {
        let s = try Simulation(nodeCount: n, mode: mode)
        try s.setForce("link", LinkForce(links: links))
        try s.setForce("charge", ManyBodyForce())
        try s.setForce("center", CenterForce())
        try s.tick(300)
        sim = s
    }
    let k = sim!.kinetics
    return (time / 1000, try stress((0..<n).map { SIMD2(k.x[$0], k.y[$0]) }, links))
}

/// Render's stress (as fl.metrics computes it: above 1000 nodes over 200 sampled sources) of `positions` as a layout
/// of `links`, without the other figures (counting crossings of G(100k)'s long edges would take far longer).
func stress(_ positions: [SIMD2<Double>], _ links: [(source: Int, target: Int)]) throws -> Double {
    try Metrics.stress(positions: positions, edges: links.map { ($0.source, $0.target) })
}

/// Mean stress and crossings (Render's, with `options`) of layouts of `links` in `mode` after 300 ticks of link +
/// manyBody + center (d3 defaults), one from each of five random placements (seeds 1 to 5).
func meanStressAndCrossings(
    _ n: Int, links: [(source: Int, target: Int)], mode: SimulationMode, options: Metrics.Options
) throws -> (stress: Double, crossings: Double) {
    var sum = (stress: 0.0, crossings: 0.0)
    for seed in UInt32(1)...5 {
        let sim = try Simulation(nodeCount: n, seed: seed, placement: .random, mode: mode)
        try sim.setForce("link", LinkForce(links: links))
        try sim.setForce("charge", ManyBodyForce())
        try sim.setForce("center", CenterForce())
        try sim.tick(300)
        let k = sim.kinetics
        let metrics = try Metrics.measure(
            positions: (0..<n).map { SIMD2(k.x[$0], k.y[$0]) }, edges: links.map { ($0.source, $0.target) },
            options: options)
        sum = (sum.stress + metrics.stress / 5, sum.crossings + (metrics.crossings.map(Double.init) ?? .nan) / 5)
    }
    return sum
}

/// Fast mode against exact mode on the graph in `path` (read as fl.graph.load reads it): mean stress (over all
/// pairs) and crossings after 300 ticks of link + manyBody + center (d3 defaults) from five random placements.
func qualityOfFile(_ path: String) throws {
    let graph = try Graph.load(path: path)
    let n = graph.nodeCount
    let links = graph.edges.map { (source: graph.index(ofNode: $0.source)!, target: graph.index(ofNode: $0.target)!) }
    var options = Metrics.Options()
    options.exactNodeLimit = n
    let exact = try meanStressAndCrossings(n, links: links, mode: .exact, options: options)
    let fast = try meanStressAndCrossings(n, links: links, mode: .fast, options: options)
    let stressRatio = fast.stress / exact.stress, crossingRatio = fast.crossings / max(exact.crossings, 1)
    let within = abs(stressRatio - 1) <= 0.02 && abs(crossingRatio - 1) <= 0.02
    print(
        String(
            format: "%@ (%d nodes, %d edges) 300 ticks, mean of 5 random placements: stress exact %.4f fast %.4f"
                + " (fast/exact %.4f), crossings exact %.1f fast %.1f (fast/exact %.4f); within 2%%: %@",
            (path as NSString).lastPathComponent, n, links.count, exact.stress, fast.stress, stressRatio,
            exact.crossings, fast.crossings, crossingRatio, within ? "yes" : "NO"))
}

switch request.mode?.name {
case ForceBenchSyntax.edges.name:
    // G(n)'s links, one "source target" line each, for peers to lay out the same graph.
    let n = checked { try request.operands("N") }[0]!
    for link in benchmarkGraph(n) { print(link.source, link.target) }
    exit(0)
case ForceBenchSyntax.stress.name:
    // The stress of the layout in FILE ("x y" per node, in node order) as a layout of G(n).
    let n = checked { try request.operands("N FILE") }[0]!
    let file = request.operands[1]
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let positions = text.split(separator: "\n").map { line -> SIMD2<Double> in
        let values = line.split(separator: " ").compactMap { Double($0) }
        return SIMD2(values[0], values[1])
    }
    guard positions.count == n else { fatalError("\(file): \(positions.count) positions, G(n) has \(n) nodes") }
    print(String(format: "%.4f", try stress(positions, benchmarkGraph(n))))
    exit(0)
case ForceBenchSyntax.qualityFile.name:
    if request.operands.isEmpty { refuse(UsageError("'--quality-file' needs PATH [PATH ...]")) }
    for path in request.operands { try qualityOfFile(path) }
    exit(0)
case ForceBenchSyntax.layout.name:
    // Whole layouts of G(n), 300 ticks from phyllotaxis placement, in each mode.
    let n = checked { try request.operands("N") }[0]!
    let links = benchmarkGraph(n)
    for mode in [SimulationMode.exact, .fast] {
        let result = try layout(n, links: links, mode: mode)
        print(String(format: "%@ %.3f %.4f", "\(mode)", result.seconds, result.stress))
    }
    exit(0)
case ForceBenchSyntax.multilevel.name:
    // One multilevel layout of G(n) straight from its edges (no graph store): levels, seconds, peak memory.
    let operands = checked { try request.operands("N [POLISH] [TICKS]") }
    var options = MultilevelOptions()
    if operands.count > 1 { options.polishSweeps = operands[1]! }
    if operands.count > 2 { options.finestTicks = operands[2]! }
    var layout: (coordinates: [Double], outcome: MultilevelOutcome)?
    // Progress as it goes (a run too long for the session still shows how far it got): a line each time the work a
    // check stands for changes (a coarsening step, a level's ticks, the polish's passes), with the checks before it.
    let started = DispatchTime.now().uptimeNanoseconds
    var (work, checks) = (-1, 0)
    func progress(_ next: Int) {
        checks += 1
        guard next != work else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        print(String(format: "  %.1fs: work %d after %d checks of %d, peakRSS=%.0fMiB", elapsed, next, checks - 1, work, peakMemoryMiB()))
        fflush(nil)
        (work, checks) = (next, 1)
    }
    let seconds = try milliseconds {
        layout = try MultilevelLayout.positions(
            nodeCount: operands[0]!, edges: Graph.recursiveEdges(n: operands[0]!), options: options, check: progress)
    } / 1000
    for level in layout!.outcome.levels {
        print(String(format: "level nodes=%d edges=%d ticks=%d seconds=%.2f", level.nodes, level.edges, level.ticks, level.seconds))
    }
    print(String(format: "n=%d seconds=%.1f peakRSS=%.0fMiB", operands[0]!, seconds, peakMemoryMiB()))
    exit(0)
case ForceBenchSyntax.quality.name:
    for n in checked({ try request.sizes() }) { try quality(n, links: benchmarkGraph(n)) }
    exit(0)
case ForceBenchSyntax.error.name:
    // Only the charge's errors of --quality (no layouts).
    for n in checked({ try request.sizes() }) { try quality(n, links: benchmarkGraph(n), layouts: false) }
    exit(0)
default: break
}

let sizes = checked { try request.sizes() }
#if FORCELAB_ENGINE_VECTOR_UNITS
print("engine built for: \(ProcessorSupport.engineFeatures.joined(separator: " ")) (FORCELAB_NATIVE=1)")
#else
print("engine built for: the compiler's baseline processor")
#endif
let cores = ProcessInfo.processInfo.activeProcessorCount
let targets: [SimulationMode: [Int: Double]] = [
    .exact: [10_000: 3, 100_000: 50, 1_000_000: 1000], .fast: [10_000: 0.5, 100_000: 5, 1_000_000: 80],
]

for n in sizes {
    let ticks = n <= 10_000 ? 30 : n <= 100_000 ? 10 : 5
    var links: [(source: Int, target: Int)] = []
    let generation = milliseconds { links = benchmarkGraph(n) }
    var exactTicks: (single: Double, multi: Double) = (0, 0)
    for mode in [SimulationMode.exact, .fast] {
        let single = try measure(n: n, links: links, threads: 1, ticks: ticks, mode: mode)
        let multi = try measure(n: n, links: links, threads: cores, ticks: ticks, mode: mode)
        let identical = single.x == multi.x && single.y == multi.y
        func f(_ v: Double) -> String { String(format: v < 10 ? "%.3f" : "%.1f", v) }
        var line = "n=\(n) mode=\(mode) links=\(links.count) graph=\(f(generation))ms"
        line += " construction=\(f(single.construction))ms"
        line += " tick(1 thread)=\(f(single.perTick))ms tick(\(cores) threads)=\(f(multi.perTick))ms"
        line += " identical=\(identical ? "yes" : "NO") peakRSS=\(f(peakMemoryMiB()))MiB"
        if let target = targets[mode]?[n] {
            line += " target<=\(f(target))ms:\(min(single.perTick, multi.perTick) <= target ? "met" : "MISSED")"
        }
        if mode == .exact {
            exactTicks = (single.perTick, multi.perTick)
        } else {
            line += " exact/fast=\(f(exactTicks.single / single.perTick))x,\(f(exactTicks.multi / multi.perTick))x"
        }
        print(line)
    }
}
