/// d3's link force: a spring per link pulling its ends towards `distance`, updated link by link (later links see
/// the velocities earlier ones changed), with d3's degree-based default strength and bias.
public final class LinkForce: Force {
    /// Source node index of each link.
    public let sources: [Int]
    /// Target node index of each link.
    public let targets: [Int]
    /// Per-link rest length (default 30).
    public var distance: LinkParameter {
        didSet { stale = true }
    }
    /// Per-link stiffness; nil is d3's default 1 / min(degree(source), degree(target)).
    public var strength: LinkParameter? {
        didSet { stale = true }
    }
    /// Passes over all links per tick (default 1).
    public var iterations: Int

    /// Links per node, a self-loop counting twice (evaluated at initialization).
    public private(set) var degrees: [Int] = []
    /// Share of each link's correction taken by its target: degree(source) / (degree(source) + degree(target)).
    public private(set) var biases: [Double] = []
    /// Evaluated strength of each link.
    public private(set) var strengths: [Double] = []
    /// Evaluated distance of each link.
    public private(set) var distances: [Double] = []

    private var kinetics: Kinetics?
    private var random: RandomSource?
    private var stale = true
    /// (x, y, vx, vy) of every node side by side during a 2D pass: a link's two ends cost two cache lines, not eight.
    private let packedNodes = ScratchBuffer<SIMD4<Double>>()

    /// d3's default rest length of a link.
    public static let defaultDistance = 30.0
    /// d3's default number of passes over the links a tick.
    public static let defaultIterations = 1

    /// Creates the force from (source, target) node index pairs, with d3's defaults: distance 30, strength
    /// 1 / min(degree), 1 iteration. Indices are checked at initialization (`node not found: INDEX`).
    public init(
        links: [(source: Int, target: Int)], distance: LinkParameter = .constant(defaultDistance),
        strength: LinkParameter? = nil, iterations: Int = defaultIterations
    ) {
        sources = links.map(\.source)
        targets = links.map(\.target)
        self.distance = distance
        self.strength = strength
        self.iterations = iterations
    }

    /// Creates the force from (source, target) id pairs resolved against `nodeIDs` (node i has id nodeIDs[i]; a
    /// repeated id means its last node, as d3's map does); throws `node not found: ID` for an unknown id.
    public convenience init<ID: Hashable>(
        links: [(source: ID, target: ID)], nodeIDs: [ID], distance: LinkParameter = .constant(defaultDistance),
        strength: LinkParameter? = nil, iterations: Int = defaultIterations
    ) throws {
        var index: [ID: Int] = [:]
        for (i, id) in nodeIDs.enumerated() { index[id] = i }
        func find(_ id: ID) throws -> Int {
            guard let i = index[id] else { throw SimulationError.nodeNotFound("\(id)") }
            return i
        }
        var pairs: [(source: Int, target: Int)] = []
        pairs.reserveCapacity(links.count)
        for link in links {
            let source = try find(link.source)
            let target = try find(link.target)
            pairs.append((source, target))
        }
        self.init(links: pairs, distance: distance, strength: strength, iterations: iterations)
    }

    /// True unless parameters changed since they were evaluated (their functions run in the next `apply`).
    public var changesOnlyVelocities: Bool { !stale }

    /// Binds to the kinetics; checks the indices, counts degrees, and evaluates bias, strengths, then distances.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let n = kinetics.count
        for i in sources.indices {
            if !(0..<n).contains(sources[i]) { throw SimulationError.nodeNotFound("\(sources[i])") }
            if !(0..<n).contains(targets[i]) { throw SimulationError.nodeNotFound("\(targets[i])") }
        }
        self.kinetics = kinetics
        self.random = random
        try evaluate()
    }

    /// Applies every link's spring, `iterations` times (none when it is not positive); 3D here, 2D in `apply2D`.
    public func apply(alpha: Double) throws {
        guard let k = kinetics, let random else { return }
        if stale { try evaluate() }
        guard k.dimensions == 3 else { return apply2D(k, alpha: alpha, random: random) }
        let x = k.x, y = k.y, z = k.z, vx = k.vx, vy = k.vy, vz = k.vz
        for _ in 0..<max(0, iterations) {
            withLinks { links in pass3D(links, x, y, z, vx, vy, vz, alpha: alpha, random: random) }
        }
    }

    /// One 3D pass over every link, in order.
    private func pass3D(
        _ links: Links, _ x: UnsafeMutableBufferPointer<Double>, _ y: UnsafeMutableBufferPointer<Double>,
        _ z: UnsafeMutableBufferPointer<Double>, _ vx: UnsafeMutableBufferPointer<Double>,
        _ vy: UnsafeMutableBufferPointer<Double>, _ vz: UnsafeMutableBufferPointer<Double>, alpha: Double,
        random: RandomSource
    ) {
        let distances = links.distances, strengths = links.strengths, biases = links.biases
        for i in 0..<links.count {
            let s = links.sources[i], t = links.targets[i]
            var dx = x[t] + vx[t] - x[s] - vx[s]
            if dx == 0 || dx.isNaN { dx = random.jiggle() }
            var dy = y[t] + vy[t] - y[s] - vy[s]
            if dy == 0 || dy.isNaN { dy = random.jiggle() }
            var dz = z[t] + vz[t] - z[s] - vz[s]
            if dz == 0 || dz.isNaN { dz = random.jiggle() }
            var l = (dx * dx + dy * dy + dz * dz).squareRoot()
            l = (l - distances[i]) / l * alpha * strengths[i]
            dx *= l
            dy *= l
            dz *= l
            let b = biases[i]
            vx[t] -= dx * b
            vy[t] -= dy * b
            let rest = 1 - b
            vx[s] += dx * rest
            vy[s] += dy * rest
            vz[t] -= dz * b
            vz[s] += dz * rest
        }
    }

    /// `apply` in 2D over a packed copy of the nodes: the same operations in the same order.
    private func apply2D(_ k: Kinetics, alpha: Double, random: RandomSource) {
        let n = k.count
        guard iterations > 0, !sources.isEmpty else { return }
        let x = k.x, y = k.y, vx = k.vx, vy = k.vy
        packedNodes.reserve(n)
        let nodes = packedNodes.base
        for i in 0..<n { nodes[i] = SIMD4(x[i], y[i], vx[i], vy[i]) }
        for _ in 0..<iterations {
            withLinks { links in pass2D(links, nodes, alpha: alpha, random: random) }
        }
        for i in 0..<n {
            vx[i] = nodes[i][2]
            vy[i] = nodes[i][3]
        }
    }

    /// One 2D pass over every link, in order, on the packed `nodes`.
    private func pass2D(
        _ links: Links, _ nodes: UnsafeMutablePointer<SIMD4<Double>>, alpha: Double, random: RandomSource
    ) {
        let distances = links.distances, strengths = links.strengths, biases = links.biases
        for i in 0..<links.count {
            let s = links.sources[i], t = links.targets[i]
            // Lanes: x, y, vx, vy.
            let source = nodes[s], target = nodes[t]
            var dx = target[0] + target[2] - source[0] - source[2]
            if dx == 0 || dx.isNaN { dx = random.jiggle() }
            var dy = target[1] + target[3] - source[1] - source[3]
            if dy == 0 || dy.isNaN { dy = random.jiggle() }
            var l = (dx * dx + dy * dy).squareRoot()
            l = (l - distances[i]) / l * alpha * strengths[i]
            dx *= l
            dy *= l
            let b = biases[i]
            nodes[t][2] -= dx * b
            nodes[t][3] -= dy * b
            let rest = 1 - b
            nodes[s][2] += dx * rest
            nodes[s][3] += dy * rest
        }
    }

    /// The links' indices and evaluated values as pointers, for the passes' inner loops (no bounds checks there).
    private struct Links {
        let sources: UnsafePointer<Int>, targets: UnsafePointer<Int>
        let distances: UnsafePointer<Double>, strengths: UnsafePointer<Double>, biases: UnsafePointer<Double>
        let count: Int
    }

    /// Calls `body` with the links' arrays as pointers.
    private func withLinks(_ body: (Links) -> Void) {
        guard !sources.isEmpty else { return }
        sources.withUnsafeBufferPointer { sources in
            targets.withUnsafeBufferPointer { targets in
                distances.withUnsafeBufferPointer { distances in
                    strengths.withUnsafeBufferPointer { strengths in
                        biases.withUnsafeBufferPointer { biases in
                            body(Links(
                                sources: sources.baseAddress!, targets: targets.baseAddress!,
                                distances: distances.baseAddress!, strengths: strengths.baseAddress!,
                                biases: biases.baseAddress!, count: sources.count))
                        }
                    }
                }
            }
        }
    }

    /// Evaluates the parameters again if they changed since (for forces built on this one's values).
    func evaluateIfChanged() throws {
        if stale { try evaluate() }
    }

    private func evaluate() throws {
        guard let kinetics else { return }
        var degrees = [Int](repeating: 0, count: kinetics.count)
        for i in sources.indices {
            degrees[sources[i]] += 1
            degrees[targets[i]] += 1
        }
        var biases = [Double](repeating: 0, count: sources.count)
        for i in sources.indices {
            let s = Double(degrees[sources[i]]), t = Double(degrees[targets[i]])
            biases[i] = s / (s + t)
        }
        self.degrees = degrees
        self.biases = biases
        strengths = try sources.indices.map { i in
            if let strength { return try strength.value(i) }
            return 1 / Double(min(degrees[sources[i]], degrees[targets[i]]))
        }
        distances = try sources.indices.map { try distance.value($0) }
        stale = false
    }
}
