import GraphModel

/// Distance queries over node positions: overlapping circles (through `CircleOverlapTree`) and overlapping boxes.
enum Proximity {
    /// The number of pairs i < j whose circles overlap (centre distance below the sum of radii); positions and radii
    /// must be finite. They are first scaled by a power of two so that sums and squares stay finite, then counted by a
    /// `CircleOverlapTree` (exactly, whole groups of pairs at once); charges `meter` as that tree does.
    static func overlaps(positions: [SIMD2<Double>], radii: [Double], meter: WorkMeter) throws -> Int {
        let largest = max(radii.max() ?? 0, positions.map { max(abs($0.x), abs($0.y)) }.max() ?? 0)
        let scale = Metrics.fittingScale(largest: largest)
        let tree = try CircleOverlapTree(points: positions.map { $0 * scale }, radii: radii.map { $0 * scale }, meter: meter)
        return try tree.overlaps(meter: meter)
    }

    /// The number of pairs of boxes whose rectangles overlap (share more than an edge), a node and its ancestors
    /// apart (a frame holds its children): `centres` absolute, `sizes` (width, height) per node, nil for a node
    /// that is not a box, `parents` per node. Pairs come from a sweep along x, so the count is exact. Charges `meter`
    /// one unit per pair tested and per ancestor looked at.
    static func boxOverlaps(centres: [SIMD2<Double>], sizes: [SIMD2<Double>?], parents: [Int?], meter: WorkMeter) throws -> Int {
        let boxes = centres.indices.filter { i in sizes[i].map { $0.x > 0 && $0.y > 0 } ?? false }
        let low = centres.indices.map { i in sizes[i].map { centres[i] - $0 / 2 } ?? centres[i] }
        let high = centres.indices.map { i in sizes[i].map { centres[i] + $0 / 2 } ?? centres[i] }
        func related(_ a: Int, _ b: Int) throws -> Bool {
            for (child, elder) in [(a, b), (b, a)] {
                var p = parents[child]
                while let q = p {
                    try meter.charge()
                    if q == elder { return true }
                    p = parents[q]
                }
            }
            return false
        }
        let sorted = boxes.sorted { (low[$0].x, $0) < (low[$1].x, $1) }
        var count = 0
        for (k, i) in sorted.enumerated() {
            for j in sorted[(k + 1)...] {
                guard low[j].x < high[i].x else { break }
                try meter.charge()
                if low[j].y < high[i].y && low[i].y < high[j].y && low[i].x < high[j].x, try !related(i, j) { count += 1 }
            }
        }
        return count
    }
}
