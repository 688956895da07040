// ForceBench: times link + manyBody + center (d3 defaults) on the benchmark graph G(n) from phyllotaxis placement.
// Usage: ForceBench N [N ...]   (one process per size gives a per-size peak memory; scripts/bench does that)
//        ForceBench --single N THREADS WARMUP TICKS [DIMENSIONS]   (one run, 2D unless DIMENSIONS is 3; for
//        profilers, e.g. callgrind with --toggle-collect='*measuredTicks*' counts only the TICKS measured ticks)
import Foundation
import ForceSimulation

/// G(n) (docs/benchmark-graph.md): node i links to floor(r * i), then random pairs until there are 2(n - 1) links.
func benchmarkGraph(_ n: Int) -> [(source: Int, target: Int)] {
    let random = RandomSource(seed: 1)
    var links: [(source: Int, target: Int)] = []
    links.reserveCapacity(max(0, 2 * (n - 1)))
    for i in 1..<max(1, n) { links.append((i, Int(random.next() * Double(i)))) }
    while links.count < 2 * (n - 1) {
        let a = Int(random.next() * Double(n)), b = Int(random.next() * Double(n))
        if a != b { links.append((a, b)) }
    }
    return links
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

var arguments = Array(CommandLine.arguments.dropFirst())
let fast = arguments.contains("--fast")
arguments.removeAll { $0 == "--fast" }
if arguments.first == "--single" {
    let values = arguments.dropFirst().compactMap { Int($0) }
    guard values.count == 4 || (values.count == 5 && [2, 3].contains(values[4])) else {
        fatalError("usage: ForceBench [--fast] --single N THREADS WARMUP TICKS [DIMENSIONS]")
    }
    let n = values[0], dimensions = values.count == 5 ? values[4] : 2
    let m = try measure(
        n: n, links: benchmarkGraph(n), threads: values[1], warmup: values[2], ticks: values[3], dimensions: dimensions,
        mode: fast ? .fast : .exact)
    let line = String(
        format: "n=%d dimensions=%d mode=%@ threads=%d tick=%.3fms fastest=%.3fms peakRSS=%.1fMiB", n, dimensions,
        fast ? "fast" : "exact", values[1], m.perTick, m.fastestTick, peakMemoryMiB())
    print(line + " checksum=" + String(m.checksum, radix: 16))
    exit(0)
}
let sizes = arguments.compactMap { Int($0) }
let cores = ProcessInfo.processInfo.activeProcessorCount
let targets: [Int: Double] = [10_000: 3, 100_000: 50, 1_000_000: 1000]

for n in sizes {
    let ticks = n <= 10_000 ? 30 : n <= 100_000 ? 10 : 5
    var links: [(source: Int, target: Int)] = []
    let generation = milliseconds { links = benchmarkGraph(n) }
    let single = try measure(n: n, links: links, threads: 1, ticks: ticks)
    let multi = try measure(n: n, links: links, threads: cores, ticks: ticks)
    let identical = single.x == multi.x && single.y == multi.y
    func f(_ v: Double) -> String { String(format: v < 10 ? "%.3f" : "%.1f", v) }
    var line = "n=\(n) links=\(links.count) graph=\(f(generation))ms construction=\(f(single.construction))ms"
    line += " tick(1 thread)=\(f(single.perTick))ms tick(\(cores) threads)=\(f(multi.perTick))ms"
    line += " identical=\(identical ? "yes" : "NO") peakRSS=\(f(peakMemoryMiB()))MiB"
    if let target = targets[n] {
        line += " target<=\(f(target))ms:\(min(single.perTick, multi.perTick) <= target ? "met" : "MISSED")"
    }
    print(line)
}
