/// The direct part of fast mode's multipole sums: the pull of a few hundred nearby points on the few dozen nodes of
/// one leaf, in Float. Coordinates are relative to the leaf's centre and scaled by a power of two (as are the
/// strengths), so neither the extent of the layout nor the size of the strengths can overflow or underflow Float's
/// range; the caller scales the sums back. Each source adds to all the nodes at once, in loops over the nodes
/// that the compiler turns into SIMD lanes (a reduction over sources would not vectorize without reassociation).
struct NearFieldSums {
    /// Sources: x, y and strength; those from `careful` on may be closer than distanceMin or at a node's position.
    let sourceX: UnsafePointer<Float>, sourceY: UnsafePointer<Float>, sourceS: UnsafePointer<Float>
    let sources: Int, careful: Int
    /// The leaf's nodes and their sums, `targets` of each.
    let targetX: UnsafePointer<Float>, targetY: UnsafePointer<Float>
    let sumX: UnsafeMutablePointer<Float>, sumY: UnsafeMutablePointer<Float>
    let targets: Int
    /// distanceMin², in the scaled units.
    let distanceMin2: Float

    /// Adds every source's pull s (w − z) / |w − z|² to each node's sums, with d3's rules for the careful ones:
    /// nothing from a node's own position, a squared distance l below distanceMin² raised to √(distanceMin² · l).
    @inline(__always)
    func add() {
        for j in 0..<careful { addPlain(j) }
        for j in careful..<sources { addCareful(j) }
    }

    /// One source that is at least distanceMin from every node.
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

    /// One source that may be close: the far nodes in lanes, then the close ones, if any, one by one (the square
    /// root is a library call that keeps a loop out of lanes).
    @inline(__always)
    private func addCareful(_ j: Int) {
        let x = sourceX[j], y = sourceY[j], strength = sourceS[j]
        // At least the least normal number, so a node's own position (0) is never far, even for distanceMin 0.
        let far2 = max(distanceMin2, .leastNormalMagnitude)
        var anyClose: Int32 = 0
        for t in 0..<targets {
            let dx = x - targetX[t], dy = y - targetY[t]
            let l = dx * dx + dy * dy
            let far = l >= far2
            let w = far ? strength / l : 0
            anyClose |= !far && l != 0 ? 1 : 0
            sumX[t] += dx * w
            sumY[t] += dy * w
        }
        guard anyClose != 0 else { return }
        for t in 0..<targets {
            let dx = x - targetX[t], dy = y - targetY[t]
            let l = dx * dx + dy * dy
            guard l < far2, l != 0 else { continue }
            let w = strength / (l < distanceMin2 ? (distanceMin2 * l).squareRoot() : l)
            sumX[t] += dx * w
            sumY[t] += dy * w
        }
    }
}
