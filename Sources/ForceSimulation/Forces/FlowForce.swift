/// A direction for a flow: along each link, the target's outline should lie at least `separation` beyond the
/// source's along `direction` (right, down or any vector), so a pipeline reads one way in layers. During a tick a
/// link whose ends are closer than that along the direction is pushed apart along it (`strength` of the shortfall,
/// times alpha, shared equally); links already far enough apart feel nothing. After the tick's integration one pass
/// moves positions by whole shortfalls, and once alpha is below alphaMin passes go on until every link but those
/// closing a cycle holds exactly (the links that close a cycle,
/// found depth-first in link order as Sugiyama's cycle removal does, are only pushed, never projected: a cycle
/// cannot run one way). Outlines come from `NodeBoxes` (their extent along the direction); in 3D a direction may
/// have a z part, and nodes are measured in x and y by their boxes.
public final class FlowForce: Force, PositionConstraint {
    /// Source node index of each link.
    public let sources: [Int]
    /// Target node index of each link.
    public let targets: [Int]
    /// The nodes' outlines and parents.
    public let boxes: NodeBoxes
    /// The unit direction flows run in (x, y, z).
    public let direction: SIMD3<Double>
    /// The least gap between a link's source and target outlines along the direction (default 40).
    public var separation: Double
    /// Share of the shortfall closed per tick, times alpha (default 0.5).
    public var strength: Double

    /// The defaults of `separation` and `strength`.
    public static let defaultSeparation = 40.0, defaultStrength = 0.5

    /// Passes a thorough projection may take in one tick before it leaves the rest to the next tick.
    public static let projectionPasses = 100

    private var kinetics: Kinetics?
    /// The links that close no cycle, in link order.
    private var forward: [Int] = []

    /// Creates the force; `direction` need not be a unit vector but must not be zero.
    public init(
        links: [(source: Int, target: Int)], boxes: NodeBoxes, direction: SIMD3<Double>,
        separation: Double = defaultSeparation, strength: Double = defaultStrength
    ) throws {
        let length = (direction * direction).sum().squareRoot()
        guard length > 0, length.isFinite else {
            throw SimulationError.invalidBoxes("flow: the direction must be a non-zero finite vector")
        }
        sources = links.map(\.source)
        targets = links.map(\.target)
        self.boxes = boxes
        self.direction = direction / length
        self.separation = separation
        self.strength = strength
    }

    /// It changes only velocities.
    public var changesOnlyVelocities: Bool { true }

    /// Binds to the kinetics; links must name its nodes, the boxes describe them, and a z direction needs 3D.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        guard kinetics.count == boxes.count else {
            throw SimulationError.invalidBoxes("flow: boxes for \(boxes.count) nodes, but the simulation has \(kinetics.count)")
        }
        guard kinetics.dimensions == 3 || direction.z == 0 else {
            throw SimulationError.axisUnavailable("flow: a direction with a z part needs a 3D simulation")
        }
        for i in sources.indices {
            if !(0..<kinetics.count).contains(sources[i]) { throw SimulationError.nodeNotFound("\(sources[i])") }
            if !(0..<kinetics.count).contains(targets[i]) { throw SimulationError.nodeNotFound("\(targets[i])") }
        }
        self.kinetics = kinetics
        forward = FlowForce.acyclicLinks(sources, targets, nodes: kinetics.count)
    }

    /// The links left when those closing a cycle (reaching a node on the depth-first path, starting from each node
    /// in turn and following links in order) and self-loops are left out.
    static func acyclicLinks(_ sources: [Int], _ targets: [Int], nodes n: Int) -> [Int] {
        var outgoing = [[Int]](repeating: [], count: n)
        for l in sources.indices { outgoing[sources[l]].append(l) }
        var state = [UInt8](repeating: 0, count: n)  // 0 unseen, 1 on the path, 2 done
        var closing = Set<Int>()
        for root in 0..<n where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next == outgoing[top.node].count {
                    state[top.node] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let link = outgoing[top.node][top.next], target = targets[link]
                switch state[target] {
                case 1: closing.insert(link)
                case 0:
                    state[target] = 1
                    stack.append((target, 0))
                default: break
                }
            }
        }
        return sources.indices.filter { !closing.contains($0) }
    }

    /// Moves positions along the direction: one pass, or when thorough until every link that closes no cycle holds
    /// (at most `projectionPasses`).
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        guard let k = kinetics, !forward.isEmpty else { return false }
        var moved = false
        for pass in 0..<(thorough ? FlowForce.projectionPasses : 1) {
            if pass > 0, shouldStop() { break }
            var pushed = false
            for l in forward {
                let s = sources[l], t = targets[l]
                let shortfall = extent(s) + extent(t) + separation - ((position(t, k, ahead: 0) - position(s, k, ahead: 0)) * direction).sum()
                guard shortfall > 0 else { continue }
                let fixedS = !k.fx[s].isNaN || !k.fy[s].isNaN, fixedT = !k.fx[t].isNaN || !k.fy[t].isNaN
                if fixedS && fixedT { continue }
                let step = direction * (shortfall * (1 + 1e-9) + 1e-9)
                let shareT = fixedS ? 1.0 : fixedT ? 0 : 0.5
                move(t, step * shareT, k)
                move(s, -step * (1 - shareT), k)
                pushed = true
            }
            guard pushed else { break }
            moved = true
        }
        return moved
    }

    /// Moves node `i`'s position by `step`.
    private func move(_ i: Int, _ step: SIMD3<Double>, _ k: Kinetics) {
        k.x[i] += step.x
        k.y[i] += step.y
        if k.dimensions == 3 { k.z[i] += step.z }
    }

    /// Pushes apart, along the direction, the ends of links that are less than `separation` apart along it.
    public func apply(alpha: Double) throws {
        guard let k = kinetics else { return }
        let u = direction, three = k.dimensions == 3
        for i in sources.indices {
            let s = sources[i], t = targets[i]
            guard s != t else { continue }
            let along = ((position(t, k, ahead: 1) - position(s, k, ahead: 1)) * u).sum()
            let needed = extent(s) + extent(t) + separation
            guard along < needed else { continue }
            let push = (needed - along) * alpha * strength / 2
            k.vx[t] += u.x * push
            k.vy[t] += u.y * push
            k.vx[s] -= u.x * push
            k.vy[s] -= u.y * push
            if three {
                k.vz[t] += u.z * push
                k.vz[s] -= u.z * push
            }
        }
    }

    /// Node `i`'s absolute centre, plus `ahead` times its velocity, z included in 3D.
    private func position(_ i: Int, _ k: Kinetics, ahead: Double) -> SIMD3<Double> {
        let centre = boxes.centre(i, k, ahead: ahead)
        guard k.dimensions == 3 else { return SIMD3(centre.x, centre.y, 0) }
        var z = 0.0, node = i
        while node >= 0 {
            z += k.z[node] + ahead * k.vz[node]
            node = boxes.parents[node]
        }
        return SIMD3(centre.x, centre.y, z)
    }

    /// Half of node `i`'s outline along the direction.
    private func extent(_ i: Int) -> Double {
        abs(direction.x) * boxes.halfWidth(i) + abs(direction.y) * boxes.halfHeight(i)
    }
}
