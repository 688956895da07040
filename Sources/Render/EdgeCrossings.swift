import GraphModel

/// Counts pairs of edges that cross: every pair on small graphs, candidates from horizontal strips on large ones.
enum EdgeCrossings {
    /// The number of pairs of edges without a shared endpoint whose segments share a point; positions must be finite.
    /// They are first scaled by a power of two (exact above the subnormal range) so that the tests cannot overflow.
    /// Charges `meter` one unit per pair tested (or edge scanned).
    static func count(positions: [SIMD2<Double>], edges: [(Int, Int)], exactLimit: Int, meter: WorkMeter) throws -> Int {
        let scale = Metrics.fittingScale(largest: positions.map { max(abs($0.x), abs($0.y)) }.max() ?? 0)
        let points = positions.map { $0 * scale }
        return edges.count <= exactLimit
            ? try pairwise(positions: points, edges: edges, meter: meter) : try stripped(positions: points, edges: edges, meter: meter)
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

    /// Counts in horizontal strips, each pair once, in memory proportional to the edges (a grid of the cells every
    /// edge's box covers grew to gigabytes on long edges): the strip of an edge runs from the strip of its lowest
    /// point to that of its highest, and a pair is tested in the strip where the later of the two begins, against
    /// the edges present there whose boxes overlap its box, scanned in order of their left ends. Coordinates must be
    /// within ±2^500. Charges `meter` one unit per edge scanned, so the limits stop it however long the edges are.
    static func stripped(positions: [SIMD2<Double>], edges: [(Int, Int)], meter: WorkMeter) throws -> Int {
        guard edges.count > 1 else { return 0 }
        let boxes = edges.map { e -> Box in
            let a = positions[e.0], b = positions[e.1]
            return Box(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
        }
        let bottom = boxes.lazy.map(\.minY).min()!, top = boxes.lazy.map(\.maxY).max()!
        let stripCount = max(1, min(1024, Int(Double(edges.count).squareRoot())))
        let span = top - bottom
        func strip(_ y: Double) -> Int32 { span > 0 ? Int32(min(stripCount - 1, Int((y - bottom) / span * Double(stripCount)))) : 0 }
        let first = boxes.map { strip($0.minY) }, last = boxes.map { strip($0.maxY) }
        // The edges by the strip they begin in, each strip's in order of their left ends.
        var starting = Array(edges.indices)
        starting.sort { (first[$0], boxes[$0].minX, $0) < (first[$1], boxes[$1].minX, $1) }
        var next = 0
        var present: [Int] = [], merged: [Int] = []
        var count = 0
        for row in 0..<Int32(stripCount) {
            let begin = next
            while next < starting.count, first[starting[next]] == row { next += 1 }
            let arriving = starting[begin..<next]
            present.removeAll { last[$0] < row }
            guard !arriving.isEmpty else { continue }
            merged.removeAll(keepingCapacity: true)
            var i = present.startIndex, j = arriving.startIndex
            while i < present.endIndex || j < arriving.endIndex {
                if j == arriving.endIndex || (i < present.endIndex && (boxes[present[i]].minX, present[i]) < (boxes[arriving[j]].minX, arriving[j])) {
                    merged.append(present[i]); i += 1
                } else {
                    merged.append(arriving[j]); j += 1
                }
            }
            swap(&present, &merged)
            for (position, e) in present.enumerated() where first[e] == row {
                let box = boxes[e]
                var scanned = 0
                for other in 0..<present.count {
                    let f = present[other]
                    let fBox = boxes[f]
                    if fBox.minX > box.maxX { break }
                    scanned += 1
                    // A pair of edges that both begin here is tested from the one further right.
                    if other == position || (first[f] == row && other > position) { continue }
                    guard fBox.maxX >= box.minX, fBox.minY <= box.maxY, box.minY <= fBox.maxY else { continue }
                    if cross(edges[min(e, f)], edges[max(e, f)], positions) { count += 1 }
                }
                try meter.charge(scanned)
            }
        }
        return count
    }

    /// An edge's bounding box.
    private struct Box {
        let minX: Double, minY: Double, maxX: Double, maxY: Double
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
