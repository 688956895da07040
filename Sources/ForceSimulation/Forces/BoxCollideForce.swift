/// d3's collision force for flow charts' boxes: pushes apart every two nodes whose outlines (boxes, or circles for
/// nodes without a size, see `NodeBoxes`) come closer than `margin`, found with a quadtree over their centres and,
/// per cell, the widest half-width and half-height below it. Each tick it moves velocities as d3's collide does
/// (`strength` of each overlap per pass, `iterations` passes, the smaller node taking the larger share); after the
/// tick's integration it moves positions by one pass of whole overlaps. Once alpha is below alphaMin it projects
/// until no two outlines overlap: passes of whole overlaps while they undo some, and, where a jam outlasts
/// `projectionPasses` of them, one spread of every free node away from their centroid by the least factor that
/// clears every pair left, so what a layout ends with has no overlap however crowded its start and however wide or
/// thin its boxes (two fixed nodes excepted: neither moves). A node is never pushed off its own ancestors (it sits
/// in their frames), and moving a node moves what it holds. 2D only: boxes have no depth. Ignores alpha, as d3's
/// collide does.
public final class BoxCollideForce: Force, PositionConstraint {
    /// The nodes' outlines and parents.
    public let boxes: NodeBoxes
    /// The least gap between two outlines (default 0).
    public var margin: Double
    /// Fraction of each overlap resolved per pass in a tick (default 1).
    public var strength: Double
    /// Passes per tick (default 1).
    public var iterations: Int

    /// Passes of whole overlaps a thorough projection takes before it spreads the nodes of a jam apart.
    public static let projectionPasses = 1000
    /// The first passes of a thorough projection part each pair along the axis it overlaps least on (boxes side by
    /// side stay aligned); later ones along the line between the centres, which, unlike the axis, does not flip
    /// from pass to pass, so a jam comes undone as circles' do.
    public static let axisPasses = 10

    private var kinetics: Kinetics?
    private var random: RandomSource?
    private let tree = SpatialTree()
    /// Per node during a pass: live centre and half extents.
    private let centreX = ScratchBuffer<Double>(), centreY = ScratchBuffer<Double>()
    private let halfX = ScratchBuffer<Double>(), halfY = ScratchBuffer<Double>(), area = ScratchBuffer<Double>()
    /// Per cell: the largest half-width and half-height of the outlines below it.
    private let reachX = ScratchBuffer<Double>(), reachY = ScratchBuffer<Double>()

    /// Creates the force with d3's defaults (strength 1, 1 iteration) and no margin.
    public init(boxes: NodeBoxes, margin: Double = 0, strength: Double = 1, iterations: Int = 1) {
        self.boxes = boxes
        self.margin = margin
        self.strength = strength
        self.iterations = iterations
    }

    /// It changes only velocities during the tick (positions in `project`).
    public var changesOnlyVelocities: Bool { true }

    /// Binds to the kinetics; the boxes must describe its nodes, in 2D.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        try boxes.check(kinetics, for: "collide with boxes")
        self.kinetics = kinetics
        self.random = random
    }

    /// d3's passes on the predicted positions x + v, moving velocities.
    public func apply(alpha: Double) throws {
        guard let kinetics, kinetics.count > 1 else { return }
        for _ in 0..<max(0, iterations) { _ = pass(kinetics, exact: false) }
    }

    /// Moves positions apart: one pass, or when thorough until no two outlines overlap (passes, then a spread for
    /// what they leave).
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        guard let kinetics, kinetics.count > 1 else { return false }
        guard thorough else { return pass(kinetics, exact: true) > 0 }
        var moved = false
        for round in 0..<BoxCollideForce.projectionPasses {
            if shouldStop() { return moved }
            guard pass(kinetics, exact: true, alongCentres: round >= BoxCollideForce.axisPasses) > 0 else { return moved }
            moved = true
        }
        if shouldStop() { return moved }
        guard spread(kinetics) else { return moved }
        // Fixed nodes do not spread: passes settle what a spread left against them.
        for _ in 0..<BoxCollideForce.projectionPasses {
            if shouldStop() { break }
            guard pass(kinetics, exact: true, alongCentres: true) > 0 else { break }
        }
        return true
    }

    /// Fills the pass buffers with every node's centre (`ahead` times its velocity on), half extents and area.
    private func measure(_ k: Kinetics, ahead: Double) {
        let n = k.count
        for buffer in [centreX, centreY, halfX, halfY, area] { buffer.reserve(n) }
        let hx = halfX.base, hy = halfY.base, area = area.base
        boxes.centres(k, ahead: ahead, x: centreX.base, y: centreY.base)
        for i in 0..<n {
            hx[i] = boxes.halfWidth(i)
            hy[i] = boxes.halfHeight(i)
            area[i] = boxes.isBox(i) ? 4 * hx[i] * hy[i] : Double.pi * hx[i] * hx[i]
        }
    }

    /// Calls `visit(i, j)` (i < j) for every two nodes whose outlines, `margin` grown, may meet: a quadtree over the
    /// measured centres, each cell's reach its widest outline. `visit` may move the centres as it goes.
    private func forEachPairInReach(_ n: Int, _ visit: (Int, Int) -> Void) {
        let cx = centreX.base, cy = centreY.base, hx = halfX.base, hy = halfY.base
        tree.build(count: n, dimensions: 2, x: cx, y: cy, z: nil)
        prepareReach()
        let cells = tree.cellCount, end = tree.end.base, head = tree.head.base, next = tree.next.base
        let bounds = tree.bounds.base, reachX = self.reachX.base, reachY = self.reachY.base
        let m = margin
        for i in 0..<n {
            var c = 0
            while c < cells {
                let h = Int(head[c])
                if h < 0 {
                    let b = bounds + 4 * c, xi = cx[i], yi = cy[i]
                    let rx = hx[i] + reachX[c] + m, ry = hy[i] + reachY[c] + m
                    let outside = b[0] > xi + rx || b[2] < xi - rx || b[1] > yi + ry || b[3] < yi - ry
                    c = outside ? Int(end[c]) : c + 1
                    continue
                }
                c += 1
                var j = h
                while j >= 0 {
                    if j > i { visit(i, j) }
                    j = Int(next[j])
                }
            }
        }
    }

    /// One pass over every pair in reach: exact passes move positions by the whole overlap (and a hair more),
    /// others velocities by `strength` of it; a box parts from a box along the axis it overlaps least on, or
    /// `alongCentres`, along the line between their centres. Returns the number of pairs moved.
    private func pass(_ k: Kinetics, exact: Bool, alongCentres: Bool = false) -> Int {
        measure(k, ahead: exact ? 0 : 1)
        let cx = centreX.base, cy = centreY.base, hx = halfX.base, hy = halfY.base, area = area.base
        let moveX = exact ? k.x : k.vx, moveY = exact ? k.y : k.vy
        let scale = exact ? 1 : strength
        var moved = 0
        forEachPairInReach(k.count) { i, j in
            guard var push = separation(i, j, cx, cy, hx, hy, exact: exact, alongCentres: alongCentres),
                !boxes.isAncestor(i, of: j), !boxes.isAncestor(j, of: i), let shares = shares(i, j, k, area)
            else { return }
            push *= scale
            moveX[i] += push.x * shares.i
            moveY[i] += push.y * shares.i
            moveX[j] -= push.x * shares.j
            moveY[j] -= push.y * shares.j
            cx[i] += push.x * shares.i
            cy[i] += push.y * shares.i
            cx[j] -= push.x * shares.j
            cy[j] -= push.y * shares.j
            moved += 1
        }
        return moved
    }

    /// The last resort of a thorough projection: moves every free node's centre away from the free nodes' centroid
    /// by the least factor that puts every two outlines still overlapping `margin` apart (a circle counted as the
    /// square around it). Every distance between free centres grows by that factor and no outline changes, so no
    /// pair that was apart comes closer. False when nothing overlapped (or only pairs no factor can part).
    private func spread(_ k: Kinetics) -> Bool {
        let n = k.count
        measure(k, ahead: 0)
        let cx = centreX.base, cy = centreY.base, hx = halfX.base, hy = halfY.base
        var factor = 1.0
        forEachPairInReach(n) { i, j in
            guard separation(i, j, cx, cy, hx, hy, exact: false, alongCentres: false) != nil,
                !boxes.isAncestor(i, of: j), !boxes.isAncestor(j, of: i), shares(i, j, k, area.base) != nil
            else { return }
            let d = SIMD2(cx[i] - cx[j], cy[i] - cy[j])
            if let needed = clearingFactor(i, j, d, hx, hy, hair: clearance(i, j, hx, hy)) { factor = max(factor, needed) }
        }
        guard factor > 1 else { return false }
        var middle = SIMD2<Double>.zero, free = 0.0
        let moving = (0..<n).filter { boxes.isFree($0, k) && cx[$0].isFinite && cy[$0].isFinite }
        for i in moving {
            middle += SIMD2(cx[i], cy[i])
            free += 1
        }
        middle /= max(free, 1)
        for i in moving {
            cx[i] = middle.x + factor * (cx[i] - middle.x)
            cy[i] = middle.y + factor * (cy[i] - middle.y)
        }
        boxes.place(k, x: cx, y: cy)
        return true
    }

    /// How far `i` must move from `j` (all of it on `i`) for their outlines to be `margin` apart, or nil when they
    /// are; an exact separation goes a hair further, so that the outlines end strictly apart. Two boxes part along
    /// the axis they overlap least on, or `alongCentres` along the line between their centres.
    private func separation(
        _ i: Int, _ j: Int, _ cx: UnsafeMutablePointer<Double>, _ cy: UnsafeMutablePointer<Double>,
        _ hx: UnsafeMutablePointer<Double>, _ hy: UnsafeMutablePointer<Double>, exact: Bool, alongCentres: Bool
    ) -> SIMD2<Double>? {
        let m = margin, d = SIMD2(cx[i] - cx[j], cy[i] - cy[j])
        let boxI = boxes.isBox(i), boxJ = boxes.isBox(j)
        let hair = exact ? clearance(i, j, hx, hy) : 0
        switch (boxI, boxJ) {
        case (true, true):
            let ox = hx[i] + hx[j] + m - abs(d.x), oy = hy[i] + hy[j] + m - abs(d.y)
            guard ox > 0, oy > 0 else { return nil }
            if alongCentres, let factor = clearingFactor(i, j, d, hx, hy, hair: hair) { return d * (factor - 1) }
            return ox < oy ? SIMD2(sign(d.x) * (ox + hair), 0) : SIMD2(0, sign(d.y) * (oy + hair))
        case (false, false):
            let r = hx[i] + hx[j] + m
            var l = (d * d).sum().squareRoot()
            guard l < r else { return nil }
            var direction = d
            if l == 0 {
                direction = SIMD2(sign(0), sign(0))
                l = (direction * direction).sum().squareRoot()
            }
            return direction / l * (r - l + hair)
        case (true, false):
            return circleOffBox(-d, radius: hx[j] + m, halfWidth: hx[i], halfHeight: hy[i], hair: hair).map { -$0 }
        case (false, true):
            return circleOffBox(d, radius: hx[i] + m, halfWidth: hx[j], halfHeight: hy[j], hair: hair)
        }
    }

    /// The least factor by which the centres' offset `d` must grow for the outlines of `i` and `j` (a circle counted
    /// as the square around it) to be `margin` and `hair` apart; nil when the centres coincide.
    private func clearingFactor(
        _ i: Int, _ j: Int, _ d: SIMD2<Double>, _ hx: UnsafeMutablePointer<Double>, _ hy: UnsafeMutablePointer<Double>,
        hair: Double
    ) -> Double? {
        let alongX = d.x != 0 ? (hx[i] + hx[j] + margin + hair) / abs(d.x) : .infinity
        let alongY = d.y != 0 ? (hy[i] + hy[j] + margin + hair) / abs(d.y) : .infinity
        let factor = min(alongX, alongY)
        return factor.isFinite ? factor : nil
    }

    /// How much further than the overlap an exact separation of `i` and `j` goes, so that they end strictly apart.
    private func clearance(_ i: Int, _ j: Int, _ hx: UnsafeMutablePointer<Double>, _ hy: UnsafeMutablePointer<Double>) -> Double {
        1e-7 * (hx[i] + hx[j] + hy[i] + hy[j] + margin) + 1e-9
    }

    /// How far a circle of `radius` whose centre is `offset` from a box's centre must move to clear the box.
    private func circleOffBox(
        _ offset: SIMD2<Double>, radius: Double, halfWidth: Double, halfHeight: Double, hair: Double
    ) -> SIMD2<Double>? {
        let nearest = SIMD2(min(max(offset.x, -halfWidth), halfWidth), min(max(offset.y, -halfHeight), halfHeight))
        let away = offset - nearest
        let distance = (away * away).sum().squareRoot()
        if distance > 0 {
            guard distance < radius else { return nil }
            return away / distance * (radius - distance + hair)
        }
        let px = halfWidth + radius - abs(offset.x), py = halfHeight + radius - abs(offset.y)
        return px < py ? SIMD2(sign(offset.x) * (px + hair), 0) : SIMD2(0, sign(offset.y) * (py + hair))
    }

    /// The shares of a push `i` and `j` take: by area, the smaller moving more (d3 weighs by r²); a fixed node
    /// takes none; nil when both are fixed.
    private func shares(_ i: Int, _ j: Int, _ k: Kinetics, _ area: UnsafeMutablePointer<Double>) -> (i: Double, j: Double)? {
        switch (!boxes.isFree(i, k), !boxes.isFree(j, k)) {
        case (true, true): return nil
        case (true, false): return (0, 1)
        case (false, true): return (1, 0)
        case (false, false):
            let total = area[i] + area[j]
            guard total > 0 else { return (0.5, 0.5) }
            return (area[j] / total, area[i] / total)
        }
    }

    /// The sign of a coordinate difference, a random one for 0 (d3's jiggle).
    private func sign(_ value: Double) -> Double {
        if value > 0 { return 1 }
        if value < 0 { return -1 }
        return (random?.jiggle() ?? 1) > 0 ? 1 : -1
    }

    /// Per cell, the largest half-width and half-height of the outlines below it (a leaf's: of its chain).
    private func prepareReach() {
        let cells = tree.cellCount
        reachX.reserve(cells)
        reachY.reserve(cells)
        let reachX = self.reachX.base, reachY = self.reachY.base, end = tree.end.base, head = tree.head.base
        let next = tree.next.base, hx = halfX.base, hy = halfY.base
        for c in stride(from: cells - 1, through: 0, by: -1) {
            var rx = 0.0, ry = 0.0
            var h = Int(head[c])
            if h >= 0 {
                while h >= 0 {
                    rx = max(rx, hx[h])
                    ry = max(ry, hy[h])
                    h = Int(next[h])
                }
            } else {
                var child = c + 1
                while child < Int(end[c]) {
                    rx = max(rx, reachX[child])
                    ry = max(ry, reachY[child])
                    child = Int(end[child])
                }
            }
            reachX[c] = rx
            reachY[c] = ry
        }
    }
}
