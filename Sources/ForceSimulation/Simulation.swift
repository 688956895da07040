import Foundation
import ProcessorSupport

/// A d3-force simulation: alpha schedule, forces applied in insertion order, velocity-Verlet-style integration.
public final class Simulation {
    /// The node state the forces act on.
    public let kinetics: Kinetics
    /// The random source shared by every force (d3's LCG).
    public let random: RandomSource
    /// Target alpha falls towards alphaMin at this rate per tick (`SimulationSettings.alphaDecay`).
    public var alphaDecay = SimulationSettings.standard.alphaDecay
    /// `run` stops once alpha is below this (`SimulationSettings.alphaMin`).
    public var alphaMin = SimulationSettings.standard.alphaMin
    /// Alpha moves towards this each tick (`SimulationSettings.alphaTarget`).
    public var alphaTarget = SimulationSettings.standard.alphaTarget
    /// Forces in application order, with their names.
    private var forces: [(name: String, force: any Force)] = []
    /// Velocities are multiplied by this each tick (1 - velocityDecay).
    private var retention = 1 - SimulationSettings.standard.velocityDecay
    /// Where forces applied beside the many-body preparation are offered to a worker.
    var workerQueue = DispatchQueue.global()
    /// Named handlers per event, in registration order.
    private var handlers: [(event: SimulationEvent, name: String, handler: (Simulation) throws -> Void)] = []

    /// How nodes without a position are placed, at creation and in `replaceNodes`.
    public let placement: Placement

    /// Creates `nodeCount` nodes with `settings` (2 or 3 dimensions, a random source seeded by its seed, built-in
    /// forces computing in its mode, its cooling and threads); `setup` may set positions, velocities or fixed
    /// coordinates before unplaced nodes (NaN position) are placed by its placement.
    public init(nodeCount: Int, settings: SimulationSettings, setup: (Kinetics) throws -> Void = { _ in }) throws {
        guard settings.dimensions == 2 || settings.dimensions == 3 else {
            throw SimulationError.unsupportedDimensions(settings.dimensions)
        }
        kinetics = Kinetics(count: max(0, nodeCount), dimensions: settings.dimensions)
        kinetics.threads = max(1, settings.threads ?? UsableCores.count())
        kinetics.mode = settings.mode
        kinetics.alpha = settings.alpha
        alphaMin = settings.alphaMin
        alphaDecay = settings.alphaDecay
        alphaTarget = settings.alphaTarget
        retention = 1 - settings.velocityDecay
        random = RandomSource(seed: settings.seed)
        placement = settings.placement
        try setup(kinetics)
        kinetics.initializeNodes(placement: placement, random: random)
        try random.throwFailure()
    }

    /// Creates `nodeCount` nodes in `dimensions` (2 or 3) with a random source seeded by `seed`, whose built-in
    /// forces compute in `mode`, and the other settings at their defaults (`SimulationSettings`).
    public convenience init(
        nodeCount: Int, dimensions: Int = SimulationSettings.standard.dimensions, seed: UInt32 = SimulationSettings.standard.seed,
        placement: Placement = SimulationSettings.standard.placement, mode: SimulationMode = SimulationSettings.standard.mode,
        setup: (Kinetics) throws -> Void = { _ in }
    ) throws {
        var settings = SimulationSettings()
        settings.dimensions = dimensions
        settings.seed = seed
        settings.placement = placement
        settings.mode = mode
        try self.init(nodeCount: nodeCount, settings: settings, setup: setup)
    }

    /// Number of spatial dimensions, 2 or 3.
    public var dimensions: Int { kinetics.dimensions }

    /// What the built-in forces compute for: d3's exact numbers (the default) or speed.
    public var mode: SimulationMode { kinetics.mode }

    /// Number of nodes.
    public var nodeCount: Int { kinetics.count }

    /// The current alpha; default 1.
    public var alpha: Double {
        get { kinetics.alpha }
        set { kinetics.alpha = newValue }
    }

    /// d3's velocity decay (API value, default 0.4); read back as 1 - (1 - v), exactly as d3 does.
    public var velocityDecay: Double {
        get { 1 - retention }
        set { retention = 1 - newValue }
    }

    /// Threads forces may use (default: the cores this process may run on, `UsableCores`; 1 = single-threaded).
    /// Results do not depend on it.
    public var threads: Int {
        get { kinetics.threads }
        set { kinetics.threads = max(1, newValue) }
    }

    /// Names of the forces in application order.
    public var forceNames: [String] { forces.map(\.name) }

    /// The force registered under `name`, if any.
    public func force(named name: String) -> (any Force)? {
        forces.first { $0.name == name }?.force
    }

    /// Initializes `force` and registers it under `name`; an existing force of that name is replaced in its slot.
    /// If initialization throws, the registry is left unchanged.
    public func setForce(_ name: String, _ force: any Force) throws {
        try force.initialize(kinetics: kinetics, random: random)
        try random.throwFailure()
        if let slot = forces.firstIndex(where: { $0.name == name }) {
            forces[slot].force = force
        } else {
            forces.append((name, force))
        }
    }

    /// Removes and returns the force registered under `name`; adding it again puts it last, as in d3.
    @discardableResult
    public func removeForce(_ name: String) -> (any Force)? {
        guard let slot = forces.firstIndex(where: { $0.name == name }) else { return nil }
        return forces.remove(at: slot).force
    }

    /// Replaces the node set: new node `j` keeps the state of old node `keeping[j]`, or is new when nil.
    /// `setup` may then set values (new nodes start with NaN positions); unplaced nodes are placed by `placement`
    /// (phyllotaxis: the point of their new index), and every force is initialized again.
    public func replaceNodes(keeping: [Int?], setup: (Kinetics) throws -> Void = { _ in }) throws {
        let oldCount = kinetics.count
        if let bad = keeping.first(where: { $0 != nil && !(0..<oldCount).contains($0!) }) {
            throw SimulationError.invalidNodeMapping("old node index \(bad!) out of range 0..<\(oldCount)")
        }
        kinetics.replaceNodes(keeping: keeping)
        try setup(kinetics)
        kinetics.initializeNodes(placement: placement, random: random)
        try random.throwFailure()
        try initializeForces()
    }

    /// Goes back to d3's LCG, restarts it from `seed` and initializes every force again.
    public func reseed(_ seed: UInt32) throws {
        random.generator = nil
        random.reseed(seed)
        try initializeForces()
    }

    /// Draws random numbers from `generator` (values in [0, 1)) instead of d3's LCG, as d3's `randomSource` (nil: the
    /// LCG again, where it left off), and initializes every force again. While it is set, forces run on one thread,
    /// since it may be script code.
    public func setRandomGenerator(_ generator: (() throws -> Double)?) throws {
        random.generator = generator
        try initializeForces()
    }

    /// The start point of node `i` of `count` by the simulation's placement (d3's initializeNodes); random points
    /// are drawn from the random source. z is 0 in 2D.
    public func startPoint(ofNode i: Int, count: Int) throws -> (x: Double, y: Double, z: Double) {
        let point = placement.point(i, of: count, dimensions: dimensions, random: random)
        try random.throwFailure()
        return point
    }

    /// Registers (or with nil removes) the handler called `name` for `event`; a name is replaced in place.
    public func on(_ event: SimulationEvent, name: String = "", perform handler: ((Simulation) throws -> Void)?) {
        let slot = handlers.firstIndex { $0.event == event && $0.name == name }
        switch (slot, handler) {
        case (let slot?, let handler?): handlers[slot].handler = handler
        case (let slot?, nil): handlers.remove(at: slot)
        case (nil, let handler?): handlers.append((event, name, handler))
        case (nil, nil): break
        }
    }

    /// Runs `count` ticks without checking alphaMin or calling handlers, as d3's `tick(n)`. A throwing force ends
    /// the current tick with its error; the simulation stays usable. A thorough projection asks `shouldStop` before
    /// each of its passes and, when it returns true, leaves the rest of its work.
    public func tick(_ count: Int = 1, shouldStop: () -> Bool = { false }) throws {
        for _ in 0..<max(0, count) {
            kinetics.alpha += (alphaTarget - kinetics.alpha) * alphaDecay
            try applyForces(alpha: kinetics.alpha)
            try random.throwFailure()
            kinetics.integrate(retention: retention)
            try projectConstraints(thorough: kinetics.alpha < alphaMin, shouldStop: shouldStop)
        }
    }

    /// Rounds of the position constraints' thorough projections a tick may take, until none moves anything.
    public static let constraintRounds = 50

    /// After integration, projects the forces that are position constraints, in order: one light round while the
    /// layout is hot; thorough rounds again while one moved something once alpha is below alphaMin (one's
    /// projection may undo another's: a box pushed against its frame's side is pushed back in).
    private func projectConstraints(thorough: Bool, shouldStop: () -> Bool) throws {
        let constraints = forces.compactMap { $0.force as? any PositionConstraint }
        guard !constraints.isEmpty else { return }
        for _ in 0..<(thorough ? Simulation.constraintRounds : 1) {
            var moved = false
            for constraint in constraints {
                if try constraint.project(thorough: thorough, shouldStop: shouldStop) { moved = true }
            }
            if !moved || constraints.count == 1 || shouldStop() { return }
        }
    }

    /// Applies the forces in order. With more than one thread, when a force that prepares from the positions (the
    /// many-body tree; in fast mode its whole sums) follows forces that change nothing but velocities, those run on a background thread while
    /// it prepares; they touch nothing it reads, so results do not depend on it.
    func applyForces(alpha: Double) throws {
        var first = 0
        if kinetics.threads > 1, random.generator == nil {
            while first < forces.count, !(forces[first].force is any PreparedForce),
                forces[first].force.changesOnlyVelocities
            {
                first += 1
            }
        }
        guard first > 0, first < forces.count, let prepared = forces[first].force as? any PreparedForce,
            prepared.preparesAhead
        else {
            for entry in forces { try entry.force.apply(alpha: alpha) }
            return
        }
        let earlier = BackgroundForces(forces[..<first].map(\.force), alpha: alpha)
        earlier.start(on: workerQueue)
        prepared.prepare()
        do {
            try earlier.finish()
        } catch {
            prepared.discardPreparation()
            throw error
        }
        for entry in forces[first...] { try entry.force.apply(alpha: alpha) }
    }

    /// Ticks like d3's timer: after each tick calls `onTick` and the tick handlers, and stops when alpha is below
    /// alphaMin (calling the end handlers), after `maxTicks` ticks, or when `shouldStop` returns true.
    @discardableResult
    public func run(
        maxTicks: Int = .max, onTick: ((Simulation) throws -> Void)? = nil,
        shouldStop: () -> Bool = { false }
    ) throws -> RunOutcome {
        var ticks = 0
        var stopped = false
        while ticks < maxTicks {
            if shouldStop() { return .interrupted }
            try tick(shouldStop: {
                stopped = stopped || shouldStop()
                return stopped
            })
            if stopped { return .interrupted }
            ticks += 1
            try onTick?(self)
            try dispatch(.tick)
            if kinetics.alpha < alphaMin {
                try dispatch(.end)
                return .converged
            }
        }
        return .tickLimit
    }

    /// The node nearest to (x, y[, z]) with squared distance strictly below radius² (any distance when nil);
    /// the first node wins ties, as in d3.
    public func find(x: Double, y: Double, z: Double = 0, radius: Double? = nil) -> Int? {
        var best = radius.map { $0 * $0 } ?? .infinity
        var closest: Int?
        let three = dimensions == 3
        for i in 0..<kinetics.count {
            let dx = x - kinetics.x[i]
            let dy = y - kinetics.y[i]
            var d2 = dx * dx + dy * dy
            if three {
                let dz = z - kinetics.z[i]
                d2 += dz * dz
            }
            if d2 < best {
                best = d2
                closest = i
            }
        }
        return closest
    }

    private func initializeForces() throws {
        for entry in forces {
            try entry.force.initialize(kinetics: kinetics, random: random)
        }
        try random.throwFailure()
    }

    private func dispatch(_ event: SimulationEvent) throws {
        for entry in handlers where entry.event == event {
            try entry.handler(self)
        }
    }
}
