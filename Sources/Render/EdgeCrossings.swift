import GraphModel
import ProcessorSupport

/// Counts pairs of edges that cross: every pair on small graphs; on large ones, row by row, the pairs whose pieces in a
/// horizontal row of the drawing overlap.
enum EdgeCrossings {
    /// The number of pairs of edges without a shared endpoint whose segments share a point; positions must be finite.
    /// They are first scaled by a power of two (exact above the subnormal range) so that the tests cannot overflow.
    /// Charges `meter` one unit per pair tested (and, above `exactLimit` edges, one per piece of an edge in a row).
    static func count(positions: [SIMD2<Double>], edges: [(Int, Int)], exactLimit: Int, threads: Int = 1,
                      meter: WorkMeter) throws -> Int {
        let scale = Metrics.fittingScale(largest: positions.map { max(abs($0.x), abs($0.y)) }.max() ?? 0)
        let points = positions.map { $0 * scale }
        return edges.count <= exactLimit
            ? try pairwise(positions: points, edges: edges, meter: meter)
            : try rowed(positions: points, edges: edges, threads: threads, meter: meter)
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

    /// Counts row by row, on `threads` threads, what `pairwise` counts: by slabs (`slabbed`) when the drawing's
    /// numbers allow it (every ordinary layout), otherwise as follows. The drawing is cut into horizontal rows; in
    /// each row an edge present there is the piece of its segment between the row's lines (each widened by a margin
    /// far above rounding), and only pairs whose pieces overlap along x are tested, so the work follows the pairs
    /// that come close rather than every pair whose boxes overlap. A pair is counted in the lowest row of the run of
    /// rows where its pieces overlap (for two segments these rows are consecutive), so each crossing once; the
    /// crossing test is `pairwise`'s, on the same numbers. Coordinates must be within ±2^500. Charges `meter`, between
    /// batches of rows, one unit per piece and per pair tested, so the limits stop it however many pairs come close.
    static func rowed(positions: [SIMD2<Double>], edges: [(Int, Int)], threads: Int, meter: WorkMeter) throws -> Int {
        guard edges.count > 1 else { return 0 }
        let rows = Rows(positions: positions, edges: edges)
        if let doubt = rows.orderDoubt(positions: positions, edges: edges) {
            return try slabbed(positions: positions, edges: edges, rows: rows, doubt: doubt, threads: threads, meter: meter)
        }
        let workers = max(1, threads), batch = 2 * workers
        // Per edge: its segment, its place in the order by first row, its number in each row of a batch, and a
        // piece for each thread.
        let perEdge = MemoryLayout<Segment>.stride + MemoryLayout<Int>.stride + batch * MemoryLayout<Int32>.stride
            + workers * MemoryLayout<Piece>.stride
        try MemoryRequest.check(edges.count.multipliedReportingOverflow(by: perEdge).overflow ? .max : edges.count * perEdge,
                                for: "the crossing count's rows (\(edges.count) edges)")
        let segments = edges.map { e in
            Segment(a: positions[e.0], b: positions[e.1], u: e.0, v: e.1, rows: rows)
        }
        var sweep = RowSweep(segments: segments)
        var count = 0
        var row = 0
        while row < rows.count {
            let end = min(row + batch, rows.count)
            var batchRows: [[Int32]] = []
            for r in row..<end { batchRows.append(sweep.present(inRow: r)) }
            let first = row, lists = batchRows
            var tallies = [(crossings: Int, work: Int)](repeating: (0, 0), count: end - first)
            tallies.withUnsafeMutableBufferPointer { buffer in
                let slots = TallySlots(base: buffer.baseAddress!)
                forEachClaimedItem(end - first, threads: workers) { i, _ in
                    slots.base[i] = Self.countRow(first + i, present: lists[i], segments: segments, rows: rows)
                }
            }
            for tally in tallies {
                count += tally.crossings
                try meter.charge(tally.work)
            }
            row = end
        }
        return count
    }

    /// The crossings `rowed` counts in one row (pairs whose pieces overlap there and not in the row below) and the
    /// work done (pieces and pairs tested).
    private static func countRow(_ row: Int, present: [Int32], segments: [Segment], rows: Rows) -> (crossings: Int, work: Int) {
        // Each piece carries its segment, so the pairs are tested from memory read in order.
        var pieces = present.map { s -> Piece in
            let segment = segments[Int(s)]
            let span = rows.piece(segment, row: row)
            return Piece(low: span.low, high: span.high, segment: segment, index: Int(s))
        }
        pieces.sort { ($0.low, $0.index) < ($1.low, $1.index) }
        var crossings = 0, tested = 0
        pieces.withUnsafeBufferPointer { pieces in
            for i in pieces.indices {
                let high = pieces[i].high
                var j = i + 1
                while j < pieces.count, pieces[j].low <= high {
                    let (e, f) = pieces[i].index < pieces[j].index ? (pieces[i].segment, pieces[j].segment) : (pieces[j].segment, pieces[i].segment)
                    if crossing(e, f), !(row > 0 && rows.overlap(e, f, row: row - 1)) { crossings += 1 }
                    j += 1
                }
                tested += j - i - 1
            }
        }
        return (crossings, pieces.count + tested)
    }

    /// The horizontal rows of a drawing and the margin that widens each piece beyond rounding.
    struct Rows: Sendable {
        /// The number of rows, the bottom of the lowest and the height of each.
        let count: Int, bottom: Double, height: Double
        /// How far each row's lines, and each piece's ends, are moved out: 2^-32 of the largest coordinate or extent,
        /// far above the rounding of the pieces' ends and far below any gap that matters.
        let margin: Double

        /// Rows for `edges` of `positions` (within ±2^500): about two per √E, at most 4,096.
        init(positions: [SIMD2<Double>], edges: [(Int, Int)]) {
            var low = Double.infinity, high = -Double.infinity, largest = 0.0
            for e in edges {
                for p in [positions[e.0], positions[e.1]] {
                    low = min(low, p.y)
                    high = max(high, p.y)
                    largest = max(largest, abs(p.x), abs(p.y))
                }
            }
            bottom = low
            margin = max(largest, high - low) * 0x1p-32
            count = high > low ? max(1, min(4096, 2 * Int(Double(edges.count).squareRoot()))) : 1
            height = high > low ? (high - low) / Double(count) : 0
        }

        /// The height of line `l` (0 ... count): row r lies between lines r and r + 1.
        func line(_ l: Int) -> Double { bottom + Double(l) * height }

        /// The row holding height `y`, clamped to the rows.
        func row(_ y: Double) -> Int32 {
            guard height > 0 else { return 0 }
            let r = ((y - bottom) / height).rounded(.down)
            return Int32(max(0, min(Double(count - 1), r)))
        }

        /// The x-extent, widened by the margin, of the part of `s` between row `r`'s lines (each moved out by the
        /// margin).
        func piece(_ s: Segment, row r: Int) -> (low: Double, high: Double) {
            let (p, q) = s.a.y <= s.b.y ? (s.a, s.b) : (s.b, s.a)
            var x0 = p.x, x1 = q.x
            if q.y > p.y {
                let floor = line(r) - margin, ceiling = line(r + 1) + margin
                if floor > p.y { x0 = p.x + min(1, (floor - p.y) / (q.y - p.y)) * (q.x - p.x) }
                if ceiling < q.y { x1 = p.x + max(0, (ceiling - p.y) / (q.y - p.y)) * (q.x - p.x) }
            }
            return (min(x0, x1) - margin, max(x0, x1) + margin)
        }

        /// Whether `e` and `f` are both present in row `r` with overlapping pieces there.
        func overlap(_ e: Segment, _ f: Segment, row r: Int) -> Bool {
            guard e.firstRow <= r, f.firstRow <= r, e.lastRow >= r, f.lastRow >= r else { return false }
            let pe = piece(e, row: r), pf = piece(f, row: r)
            return pe.low <= pf.high && pf.low <= pe.high
        }
    }

    /// The segments present in each row in turn, from their first row to their last, for a sweep up the rows.
    struct RowSweep {
        private let segments: [Segment]
        /// The segments by the row they begin in, and how many of them have been reached.
        private let starting: [Int]
        private var next = 0
        private var present: [Int32] = []

        /// A sweep over `segments`, before its first row.
        init(segments: [Segment]) {
            self.segments = segments
            starting = segments.indices.sorted { (segments[$0].firstRow, $0) < (segments[$1].firstRow, $1) }
        }

        /// The segments present in row `r`; the rows must be asked for in increasing order.
        mutating func present(inRow r: Int) -> [Int32] {
            present.removeAll { segments[Int($0)].lastRow < r }
            while next < starting.count, segments[starting[next]].firstRow <= r {
                present.append(Int32(starting[next]))
                next += 1
            }
            return present
        }
    }

    /// An edge as `rowed` keeps it: its end points (the lower first), its nodes and its rows.
    struct Segment: Sendable {
        /// The end points, `a` the lower (the first given when both are at one height), and their nodes.
        let a: SIMD2<Double>, b: SIMD2<Double>
        let u: Int, v: Int
        /// The rows from that of its lowest point (less the margin) to that of its highest (plus the margin).
        let firstRow: Int32, lastRow: Int32
        /// Its run in x per unit of height, (b.x − a.x) / (b.y − a.y), or NaN when that is not a finite number.
        let slope: Double

        init(a: SIMD2<Double>, b: SIMD2<Double>, u: Int, v: Int, rows: Rows) {
            let lowerFirst = a.y <= b.y
            self.a = lowerFirst ? a : b
            self.b = lowerFirst ? b : a
            self.u = lowerFirst ? u : v
            self.v = lowerFirst ? v : u
            firstRow = rows.row(self.a.y - rows.margin)
            lastRow = rows.row(self.b.y + rows.margin)
            let slope = (self.b.x - self.a.x) / (self.b.y - self.a.y)
            self.slope = slope.isFinite ? slope : .nan
        }

        /// The x of the segment at height `y`, which must lie between its ends' heights (not equal): from its lowest
        /// end along its slope (or, where the slope is not finite, by the share of the height), always by the same
        /// operations, so the same segment and height give the same number.
        func x(at y: Double) -> Double {
            slope.isNaN ? a.x + min(1, (y - a.y) / (b.y - a.y)) * (b.x - a.x) : Self.x(at: y, from: a, slope: slope)
        }

        /// The x at height `y` of the line through `point` with finite `slope`: the one formula `x(at:)` uses.
        @inline(__always)
        static func x(at y: Double, from point: SIMD2<Double>, slope: Double) -> Double {
            point.x + (y - point.y) * slope
        }
    }

    /// A segment's piece in one row: its x-extent, the segment and its place in the edge list.
    private struct Piece {
        let low: Double, high: Double
        let segment: Segment
        let index: Int
    }

    /// Where the threads write their rows' results, each its own.
    private struct TallySlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<(crossings: Int, work: Int)>
    }

    /// Whether two segments (the first earlier in the edge list) cross, exactly as `cross` decides for their edges.
    static func crossing(_ e: Segment, _ f: Segment) -> Bool {
        if e.u == f.u || e.u == f.v || e.v == f.u || e.v == f.v { return false }
        return meet(e.a, e.b, f.a, f.b)
    }

    /// Whether two edges without a shared endpoint have segments that meet.
    static func cross(_ e: (Int, Int), _ f: (Int, Int), _ positions: [SIMD2<Double>]) -> Bool {
        if e.0 == f.0 || e.0 == f.1 || e.1 == f.0 || e.1 == f.1 { return false }
        return meet(positions[e.0], positions[e.1], positions[f.0], positions[f.1])
    }

    /// Whether segments a–b and c–d share a point (a segment of length 0 is its one point): they cross properly (each
    /// one's ends strictly on opposite sides of the other's line), or an end of one lies on the other. The
    /// orientations are exact, so nearly collinear segments are told apart however close they come.
    private static func meet(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        let o1 = ExactOrientation.sign(a, b, c), o2 = ExactOrientation.sign(a, b, d)
        if o1 == o2 && o1 != 0 { return false }
        let o3 = ExactOrientation.sign(c, d, a), o4 = ExactOrientation.sign(c, d, b)
        if o1 * o2 < 0 && o3 * o4 < 0 { return true }
        return (o1 == 0 && within(c, a, b)) || (o2 == 0 && within(d, a, b))
            || (o3 == 0 && within(a, c, d)) || (o4 == 0 && within(b, c, d))
    }

    /// Whether `p` lies in the bounding box of a and b.
    private static func within(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
        min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }
}
