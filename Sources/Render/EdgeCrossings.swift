import GraphModel

/// Counts pairs of edges that cross: every pair on small graphs, candidates from a uniform grid on large ones.
enum EdgeCrossings {
    /// The number of pairs of edges without a shared endpoint whose segments share a point; positions must be finite.
    /// They are first scaled by a power of two (exact above the subnormal range) so that the tests cannot overflow.
    /// Charges `meter` one unit per pair tested.
    static func count(positions: [SIMD2<Double>], edges: [(Int, Int)], exactLimit: Int, meter: WorkMeter) throws -> Int {
        let scale = Metrics.fittingScale(largest: positions.map { max(abs($0.x), abs($0.y)) }.max() ?? 0)
        let points = positions.map { $0 * scale }
        return edges.count <= exactLimit
            ? try pairwise(positions: points, edges: edges, meter: meter) : try gridded(positions: points, edges: edges, meter: meter)
    }

    /// Tests every pair of edges; coordinates must be within ±2^500.
    static func pairwise(positions: [SIMD2<Double>], edges: [(Int, Int)], meter: WorkMeter) throws -> Int {
        var count = 0
        for i in edges.indices {
            try meter.charge(edges.count - i - 1)
            for j in (i + 1)..<edges.count where cross(edges[i], edges[j], positions) { count += 1 }
        }
        return count
    }

    /// Buckets edges by the grid cells their bounding boxes cover and tests pairs sharing a cell, each pair once;
    /// coordinates must be within ±2^500.
    static func gridded(positions: [SIMD2<Double>], edges: [(Int, Int)], meter: WorkMeter) throws -> Int {
        guard !edges.isEmpty else { return 0 }
        let xs = positions.map(\.x), ys = positions.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        let side = max(xs.max()! - minX, ys.max()! - minY, 1e-9)
        let cellsPerSide = max(1, min(1024, Int(Double(edges.count).squareRoot())))
        let size = side / Double(cellsPerSide)
        func cell(_ v: Double, _ origin: Double) -> Int { min(cellsPerSide - 1, Int((v - origin) / size)) }
        let boxes = edges.map { e -> (Int, Int, Int, Int) in
            let a = positions[e.0], b = positions[e.1]
            return (cell(min(a.x, b.x), minX), cell(min(a.y, b.y), minY), cell(max(a.x, b.x), minX), cell(max(a.y, b.y), minY))
        }
        var buckets = Array(repeating: [Int](), count: cellsPerSide * cellsPerSide)
        for (k, box) in boxes.enumerated() {
            for cx in box.0...box.2 {
                for cy in box.1...box.3 { buckets[cy * cellsPerSide + cx].append(k) }
            }
        }
        var count = 0
        for (index, bucket) in buckets.enumerated() where bucket.count > 1 {
            try meter.charge(bucket.count * (bucket.count - 1) / 2)
            let cx = index % cellsPerSide, cy = index / cellsPerSide
            for i in bucket.indices {
                for j in (i + 1)..<bucket.count {
                    let a = boxes[bucket[i]], b = boxes[bucket[j]]
                    guard max(a.0, b.0) == cx, max(a.1, b.1) == cy else { continue }
                    if cross(edges[bucket[i]], edges[bucket[j]], positions) { count += 1 }
                }
            }
        }
        return count
    }

    /// Whether two edges without a shared endpoint have segments that meet.
    static func cross(_ e: (Int, Int), _ f: (Int, Int), _ positions: [SIMD2<Double>]) -> Bool {
        if e.0 == f.0 || e.0 == f.1 || e.1 == f.0 || e.1 == f.1 { return false }
        let a = positions[e.0], b = positions[e.1], c = positions[f.0], d = positions[f.1]
        let o1 = orientation(a, b, c), o2 = orientation(a, b, d)
        let o3 = orientation(c, d, a), o4 = orientation(c, d, b)
        if o1 == 0 && o2 == 0 {
            return min(a.x, b.x) <= max(c.x, d.x) && min(c.x, d.x) <= max(a.x, b.x)
                && min(a.y, b.y) <= max(c.y, d.y) && min(c.y, d.y) <= max(a.y, b.y)
        }
        return o1 * o2 <= 0 && o3 * o4 <= 0
    }

    /// The sign of the turn a → b → c: 1 left, -1 right, 0 straight.
    private static func orientation(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Int {
        let v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        return v > 0 ? 1 : v < 0 ? -1 : 0
    }
}
