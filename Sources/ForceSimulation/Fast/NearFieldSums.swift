/// The direct part of fast mode's multipole sums: the pull of a few hundred nearby points on the few dozen nodes of
/// one leaf, in Float where that is faithful (`MultipoleManyBody` decides per leaf) and in Double otherwise.
/// Coordinates are relative to the leaf's centre and scaled by a power of two (strengths too), and the caller scales
/// the sums back. Each source adds to all the nodes at once, in loops over the nodes that the compiler turns into
/// SIMD lanes (a reduction over sources would not vectorize without reassociation).
struct NearFieldSums<Scalar: BinaryFloatingPoint> {
    /// The gathered points: x, y and strength; those from `firstCareful` on may be closer than distanceMin to a node,
    /// or at its position.
    let sourceX: UnsafePointer<Scalar>, sourceY: UnsafePointer<Scalar>, sourceS: UnsafePointer<Scalar>
    let sources: Int, firstCareful: Int
    /// The leaf's nodes and their sums, `targets` of each.
    let targetX: UnsafePointer<Scalar>, targetY: UnsafePointer<Scalar>
    let sumX: UnsafeMutablePointer<Scalar>, sumY: UnsafeMutablePointer<Scalar>
    let targets: Int
    /// distanceMin², in the scaled units.
    let distanceMin2: Double

    /// Adds every source's pull s (w − z) / |w − z|² to each node's sums, with d3's rules for the careful ones:
    /// nothing from a node's own position, a squared distance l below distanceMin² raised to √(distanceMin² · l).
    @inline(__always)
    func add() {
        for j in 0..<firstCareful { addPlain(j) }
        for j in firstCareful..<sources { addCareful(j) }
    }

    /// One source that is at least distanceMin from every node (so, in the units the caller chose, never at 0).
    @inline(__always)
    private func addPlain(_ j: Int) {
        let x = sourceX[j], y = sourceY[j], strength = sourceS[j]
        for t in 0..<targets {
            let dx = x - targetX[t], dy = y - targetY[t]
            let w = strength / (dx * dx + dy * dy)
            sumX[t] += dx * w
            sumY[t] += dy * w
        }
    }

    /// One source that may be close: the nodes at least distanceMin away in lanes, then the others, if any, one by
    /// one in Double (where a squared distance cannot underflow; the square root is a library call that would keep
    /// a loop out of lanes).
    @inline(__always)
    private func addCareful(_ j: Int) {
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
final class NearFieldBuffers<Scalar: BinaryFloatingPoint & BitwiseCopyable>: @unchecked Sendable {
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
