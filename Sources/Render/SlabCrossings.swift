import GraphModel
import ProcessorSupport

extension EdgeCrossings {
    /// Counts what `pairwise` counts, slab by slab (a slab is a row of `rows`, between two lines), on `threads`
    /// threads. Two segments that both reach across a whole slab cross inside it exactly when their order along the
    /// slab's lower line differs from their order along its upper line, so those crossings are counted as the
    /// inversions between the two orders (a Fenwick tree, O(k log k) for k segments), never tested one by one. A
    /// segment with an end inside the slab is paired with each segment whose piece there overlaps its own, and the
    /// pair decided from their x-values at the lowest and highest heights both reach in the slab. A pair is tested
    /// with `pairwise`'s exact test only where the numbers leave a doubt: x-values within `doubt` of each other
    /// (beyond it, rounding cannot flip their order). A tested pair is counted in the lowest slab that does not tell
    /// it apart, and only if no slab tells it crossed, so each crossing is counted once (docs/metrics.md#crossings).
    /// Charges `meter`, between batches of slabs, one unit per segment along a line and per pair decided or looked
    /// up in another slab.
    static func slabbed(positions: [SIMD2<Double>], edges: [(Int, Int)], rows: Rows, doubt: Double, threads: Int,
                        meter: WorkMeter) throws -> Int {
        let workers = max(1, threads), batch = 2 * workers
        // Per edge: its segment, two orders of the edges, its place along each line of a batch and its number in
        // each slab of a batch, and four numbers a thread keeps for each edge.
        let perEdge = MemoryLayout<Segment>.stride + 2 * MemoryLayout<Int>.stride
            + (batch + 1) * (MemoryLayout<LinePoint>.stride + MemoryLayout<Int32>.stride)
            + batch * MemoryLayout<Int32>.stride + workers * 5 * MemoryLayout<Int32>.stride
        try MemoryRequest.check(edges.count.multipliedReportingOverflow(by: perEdge).overflow ? .max : edges.count * perEdge,
                                for: "the crossing count's slabs (\(edges.count) edges)")
        let slabs = Slabs(segments: edges.map { Segment(a: positions[$0.0], b: positions[$0.1], u: $0.0, v: $0.1, rows: rows) },
                          rows: rows, doubt: doubt)
        let segments = slabs.segments
        // The segments with a height, by their lowest point.
        let byLowestPoint = segments.indices.filter { segments[$0].a.y != segments[$0].b.y }
            .sorted { (min(segments[$0].a.y, segments[$0].b.y), $0) < (min(segments[$1].a.y, segments[$1].b.y), $1) }
        let scratch = (0..<workers).map { _ in SlabScratch(segments: segments.count) }
        var sweep = RowSweep(segments: segments)
        var across: [Int32] = []
        var nextAcross = 0
        // The segments across line `l` (their lowest point on or below it, their highest on or above it).
        func advance(toLine l: Int) -> [Int32] {
            let y = rows.line(l)
            while nextAcross < byLowestPoint.count, min(segments[byLowestPoint[nextAcross]].a.y, segments[byLowestPoint[nextAcross]].b.y) <= y {
                across.append(Int32(byLowestPoint[nextAcross]))
                nextAcross += 1
            }
            across.removeAll { max(segments[Int($0)].a.y, segments[Int($0)].b.y) < y }
            return across
        }
        var lowerLine = slabs.line(0, across: advance(toLine: 0))
        var count = 0
        var row = 0
        while row < rows.count {
            let end = min(row + batch, rows.count)
            var batchPresent: [[Int32]] = [], batchAcross: [[Int32]] = []
            for r in row..<end {
                batchPresent.append(sweep.present(inRow: r))
                batchAcross.append(advance(toLine: r + 1))
            }
            let first = row, presentLists = batchPresent, acrossLists = batchAcross
            let upper = Slots<[LinePoint]>(count: end - first, filling: [])
            forEachClaimedItem(end - first, threads: workers) { i, _ in
                upper.base[i] = slabs.line(first + 1 + i, across: acrossLists[i])
            }
            let lines = [lowerLine] + (0..<(end - first)).map { upper.base[$0] }
            let tallies = Slots<(crossings: Int, work: Int)>(count: end - first, filling: (0, 0))
            forEachClaimedItem(end - first, threads: workers) { i, worker in
                tallies.base[i] = slabs.count(row: first + i, lower: lines[i], upper: lines[i + 1],
                                              present: presentLists[i], scratch: scratch[worker])
            }
            for i in 0..<(end - first) {
                count += tallies.base[i].crossings
                try meter.charge(tallies.base[i].work)
            }
            lowerLine = lines[end - first]
            row = end
        }
        return count
    }

    /// A segment where it crosses a line: its x there and its place in the edge list.
    struct LinePoint: Sendable {
        let x: Double, segment: Int32
    }

    /// Whether a pair of segments crosses inside one slab, as far as the slab's lines tell.
    private enum SlabState {
        /// Their order at the lowest and the highest height both reach in the slab is certain and the same, or they
        /// reach no height in common there: they do not meet in it.
        case apart
        /// Their order at those two heights is certain and flips: they cross inside the slab.
        case crossed
        /// One is horizontal, or their x-values at one of those heights are within the doubt.
        case doubtful
    }

    /// What the threads share: the segments, the rows and the doubt, and the count of one slab.
    private struct Slabs: Sendable {
        let segments: [Segment], rows: Rows, doubt: Double

        /// The segments `across` line `l`, with their x there, in order of (x, place in the edge list).
        func line(_ l: Int, across: [Int32]) -> [LinePoint] {
            let y = rows.line(l)
            var points = across.map { LinePoint(x: segments[Int($0)].x(at: y), segment: $0) }
            points.sort { $0.x < $1.x || ($0.x == $1.x && $0.segment < $1.segment) }
            return points
        }

        /// The crossings counted in slab `r` (between the lines `lower` and `upper`; `present` are the segments
        /// present in row r) and the work done.
        func count(row r: Int, lower: [LinePoint], upper: [LinePoint], present: [Int32],
                   scratch: SlabScratch) -> (crossings: Int, work: Int) {
            var marks = SlabMarks()
            swap(&marks, &scratch.marks)
            defer { swap(&marks, &scratch.marks) }
            let mark = Int32(r)
            marks.mark(lower, row: mark, lowerLine: true)
            marks.mark(upper, row: mark, lowerLine: false)
            var crossings = marks.inversions(lower: lower, upper: upper, row: mark)
            var work = lower.count + upper.count + present.count
            // Pairs whose order along a line is in doubt: their inversion is taken back, and they are tested.
            func doubtful(_ e: Int32, _ f: Int32) {
                if marks.flips(e, f) { crossings -= 1 }
                if doubtfulCountsHere(Int(e), Int(f), row: r, work: &work) { crossings += 1 }
            }
            for (line, isLower) in [(lower, true), (upper, false)] {
                for i in line.indices where marks.spans(line[i].segment, row: mark) {
                    var j = i + 1
                    while j < line.count, line[j].x - line[i].x <= doubt {
                        let e = line[i].segment, f = line[j].segment
                        if marks.spans(f, row: mark), isLower || abs(marks.lowerX(f, lower) - marks.lowerX(e, lower)) > doubt {
                            doubtful(e, f)
                        }
                        j += 1
                    }
                    work += j - i - 1
                }
            }
            // Segments with an end inside the slab, against every segment whose piece overlaps theirs; each piece
            // carries its segment, so the pairs are decided from memory read in order.
            let loners = present.filter { !marks.spans($0, row: mark) }.map { s -> SlabPiece in
                let segment = segments[Int(s)], span = rows.piece(segment, row: r)
                return SlabPiece(low: span.low, high: span.high, index: s, segment: segment)
            }
            guard !loners.isEmpty else { return (crossings, work) }
            var classes = WidthClasses()
            swap(&classes, &scratch.classes)
            defer { swap(&classes, &scratch.classes) }
            classes.fill(lower.lazy.filter { marks.spans($0.segment, row: mark) }, rows: rows, segments: segments, row: r)
            for loner in loners {
                classes.forEachOverlap(loner) { entry in
                    work += 1
                    if countsHere(loner.index, loner.segment, entry.index, entry.segment, row: r, work: &work) { crossings += 1 }
                }
            }
            let sorted = loners.sorted { ($0.low, $0.index) < ($1.low, $1.index) }
            for i in sorted.indices {
                var j = i + 1
                while j < sorted.count, sorted[j].low <= sorted[i].high {
                    if countsHere(sorted[i].index, sorted[i].segment, sorted[j].index, sorted[j].segment, row: r, work: &work) {
                        crossings += 1
                    }
                    j += 1
                }
                work += j - i - 1
            }
            return (crossings, work)
        }

        /// Whether segments `e` and `f` (their places in the edge list and the segments), whose pieces overlap in
        /// slab r, are counted there: as the slab tells when it does, otherwise as `doubtfulCountsHere` decides.
        private func countsHere(_ e: Int32, _ eSegment: Segment, _ f: Int32, _ fSegment: Segment, row r: Int,
                                work: inout Int) -> Bool {
            switch state(eSegment, fSegment, row: r) {
            case .crossed: return true
            case .apart: return false
            case .doubtful: return doubtfulCountsHere(Int(e), Int(f), row: r, work: &work)
            }
        }

        /// Whether a pair in doubt in slab r (its pieces overlap there) is counted there: it meets by `pairwise`'s
        /// test, every lower slab where the pieces overlap tells they are apart there, and no slab tells they cross.
        /// Adds the slabs looked at to `work`.
        private func doubtfulCountsHere(_ e: Int, _ f: Int, row r: Int, work: inout Int) -> Bool {
            let (first, second) = e < f ? (segments[e], segments[f]) : (segments[f], segments[e])
            guard EdgeCrossings.crossing(first, second) else { return false }
            var below = r - 1
            while below >= 0, rows.overlap(first, second, row: below) {
                work += 1
                if state(first, second, row: below) != .apart { return false }
                below -= 1
            }
            var above = r + 1
            while above < rows.count, rows.overlap(first, second, row: above) {
                work += 1
                if state(first, second, row: above) == .crossed { return false }
                above += 1
            }
            return true
        }

        /// What slab `r` tells of `e` and `f` over the heights both reach in it: their x-values at the lowest and the
        /// highest of those heights (for two segments across the slab, the same numbers the orders along its lines
        /// are made of) in the same certain order, apart; in opposite certain orders, crossed; otherwise (a
        /// horizontal segment, or x-values within the doubt) doubtful. No common height there is apart.
        private func state(_ e: Segment, _ f: Segment, row r: Int) -> SlabState {
            let eLow = min(e.a.y, e.b.y), eHigh = max(e.a.y, e.b.y), fLow = min(f.a.y, f.b.y), fHigh = max(f.a.y, f.b.y)
            guard eLow < eHigh, fLow < fHigh else { return .doubtful }
            let y0 = max(rows.line(r), eLow, fLow), y1 = min(rows.line(r + 1), eHigh, fHigh)
            guard y0 <= y1 else { return .apart }
            let g0 = f.x(at: y0) - e.x(at: y0), g1 = f.x(at: y1) - e.x(at: y1)
            guard abs(g0) > doubt, abs(g1) > doubt else { return .doubtful }
            return (g0 > 0) == (g1 > 0) ? .apart : .crossed
        }
    }

    /// A segment's piece in a row: its x-extent (as `Rows.piece` gives it), its place in the edge list and the segment.
    private struct SlabPiece {
        let low: Double, high: Double, index: Int32
        let segment: Segment
    }

    /// What one thread keeps between slabs, so that a slab allocates nothing in proportion to the edges.
    private final class SlabScratch: @unchecked Sendable {
        var marks: SlabMarks
        var classes = WidthClasses()

        init(segments: Int) {
            marks = SlabMarks(segments: segments)
        }
    }

    /// For each segment, the last slab whose lower and upper lines it crossed and its places along them, and a
    /// Fenwick tree over the places along the lower line.
    private struct SlabMarks {
        var lowerRow: [Int32] = [], lowerAt: [Int32] = [], upperRow: [Int32] = [], upperAt: [Int32] = []
        var tree: [Int32] = []

        init() {}

        init(segments: Int) {
            lowerRow = Array(repeating: -1, count: segments)
            upperRow = lowerRow
            lowerAt = Array(repeating: 0, count: segments)
            upperAt = lowerAt
        }

        /// Records that the segments of `line` cross the lower (or upper) line of slab `row`, and where.
        mutating func mark(_ line: [LinePoint], row: Int32, lowerLine: Bool) {
            for (i, point) in line.enumerated() {
                if lowerLine {
                    lowerRow[Int(point.segment)] = row
                    lowerAt[Int(point.segment)] = Int32(i)
                } else {
                    upperRow[Int(point.segment)] = row
                    upperAt[Int(point.segment)] = Int32(i)
                }
            }
        }

        /// Whether segment `s` crosses both lines of slab `row` (marked), that is reaches across it.
        func spans(_ s: Int32, row: Int32) -> Bool {
            lowerRow[Int(s)] == row && upperRow[Int(s)] == row
        }

        /// Whether `e` and `f`, both across the slab, come in a different order along its two lines.
        func flips(_ e: Int32, _ f: Int32) -> Bool {
            (lowerAt[Int(e)] < lowerAt[Int(f)]) != (upperAt[Int(e)] < upperAt[Int(f)])
        }

        /// The x of segment `s` (across the slab) along its lower line.
        func lowerX(_ s: Int32, _ lower: [LinePoint]) -> Double {
            lower[Int(lowerAt[Int(s)])].x
        }

        /// The pairs of segments across slab `row` whose order differs between its `lower` and `upper` lines.
        mutating func inversions(lower: [LinePoint], upper: [LinePoint], row: Int32) -> Int {
            tree.removeAll(keepingCapacity: true)
            tree.append(contentsOf: repeatElement(0, count: lower.count + 1))
            var inserted = 0, inversions = 0
            for point in upper where lowerRow[Int(point.segment)] == row {
                let at = Int(lowerAt[Int(point.segment)]) + 1
                var before = 0, i = at
                while i > 0 {
                    before += Int(tree[i])
                    i &= i - 1
                }
                inversions += inserted - before
                i = at
                while i < tree.count {
                    tree[i] += 1
                    i += i & -i
                }
                inserted += 1
            }
            return inversions
        }
    }

    /// The pieces of the segments across a slab, by powers of two of their width (in row heights), each class in
    /// order of x along the slab's lower line, so the pieces overlapping a given one are found by a few searches.
    private struct WidthClasses {
        /// A piece: its x along the lower line, its extent, its segment's place in the edge list and the segment.
        struct Entry {
            let x: Double, low: Double, high: Double, index: Int32
            let segment: Segment
        }
        var classes: [[Entry]] = Array(repeating: [], count: 64)
        var widest: [Double] = Array(repeating: 0, count: 64)

        /// Sorts the pieces in slab `row` of the segments `across` it (in order along its lower line) into classes.
        mutating func fill<S: Sequence>(_ across: S, rows: Rows, segments: [Segment], row: Int) where S.Element == LinePoint {
            for c in classes.indices {
                classes[c].removeAll(keepingCapacity: true)
                widest[c] = 0
            }
            for point in across {
                let segment = segments[Int(point.segment)], span = rows.piece(segment, row: row)
                let width = span.high - span.low
                let c = width <= rows.height ? 0 : min(63, Int((width / rows.height).exponent) + 1)
                classes[c].append(Entry(x: point.x, low: span.low, high: span.high, index: point.segment, segment: segment))
                widest[c] = max(widest[c], width)
            }
        }

        /// Calls `body` with each piece that overlaps `piece` (a piece's x along the lower line lies in it).
        func forEachOverlap(_ piece: SlabPiece, _ body: (Entry) -> Void) {
            for c in classes.indices where !classes[c].isEmpty {
                let entries = classes[c], from = piece.low - widest[c], to = piece.high + widest[c]
                var low = 0, high = entries.count
                while low < high {
                    let middle = (low + high) / 2
                    if entries[middle].x < from { low = middle + 1 } else { high = middle }
                }
                while low < entries.count, entries[low].x <= to {
                    if entries[low].high >= piece.low, entries[low].low <= piece.high { body(entries[low]) }
                    low += 1
                }
            }
        }
    }

    /// Where the threads write their results, each its own item.
    private final class Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        let count: Int

        init(count: Int, filling value: Element) {
            base = .allocate(capacity: count)
            base.initialize(repeating: value, count: count)
            self.count = count
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }
}

extension EdgeCrossings.Rows {
    /// How far apart two segments' x-values along a line must be for `EdgeCrossings.slabbed` to trust their order
    /// there, or nil when the drawing's numbers leave no such distance (no height, a subnormal extent, or rows so
    /// thin that two lines round to one number). Beyond it, rounding (at most 2⁻⁵³ of each operation) cannot change the order of two
    /// x-values interpolated along a line, so two segments across a slab in opposite orders along its two lines truly
    /// cross inside it, as `pairwise`'s exact test finds; and it stays below a quarter of the margin, so a pair in doubt
    /// along a line has overlapping pieces in the slabs on both sides of it.
    func orderDoubt(positions: [SIMD2<Double>], edges: [(Int, Int)]) -> Double? {
        var lowest = SIMD2(repeating: Double.infinity), highest = -lowest
        for e in edges {
            for p in [positions[e.0], positions[e.1]] {
                lowest = pointwiseMin(lowest, p)
                highest = pointwiseMax(highest, p)
            }
        }
        let extent = (highest - lowest).max(), largest = max(-lowest.min(), highest.max(), 0)
        guard count >= 2, extent >= 0x1p-400 else { return nil }
        // Every slab has a height: its lines are distinct numbers.
        guard (0..<count).allSatisfy({ line($0 + 1) > line($0) }) else { return nil }
        // An x interpolated along a line is within 6 units (2⁻⁵³) of (extent + largest) of the true one, a difference
        // of two within 13.
        let doubt = 64 * 0x1p-53 * (extent + largest)
        return doubt <= margin / 4 ? doubt : nil
    }
}
