/// Distance queries over node positions: overlapping circles and nearest neighbours.
enum Proximity {
    /// The number of pairs i < j whose circles overlap (centre distance below the sum of radii).
    static func overlaps(positions: [SIMD2<Double>], radii: [Double]) -> Int {
        let reach = 2 * (radii.max() ?? 0)
        guard reach > 0 else { return 0 }
        var cells: [SIMD2<Int>: [Int]] = [:]
        func cell(_ p: SIMD2<Double>) -> SIMD2<Int> { [Int((p.x / reach).rounded(.down)), Int((p.y / reach).rounded(.down))] }
        for (i, p) in positions.enumerated() { cells[cell(p), default: []].append(i) }
        var count = 0
        for (i, p) in positions.enumerated() {
            let c = cell(p)
            for dx in -1...1 {
                for dy in -1...1 {
                    for j in cells[c &+ [dx, dy]] ?? [] where j > i {
                        if Metrics.distance(p, positions[j]) < radii[i] + radii[j] { count += 1 }
                    }
                }
            }
        }
        return count
    }

    /// The `k` nodes nearest to node `s` (itself excluded), ties broken by lower index.
    static func nearest(_ k: Int, to s: Int, positions: [SIMD2<Double>]) -> [Int] {
        let p = positions[s]
        let others = positions.indices.lazy.filter { $0 != s }.map { j -> (Double, Int) in
            let d = positions[j] - p
            return ((d * d).sum(), j)
        }
        return others.sorted { $0 < $1 }.prefix(k).map(\.1)
    }
}
