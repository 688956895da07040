/// The Barnes-Hut cells one node's many-body sum uses: the quadtree the force builds (d3's cells and extent), each
/// cell marked by how the node's visit treats it. For pictures of what theta trades.
public struct BarnesHutCells: Equatable, Sendable {
    /// How the visit treats a cell.
    public enum Use: String, Sendable {
        /// Far enough (width / distance < theta): the cell's points act as one body at their centre of strength.
        case approximated
        /// Too near: the visit opens the cell and goes on to its children.
        case opened
        /// A leaf too near to approximate: its points act one by one, as they are (the node's own leaf included).
        case direct
    }

    /// One cell: its square and how the node's visit used it.
    public struct Cell: Equatable, Sendable {
        /// Lower corner (x, y).
        public let lower: SIMD2<Double>
        /// Upper corner (x, y).
        public let upper: SIMD2<Double>
        /// How the visit used it.
        public let use: Use
    }

    /// The visited cells in the visit's order (pre-order: a cell before its children); cells with no strength and
    /// cells beyond distanceMax are left out, as the sum leaves them out.
    public let cells: [Cell]
    /// The theta the visit used.
    public let theta: Double

    /// How many cells the visit used in `use`.
    public func count(_ use: Use) -> Int { cells.reduce(0) { $0 + ($1.use == use ? 1 : 0) } }
}

extension ManyBodyForce {
    /// The cells node `node`'s sum would use at `theta` (the force's own when nil), over the positions and
    /// strengths of `kinetics` now: the same tree and criterion as `apply`, but built apart, so the force and the
    /// simulation are left as they are. Two dimensions only (nil in 3D or for a node out of range).
    public func cellsVisited(by node: Int, in kinetics: Kinetics, theta: Double? = nil) throws -> BarnesHutCells? {
        let n = kinetics.count
        guard kinetics.dimensions == 2, (0..<n).contains(node) else { return nil }
        let strengths = try (0..<n).map { try strength.value($0) }
        let theta2 = theta.map { $0 * $0 } ?? self.theta2
        let tree = SpatialTree()
        tree.build(count: n, dimensions: 2, x: kinetics.x.baseAddress!, y: kinetics.y.baseAddress!, z: nil)
        let bodies = BarnesHutCells.bodies(of: tree, x: kinetics.x, y: kinetics.y, strengths: strengths)
        let px = kinetics.x[node], py = kinetics.y[node]
        var cells: [BarnesHutCells.Cell] = []
        var k = 0
        while k < tree.cellCount {
            let body = bodies[k], end = Int(tree.end.base[k])
            let box = tree.bounds.base + 4 * k
            let lower = SIMD2(box[0], box[1]), upper = SIMD2(box[2], box[3])
            let dx = body.x - px, dy = body.y - py, l = dx * dx + dy * dy, w = upper.x - lower.x
            let leaf = tree.head.base[k] >= 0
            if body.value == 0 || body.value.isNaN {
                k = end
            } else if w * w / theta2 < l {
                if l < distanceMax2 { cells.append(.init(lower: lower, upper: upper, use: .approximated)) }
                k = end
            } else {
                if !leaf || l < distanceMax2 { cells.append(.init(lower: lower, upper: upper, use: leaf ? .direct : .opened)) }
                k += 1
            }
        }
        return BarnesHutCells(cells: cells, theta: theta2.squareRoot())
    }
}

extension BarnesHutCells {
    /// d3's accumulate over `tree`: a leaf's body is its point with the summed strength of its chain; an internal
    /// cell's the sum of its children's strengths at their centre weighted by |strength|.
    fileprivate static func bodies(
        of tree: SpatialTree, x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
        strengths: [Double]
    ) -> [(x: Double, y: Double, value: Double)] {
        var bodies = Array(repeating: (x: 0.0, y: 0.0, value: 0.0), count: tree.cellCount)
        for c in (0..<tree.cellCount).reversed() {
            let head = Int(tree.head.base[c])
            if head >= 0 {
                let chain = Int(tree.first.base[c])..<Int(tree.first.base[c + 1])
                bodies[c] = (x[head], y[head], chain.reduce(0.0) { $0 + strengths[Int(tree.order.base[$1])] })
                continue
            }
            var value = 0.0, weight = 0.0, sx = 0.0, sy = 0.0
            var child = c + 1
            while child < Int(tree.end.base[c]) {
                let q = bodies[child]
                if q.value != 0 && !q.value.isNaN {
                    value += q.value
                    weight += abs(q.value)
                    sx += abs(q.value) * q.x
                    sy += abs(q.value) * q.y
                }
                child = Int(tree.end.base[child])
            }
            bodies[c] = (sx / weight, sy / weight, value)
        }
        return bodies
    }
}
