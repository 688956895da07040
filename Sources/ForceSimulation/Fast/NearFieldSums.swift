/// The direct part of fast mode's multipole sums: the pull of a few hundred nearby points on the few dozen nodes of
/// one leaf, in Float where that is faithful (`MultipoleManyBody` decides per leaf) and in Double otherwise.
/// Coordinates are relative to the leaf's centre and scaled by a power of two (strengths too), and the caller scales
/// the sums back. The compiler keeps the loops in SIMD lanes: each node takes the plain sources eight at a time in
/// eight running sums (a plain reduction over the sources would not vectorize without reassociation), and each
/// careful source adds to all the nodes in a loop over them.
struct NearFieldSums<Scalar: BinaryFloatingPoint & SIMDScalar> {
    /// The gathered points: x, y and strength; those from `firstCareful` on may be closer than distanceMin to a node,
    /// or at its position.
    let sourceX: UnsafePointer<Scalar>, sourceY: UnsafePointer<Scalar>, sourceS: UnsafePointer<Scalar>
    let sources: Int, firstCareful: Int
    /// The leaf's nodes and their sums, `targets` of each (then stand-ins up to a multiple of `lanes`).
    let targetX: UnsafePointer<Scalar>, targetY: UnsafePointer<Scalar>
    let sumX: UnsafeMutablePointer<Scalar>, sumY: UnsafeMutablePointer<Scalar>
    let targets: Int
    /// distanceMin², in the scaled units.
    let distanceMin2: Double

    /// The caller pads the plain sources to a multiple of this many with stand-ins of no strength, and the nodes
    /// to a multiple of it with stand-ins whose sums it drops, all at (`standIn`, `standIn`): far from every scaled
    /// point (which lie within about 1 of the centre), so their squared distances stay finite and far.
    static var lanes: Int { 8 }
    /// A stand-in's coordinates.
    static var standIn: Scalar { 0x1p60 }

    /// Adds every source's pull s (w − z) / |w − z|² to each node's sums, with d3's rules for the careful ones:
    /// nothing from a node's own position, a squared distance l below distanceMin² raised to √(distanceMin² · l).
    @inline(__always)
    func add() {
        for t in stride(from: 0, to: targets, by: 2) { addPlain(t) }
        let padded = (targets &+ Self.lanes &- 1) / Self.lanes &* Self.lanes
        for j in firstCareful..<sources { addCareful(j, targets: padded) }
    }

    /// The sources before `firstCareful` on nodes t and t + 1 (a stand-in when t is the last node; each source at
    /// least distanceMin from every node, so, in the units the caller chose, never at 0), eight at a time in running
    /// sums per node, one per source modulo 8, which the compiler keeps in SIMD lanes and which are added up at the
    /// end. Two nodes share the sources' loads and the loop, and neither waits for the other's last sums; each node's
    /// sums are made as they would be alone.
    @inline(__always)
    private func addPlain(_ t: Int) {
        let x0 = targetX[t], y0 = targetY[t], x1 = targetX[t &+ 1], y1 = targetY[t &+ 1]
        var ax0 = SIMD8<Scalar>(), ay0 = SIMD8<Scalar>(), ax1 = SIMD8<Scalar>(), ay1 = SIMD8<Scalar>()
        var j = 0
        while j < firstCareful {
            for k in 0..<8 {
                let dx0 = sourceX[j &+ k] - x0, dy0 = sourceY[j &+ k] - y0
                let w0 = sourceS[j &+ k] / (dx0 * dx0 + dy0 * dy0)
                ax0[k] += dx0 * w0
                ay0[k] += dy0 * w0
            }
            for k in 0..<8 {
                let dx1 = sourceX[j &+ k] - x1, dy1 = sourceY[j &+ k] - y1
                let w1 = sourceS[j &+ k] / (dx1 * dx1 + dy1 * dy1)
                ax1[k] += dx1 * w1
                ay1[k] += dy1 * w1
            }
            j &+= 8
        }
        sumX[t] += Self.total(ax0)
        sumY[t] += Self.total(ay0)
        sumX[t &+ 1] += Self.total(ax1)
        sumY[t &+ 1] += Self.total(ay1)
    }

    /// The sum of v's lanes, by halves.
    @inline(__always)
    private static func total(_ v: SIMD8<Scalar>) -> Scalar {
        let halves = v.lowHalf + v.highHalf
        let quarters = halves.lowHalf + halves.highHalf
        return quarters[0] + quarters[1]
    }

    /// One careful source on all the nodes: those at least distanceMin away in lanes, then the others, if any, one
    /// by one in Double (where a squared distance cannot underflow; the square root is a library call that would
    /// keep a loop out of lanes).
    @inline(__always)
    private func addCareful(_ j: Int, targets: Int) {
        let x = sourceX[j], y = sourceY[j], strength = sourceS[j]
        // At least the least normal number, so that a squared distance that is 0 (or underflows) is never far.
        let far2 = max(Scalar(distanceMin2), .leastNormalMagnitude)
        var anyClose: Int32 = 0
        for t in 0..<targets {
            let dx = x - targetX[t], dy = y - targetY[t]
            let l = dx * dx + dy * dy
            let far = l >= far2
            let w = far ? strength / l : 0
            anyClose |= !far && (dx != 0 || dy != 0) ? 1 : 0
            sumX[t] += dx * w
            sumY[t] += dy * w
        }
        guard anyClose != 0 else { return }
        for t in 0..<targets {
            let dx = Double(x - targetX[t]), dy = Double(y - targetY[t])
            let l = dx * dx + dy * dy
            guard l < Double(far2), dx != 0 || dy != 0 else { continue }
            let w = Double(strength) / (l < distanceMin2 ? (distanceMin2 * l).squareRoot() : l)
            sumX[t] += Scalar(dx * w)
            sumY[t] += Scalar(dy * w)
        }
    }
}

/// The working arrays of `NearFieldSums` in one precision, grown as needed and reused from leaf to leaf.
final class NearFieldBuffers<Scalar: BinaryFloatingPoint & SIMDScalar & BitwiseCopyable>: @unchecked Sendable {
    let sourceX = ScratchBuffer<Scalar>(), sourceY = ScratchBuffer<Scalar>(), sourceS = ScratchBuffer<Scalar>()
    let targetX = ScratchBuffer<Scalar>(), targetY = ScratchBuffer<Scalar>()
    let sumX = ScratchBuffer<Scalar>(), sumY = ScratchBuffer<Scalar>()

    /// Makes room for `sources` gathered points and `targets` nodes.
    func reserve(sources: Int, targets: Int) {
        sourceX.reserve(sources)
        sourceY.reserve(sources)
        sourceS.reserve(sources)
        targetX.reserve(targets)
        targetY.reserve(targets)
        sumX.reserve(targets)
        sumY.reserve(targets)
    }
}
