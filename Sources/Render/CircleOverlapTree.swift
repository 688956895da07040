import GraphModel

/// Counts pairs of overlapping circles through a k-d tree of their centres: a pair of subtrees whose boxes are close
/// enough that every pair of their circles overlaps is counted at once (a product), one far enough that none does is
/// skipped, and only the pairs in leaves the distance cannot settle are tested one by one, as the definition tests
/// them. The bounds are computed with the same rounded operations as the test, so the count is exact.
struct CircleOverlapTree {
    /// A subtree: its range of `points`, its children's indices (-1 for a leaf), its centres' box and its radii's range.
    private struct Node {
        let start: Int, end: Int
        var left = -1, right = -1
        let low: SIMD2<Double>, high: SIMD2<Double>
        let smallest: Double, largest: Double
        var count: Int { end - start }
        var isLeaf: Bool { left < 0 }
    }

    /// The most circles in a leaf, whose pairs with another leaf's are tested one by one.
    static let leafSize = 8
    /// The centres in tree order (each subtree's centres consecutive).
    private var points: [SIMD2<Double>]
    /// The radii in tree order.
    private var radii: [Double]
    /// The subtrees, the root first.
    private var nodes: [Node] = []

    /// The tree of circles at `points` with `radii` (finite, within ±2^500 so that sums and squares stay finite);
    /// charges `meter` one unit per centre placed at each level.
    init(points: [SIMD2<Double>], radii: [Double], meter: WorkMeter) throws {
        self.points = points
        self.radii = radii
        guard !points.isEmpty else { return }
        nodes.reserveCapacity(2 * points.count / Self.leafSize + 2)
        _ = try build(points.startIndex, points.endIndex, meter: meter)
    }

    /// The number of pairs i < j whose centre distance is below the sum of their radii; charges `meter` one unit per
    /// pair of subtrees compared and per pair of circles tested.
    func overlaps(meter: WorkMeter) throws -> Int {
        nodes.isEmpty ? 0 : try within(0, meter: meter)
    }

    /// Builds the subtree of `start..<end` (splitting it at its middle along its box's longer side) and returns its index.
    private mutating func build(_ start: Int, _ end: Int, meter: WorkMeter) throws -> Int {
        try meter.charge(end - start)
        var low = points[start], high = points[start]
        var smallest = radii[start], largest = radii[start]
        for i in start..<end {
            low = pointwiseMin(low, points[i])
            high = pointwiseMax(high, points[i])
            smallest = min(smallest, radii[i])
            largest = max(largest, radii[i])
        }
        let index = nodes.count
        nodes.append(Node(start: start, end: end, low: low, high: high, smallest: smallest, largest: largest))
        guard end - start > Self.leafSize else { return index }
        let axis = high.x - low.x >= high.y - low.y ? 0 : 1
        let middle = (start + end) / 2
        select(middle, in: start..<end, axis: axis)
        let left = try build(start, middle, meter: meter)
        nodes[index].left = left
        nodes[index].right = try build(middle, end, meter: meter)
        return index
    }

    /// Reorders `range` so that the centre at `k` is where sorting along `axis` would put it, none after it smaller
    /// and none before it larger (Hoare's selection, its pivot the median of three).
    private mutating func select(_ k: Int, in range: Range<Int>, axis: Int) {
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
            let a = points[low][axis], b = points[(low + high) / 2][axis], c = points[high][axis]
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = low, j = high
            while i <= j {
                while points[i][axis] < pivot { i += 1 }
                while points[j][axis] > pivot { j -= 1 }
                if i <= j {
                    points.swapAt(i, j)
                    radii.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return }
        }
    }

    /// The overlapping pairs inside subtree `a`.
    private func within(_ a: Int, meter: WorkMeter) throws -> Int {
        try meter.charge()
        let node = nodes[a]
        if reachesAll(node, node) { return node.count * (node.count - 1) / 2 }
        guard !node.isLeaf else {
            try meter.charge(node.count * (node.count - 1) / 2)
            var count = 0
            for i in node.start..<node.end {
                for j in (i + 1)..<node.end where overlap(i, j) { count += 1 }
            }
            return count
        }
        return try within(node.left, meter: meter) + within(node.right, meter: meter) + between(node.left, node.right, meter: meter)
    }

    /// The overlapping pairs with one circle in subtree `a` and one in subtree `b` (disjoint).
    private func between(_ a: Int, _ b: Int, meter: WorkMeter) throws -> Int {
        try meter.charge()
        let one = nodes[a], other = nodes[b]
        if reachesAll(one, other) { return one.count * other.count }
        if reachesNone(one, other) { return 0 }
        if !one.isLeaf && (other.isLeaf || one.count >= other.count) {
            return try between(one.left, b, meter: meter) + between(one.right, b, meter: meter)
        }
        if !other.isLeaf {
            return try between(a, other.left, meter: meter) + between(a, other.right, meter: meter)
        }
        try meter.charge(one.count * other.count)
        var count = 0
        for i in one.start..<one.end {
            for j in other.start..<other.end where overlap(i, j) { count += 1 }
        }
        return count
    }

    /// Whether circles `i` and `j` overlap: the definition, as `Proximity.overlaps` states it.
    @inline(__always)
    private func overlap(_ i: Int, _ j: Int) -> Bool {
        Metrics.distance(points[i], points[j]) < radii[i] + radii[j]
    }

    /// Whether every circle of `a` overlaps every other of `b` as `overlap` computes it: the farthest two centres
    /// can be, computed with the same (monotone) rounded operations, is below the two smallest radii's sum.
    private func reachesAll(_ a: Node, _ b: Node) -> Bool {
        let farthest = pointwiseMax(a.high - b.low, b.high - a.low)
        return (farthest * farthest).sum().squareRoot() < a.smallest + b.smallest
    }

    /// Whether no circle of `a` overlaps one of `b` as `overlap` computes it: the nearest two centres can be is at
    /// least the two largest radii's sum.
    private func reachesNone(_ a: Node, _ b: Node) -> Bool {
        let gap = pointwiseMax(pointwiseMax(b.low - a.high, a.low - b.high), .zero)
        return (gap * gap).sum().squareRoot() >= a.largest + b.largest
    }
}
