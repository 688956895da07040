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

    /// `v` rounded down and clamped to ±`farthestCell` (NaN gives the lower end).
    static func cellNumber(_ v: Double) -> Int {
        let limit = Double(farthestCell)
        return v > -limit ? (v < limit ? Int(v.rounded(.down)) : farthestCell) : -farthestCell
    }
}
