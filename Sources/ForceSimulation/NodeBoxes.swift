import NodeOutline

/// The outlines of a flow's nodes as the flow forces see them, as flow editors (React Flow) place them: a node with a
/// width and a height is a box placed by its top-left corner, any other a circle of its radius placed by its centre;
/// a node with a parent is placed relative to the parent's position, so moving a parent moves what it holds. The
/// forces of one simulation share one `NodeBoxes`: the frames force grows its frames, and the others see them grown.
public final class NodeBoxes {
    /// Each node's parent index, or -1.
    public let parents: [Int]
    /// Each node's width (0 for a circle).
    public internal(set) var widths: [Double]
    /// Each node's height (0 for a circle).
    public internal(set) var heights: [Double]
    /// Each node's radius when it is a circle.
    public private(set) var radii: [Double]
    /// Each node's children, in node order.
    public let children: [[Int]]
    /// The nodes, every parent before its children.
    let topDown: [Int]

    /// Checks that parents are node indices without cycles and sizes are finite and not negative.
    public init(parents: [Int], widths: [Double], heights: [Double], radii: [Double]) throws {
        let n = parents.count
        guard widths.count == n, heights.count == n, radii.count == n else {
            throw SimulationError.invalidBoxes("boxes: \(n) parents, \(widths.count) widths, \(heights.count) heights and \(radii.count) radii")
        }
        for i in 0..<n {
            for (name, value) in [("width", widths[i]), ("height", heights[i]), ("radius", radii[i])] where !(value >= 0 && value.isFinite) {
                throw SimulationError.invalidBoxes("boxes: node \(i)'s \(name) must be a finite number >= 0, got \(value)")
            }
            guard parents[i] >= -1, parents[i] < n, parents[i] != i else {
                throw SimulationError.invalidBoxes("boxes: node \(i)'s parent \(parents[i]) is not another node")
            }
        }
        var children = [[Int]](repeating: [], count: n)
        for i in 0..<n where parents[i] >= 0 { children[parents[i]].append(i) }
        var topDown: [Int] = []
        topDown.reserveCapacity(n)
        var stack = (0..<n).filter { parents[$0] < 0 }.reversed() as [Int]
        while let i = stack.popLast() {
            topDown.append(i)
            stack.append(contentsOf: children[i].reversed())
        }
        guard topDown.count == n else { throw SimulationError.invalidBoxes("boxes: the parents form a cycle") }
        self.parents = parents
        self.widths = widths
        self.heights = heights
        self.radii = radii
        self.children = children
        self.topDown = topDown
    }

    /// Nodes without parents, boxes of `widths` × `heights` (0 × 0: a circle of the radius).
    public convenience init(widths: [Double], heights: [Double], radii: [Double]? = nil) throws {
        try self.init(
            parents: [Int](repeating: -1, count: widths.count), widths: widths, heights: heights,
            radii: radii ?? [Double](repeating: 0, count: widths.count))
    }

    /// Sets node `i`'s outline: a box when `width` and `height` are both above 0, else a circle of `radius`.
    public func setOutline(_ i: Int, width: Double, height: Double, radius: Double) throws {
        for (name, value) in [("width", width), ("height", height), ("radius", radius)] where !(value >= 0 && value.isFinite) {
            throw SimulationError.invalidBoxes("boxes: node \(i)'s \(name) must be a finite number >= 0, got \(value)")
        }
        (widths[i], heights[i], radii[i]) = (width, height, radius)
    }

    /// Number of nodes.
    public var count: Int { parents.count }

    /// Whether node `i` is a box (it has a width and a height).
    @inline(__always) public func isBox(_ i: Int) -> Bool { widths[i] > 0 && heights[i] > 0 }

    /// Half of node `i`'s extent along x (a circle's radius).
    @inline(__always) func halfWidth(_ i: Int) -> Double { isBox(i) ? widths[i] / 2 : radii[i] }

    /// Half of node `i`'s extent along y (a circle's radius).
    @inline(__always) func halfHeight(_ i: Int) -> Double { isBox(i) ? heights[i] / 2 : radii[i] }

    /// Node `i`'s outline about `centre`.
    func shape(_ i: Int, at centre: SIMD2<Double>) -> NodeShape {
        NodeShape(center: centre, halfWidth: halfWidth(i), halfHeight: halfHeight(i), isBox: isBox(i))
    }

    /// Whether `a` is an ancestor of `b` (its parent, the parent's parent, ...).
    func isAncestor(_ a: Int, of b: Int) -> Bool {
        var p = parents[b]
        while p >= 0 {
            if p == a { return true }
            p = parents[p]
        }
        return false
    }

    /// Node `i`'s absolute centre from the kinetics' positions, each plus `ahead` times its velocity (1: where
    /// d3's forces predict it, 0: where it is).
    func centre(_ i: Int, _ k: Kinetics, ahead: Double) -> SIMD2<Double> {
        var point = SIMD2(k.x[i] + ahead * k.vx[i], k.y[i] + ahead * k.vy[i])
        if isBox(i) { point += SIMD2(widths[i], heights[i]) / 2 }
        var p = parents[i]
        while p >= 0 {
            point += SIMD2(k.x[p] + ahead * k.vx[p], k.y[p] + ahead * k.vy[p])
            p = parents[p]
        }
        return point
    }

    /// Every node's absolute centre (as `centre`) into `cx` and `cy`, parents first.
    func centres(_ k: Kinetics, ahead: Double, x cx: UnsafeMutablePointer<Double>, y cy: UnsafeMutablePointer<Double>) {
        // Top-left corners (a circle's centre) first, then the boxes' halves.
        for i in topDown {
            var px = k.x[i] + ahead * k.vx[i], py = k.y[i] + ahead * k.vy[i]
            let p = parents[i]
            if p >= 0 {
                px += cx[p]
                py += cy[p]
            }
            cx[i] = px
            cy[i] = py
        }
        for i in 0..<count where isBox(i) {
            cx[i] += widths[i] / 2
            cy[i] += heights[i] / 2
        }
    }

    /// Sets the positions of the free nodes (see `isFree`) so that their absolute centres are `cx` and `cy` (as
    /// `centres` gives them, a fixed node's as it is), each relative to its parent's new place.
    func place(_ k: Kinetics, x cx: UnsafeMutablePointer<Double>, y cy: UnsafeMutablePointer<Double>) {
        func corner(_ i: Int) -> SIMD2<Double> {
            isBox(i) ? SIMD2(cx[i] - widths[i] / 2, cy[i] - heights[i] / 2) : SIMD2(cx[i], cy[i])
        }
        for i in 0..<count where isFree(i, k) {
            var position = corner(i)
            if parents[i] >= 0 { position -= corner(parents[i]) }
            k.x[i] = position.x
            k.y[i] = position.y
        }
    }

    /// Whether node `i` is free to move: fixed on neither axis (fx, fy).
    @inline(__always) func isFree(_ i: Int, _ k: Kinetics) -> Bool { k.fx[i].isNaN && k.fy[i].isNaN }

    /// Checks that the boxes describe the kinetics' nodes and that it is 2D (boxes have no depth), for `force`.
    func check(_ k: Kinetics, for force: String) throws {
        guard k.dimensions == 2 else {
            throw SimulationError.axisUnavailable("\(force) works in 2D only: boxes have no depth (use circles in 3D)")
        }
        guard k.count == count else {
            throw SimulationError.invalidBoxes("\(force): boxes for \(count) nodes, but the simulation has \(k.count)")
        }
    }
}
