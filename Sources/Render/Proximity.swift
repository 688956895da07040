/// Distance queries over node positions: overlapping circles (nearest neighbours: `NearestGrid`).
enum Proximity {
    /// Grid cell numbers are clamped to ±this, so they always fit an Int; cells beyond it merge, which only adds candidates.
    static let farthestCell = 1 << 52

    /// The number of pairs i < j whose circles overlap (centre distance below the sum of radii); positions and radii
    /// must be finite.
    static func overlaps(positions: [SIMD2<Double>], radii: [Double]) -> Int {
        let largest = max(radii.max() ?? 0, positions.map { max(abs($0.x), abs($0.y)) }.max() ?? 0)
        let scale = Metrics.fittingScale(largest: largest)
        let points = positions.map { $0 * scale }, radii = radii.map { $0 * scale }
        let reach = 2 * (radii.max() ?? 0)
        guard reach > 0 else { return 0 }
        var cells: [SIMD2<Int>: [Int]] = [:]
        func cell(_ p: SIMD2<Double>) -> SIMD2<Int> { [cellNumber(p.x / reach), cellNumber(p.y / reach)] }
        for (i, p) in points.enumerated() { cells[cell(p), default: []].append(i) }
        var count = 0
        for (i, p) in points.enumerated() {
            let c = cell(p)
            for dx in -1...1 {
                for dy in -1...1 {
                    for j in cells[c &+ [dx, dy]] ?? [] where j > i {
                        if Metrics.distance(p, points[j]) < radii[i] + radii[j] { count += 1 }
                    }
                }
            }
        }
        return count
    }

    /// The number of pairs of boxes whose rectangles overlap (share more than an edge), a node and its ancestors
    /// apart (a frame holds its children): `centres` absolute, `sizes` (width, height) per node, nil for a node
    /// that is not a box, `parents` per node. Pairs come from a sweep along x, so the count is exact.
    static func boxOverlaps(centres: [SIMD2<Double>], sizes: [SIMD2<Double>?], parents: [Int?]) -> Int {
        let boxes = centres.indices.filter { i in sizes[i].map { $0.x > 0 && $0.y > 0 } ?? false }
        let low = centres.indices.map { i in sizes[i].map { centres[i] - $0 / 2 } ?? centres[i] }
        let high = centres.indices.map { i in sizes[i].map { centres[i] + $0 / 2 } ?? centres[i] }
        func related(_ a: Int, _ b: Int) -> Bool {
            for (child, elder) in [(a, b), (b, a)] {
                var p = parents[child]
                while let q = p {
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
                if low[j].y < high[i].y && low[i].y < high[j].y && low[i].x < high[j].x && !related(i, j) { count += 1 }
            }
        }
        return count
    }

    /// `v` rounded down and clamped to ±`farthestCell` (NaN gives the lower end).
    static func cellNumber(_ v: Double) -> Int {
        let limit = Double(farthestCell)
        return v > -limit ? (v < limit ? Int(v.rounded(.down)) : farthestCell) : -farthestCell
    }
}
