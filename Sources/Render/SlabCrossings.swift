import GraphModel
import ProcessorSupport

extension EdgeCrossings {
    /// Counts what `pairwise` counts, slab by slab (a slab is a row of `rows`, between two lines), on `threads`
    /// threads. Two segments that both reach across a whole slab cross inside it exactly when their order along the
    /// slab's lower line differs from their order along its upper line, so those crossings are counted as the
    /// inversions between the two orders, never tested one by one: the order along each line is carried up from the
    /// line below (the segments across both, re-sorted by their x on the upper line with an insertion sort whose
    /// moves are those inversions, or a merge sort that counts them where they are many, and the segments that begin
    /// between the lines merged in). Each thread sweeps its own band of rows. A segment with an end inside the slab
    /// is paired with each segment whose piece there overlaps its own, and the pair decided from their x-values at
    /// the lowest and highest heights both reach in the slab. A pair is tested with `pairwise`'s exact test only
    /// where the numbers leave a doubt: x-values within `doubt` of each other (beyond it, rounding cannot flip their
    /// order). A tested pair is counted in the lowest slab that does not tell it apart, and only if no slab tells it
    /// crossed, so each crossing is counted once (docs/metrics.md#crossings). Charges `meter`, between rounds of a
    /// few slabs in each band, one unit per segment along a line and per pair decided or looked up in another slab.
    static func slabbed(positions: [SIMD2<Double>], edges: [(Int, Int)], rows: Rows, doubt: Double, threads: Int,
                        meter: WorkMeter) throws -> Int {
        let workers = max(1, min(threads, rows.count))
        // Per edge: its segment, its first and last lines, its places in the rows' lists of pieces with an end inside
        // and in the lines' lists of segments beginning there; and for each thread four lines of segments (the lower
        // and upper, the carried one and the sort's scratch), a piece across a slab and four numbers of the marks.
        let perEdge = MemoryLayout<Segment>.stride + 6 * MemoryLayout<Int32>.stride
            + workers * (4 * MemoryLayout<LinePoint>.stride + MemoryLayout<WidthClasses.Across>.stride
                + 3 * MemoryLayout<Double>.stride + 4 * MemoryLayout<Int32>.stride)
        try MemoryRequest.check(edges.count.multipliedReportingOverflow(by: perEdge).overflow ? .max : edges.count * perEdge,
                                for: "the crossing count's slabs (\(edges.count) edges)")
        let slabs = Slabs(segments: edges.map { Segment(a: positions[$0.0], b: positions[$0.1], u: $0.0, v: $0.1, rows: rows) },
                          rows: rows, doubt: doubt)
        let bands = slabs.bands(workers).map { BandSweep(slabs: slabs, rows: $0) }
        let rounds = max(1, ((bands.map(\.rows.count).max() ?? 0) + slabsPerRound - 1) / slabsPerRound)
        var count = 0
        for round in 0..<rounds {
            let tallies = Slots<(crossings: Int, work: Int)>(count: bands.count, filling: (0, 0))
            forEachClaimedItem(bands.count, threads: workers) { b, _ in
                let band = bands[b]
                tallies.base[b] = band.advance(to: band.rows.lowerBound + band.rows.count * (round + 1) / rounds)
            }
            for b in bands.indices {
                count += tallies.base[b].crossings
                try meter.charge(tallies.base[b].work)
            }
        }
        return count
    }

    /// How many slabs each band counts between two charges of the meter (at most).
    private static let slabsPerRound = 4

    /// A segment where it crosses a line: its x there; its lowest end and slope as `Segment` keeps them, to tell its
    /// x on another line without reading the segment; its place in the edge list and the last line it reaches.
    struct LinePoint: Sendable {
        let x: Double, endX: Double, endY: Double, slope: Double
        let segment: Int32, lastLine: Int32

        /// Whether this point comes before `other` along the line: by x, then by place in the edge list.
        @inline(__always)
        func precedes(_ other: LinePoint) -> Bool {
            x < other.x || (x == other.x && segment < other.segment)
        }

        /// The segment's x at height `y`, the number `Segment.x(at:)` gives (read from `segments` where the slope
        /// is not finite).
        @inline(__always)
        func x(at y: Double, segments: [Segment]) -> Double {
            slope.isNaN ? segments[Int(segment)].x(at: y) : Segment.x(at: y, from: SIMD2(endX, endY), slope: slope)
        }

        /// The same segment where it crosses another line, at `x`.
        func moved(to x: Double) -> LinePoint {
            LinePoint(x: x, endX: endX, endY: endY, slope: slope, segment: segment, lastLine: lastLine)
        }
    }

    /// A segment as the order along a line is carried to the next line: its x on the next line, its place in the
    /// edge list and its place along the line it comes from (a third of a `LinePoint`, so the sort moves less).
    struct LineKey: Sendable {
        let x: Double, segment: Int32, from: Int32

        /// Whether this key comes before `other` along the line: by x, then by place in the edge list.
        @inline(__always)
        func precedes(_ other: LineKey) -> Bool {
            x < other.x || (x == other.x && segment < other.segment)
        }
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

    /// What the threads share: the segments, the rows and the doubt, each segment's first and last line, the pieces
    /// with an end inside each row and the segments beginning at each line; and the decisions of one slab.
    private struct Slabs: Sendable {
        let segments: [Segment], rows: Rows, doubt: Double
        /// For each segment the first and the last line it reaches across (a horizontal one none: count + 1 and -1).
        let firstLine: [Int32], lastLine: [Int32]
        /// The segments present in each row without reaching across it (an end inside, or horizontal), row by row:
        /// row r's are `loners[lonerStart[r] ..< lonerStart[r + 1]]`, in order of place in the edge list.
        let lonerStart: [Int], loners: [Int32]
        /// The segments whose first line is l, `beginning[beginningStart[l] ..< beginningStart[l + 1]]`.
        let beginningStart: [Int], beginning: [Int32]

        init(segments: [Segment], rows: Rows, doubt: Double) {
            self.segments = segments
            self.rows = rows
            self.doubt = doubt
            var firstLine = [Int32](repeating: Int32(rows.count + 1), count: segments.count)
            var lastLine = [Int32](repeating: -1, count: segments.count)
            for (i, s) in segments.enumerated() where s.a.y < s.b.y {
                firstLine[i] = Int32(rows.firstLine(atOrAbove: s.a.y))
                lastLine[i] = Int32(rows.lastLine(atOrBelow: s.b.y))
            }
            self.firstLine = firstLine
            self.lastLine = lastLine
            // A segment is alone in the rows of its pieces below its first line and from its last line up.
            func forEachLonerRow(_ i: Int, _ body: (Int) -> Void) {
                let first = Int(segments[i].firstRow), last = Int(segments[i].lastRow)
                let belowEnd = max(first, min(Int(firstLine[i]), last + 1))
                for r in first..<belowEnd { body(r) }
                for r in stride(from: max(Int(lastLine[i]), belowEnd), through: last, by: 1) { body(r) }
            }
            var lonerStart = [Int](repeating: 0, count: rows.count + 1)
            for i in segments.indices { forEachLonerRow(i) { lonerStart[$0 + 1] += 1 } }
            for r in 0..<rows.count { lonerStart[r + 1] += lonerStart[r] }
            var loners = [Int32](repeating: 0, count: lonerStart[rows.count]), filled = lonerStart
            for i in segments.indices {
                forEachLonerRow(i) { r in
                    loners[filled[r]] = Int32(i)
                    filled[r] += 1
                }
            }
            self.lonerStart = lonerStart
            self.loners = loners
            var beginningStart = [Int](repeating: 0, count: rows.count + 2)
            for i in segments.indices where firstLine[i] <= lastLine[i] { beginningStart[Int(firstLine[i]) + 1] += 1 }
            for l in 0...rows.count { beginningStart[l + 1] += beginningStart[l] }
            var beginning = [Int32](repeating: 0, count: beginningStart[rows.count + 1])
            filled = beginningStart
            for i in segments.indices where firstLine[i] <= lastLine[i] {
                beginning[filled[Int(firstLine[i])]] = Int32(i)
                filled[Int(firstLine[i])] += 1
            }
            self.beginningStart = beginningStart
            self.beginning = beginning
        }

        /// The rows cut into at most `count` consecutive bands holding about equal numbers of segments across
        /// their lines.
        func bands(_ count: Int) -> [Range<Int>] {
            var across = [Int](repeating: 0, count: rows.count + 2)
            for i in segments.indices where firstLine[i] <= lastLine[i] {
                across[Int(firstLine[i])] += 1
                across[Int(lastLine[i]) + 1] -= 1
            }
            var weights: [Int] = [], running = 0
            for r in 0..<rows.count {
                running += across[r]
                weights.append(running + 1)
            }
            let total = weights.reduce(0, +)
            var bands: [Range<Int>] = [], start = 0, sum = 0
            for r in 0..<rows.count {
                sum += weights[r]
                // Cut where the share of the weight is reached, leaving a row for each band still to come.
                if bands.count < count - 1, sum * count >= total * (bands.count + 1),
                   rows.count - r - 1 >= count - bands.count - 1 {
                    bands.append(start..<(r + 1))
                    start = r + 1
                }
            }
            bands.append(start..<rows.count)
            return bands
        }

        /// The segments across line `l`, with their x there, in order along it.
        func line(_ l: Int) -> [LinePoint] {
            let y = rows.line(l)
            var points: [LinePoint] = []
            for i in segments.indices where Int(firstLine[i]) <= l && l <= Int(lastLine[i]) {
                points.append(point(i, at: y))
            }
            points.sort { $0.precedes($1) }
            return points
        }

        /// Segment `i` where it crosses the line at height `y`.
        func point(_ i: Int, at y: Double) -> LinePoint {
            let segment = segments[i]
            return LinePoint(x: segment.x(at: y), endX: segment.a.x, endY: segment.a.y, slope: segment.slope,
                             segment: Int32(i), lastLine: lastLine[i])
        }

        /// Whether two points along `line` (in order) are within the doubt of each other.
        func hasDoubt(_ line: [LinePoint]) -> Bool {
            line.indices.dropFirst().contains { line[$0].x - line[$0 - 1].x <= doubt }
        }

        /// For slab `r` whose lines hold points within the doubt of each other: the change to the slab's inversions
        /// from the pairs of segments across it in doubt along a line (their inversion taken back and the pair tested
        /// instead), adding the pairs looked at to `work`.
        func settleDoubts(row r: Int, lower: [LinePoint], upper: [LinePoint], marks: inout SlabMarks, work: inout Int) -> Int {
            let mark = Int32(r)
            marks.mark(lower, row: mark, lowerLine: true)
            marks.mark(upper, row: mark, lowerLine: false)
            var change = 0
            for (line, isLower) in [(lower, true), (upper, false)] {
                for i in line.indices where marks.spans(line[i].segment, row: mark) {
                    var j = i + 1
                    while j < line.count, line[j].x - line[i].x <= doubt {
                        let e = line[i].segment, f = line[j].segment
                        if marks.spans(f, row: mark), isLower || abs(marks.lowerX(f, lower) - marks.lowerX(e, lower)) > doubt {
                            if marks.flips(e, f) { change -= 1 }
                            if doubtfulCountsHere(Int(e), Int(f), row: r, work: &work) { change += 1 }
                        }
                        j += 1
                    }
                    work += j - i - 1
                }
            }
            return change
        }

        /// The crossings counted in slab `r` of the segments with an end inside it (`loners`): against every piece
        /// across the slab that overlaps theirs (`classes`) and against each other. Adds the pairs decided to `work`.
        func countLoners(row r: Int, _ loners: ArraySlice<Int32>, classes: WidthClasses, work: inout Int) -> Int {
            var crossings = 0
            // In order of their pieces' left ends, so that each class is walked from left to right.
            let pieces = loners.map { s -> SlabPiece in
                let segment = segments[Int(s)], span = rows.piece(segment, row: r)
                return SlabPiece(low: span.low, high: span.high, index: s, segment: segment)
            }.sorted { ($0.low, $0.index) < ($1.low, $1.index) }
            // For a loner with a height, as `state` decides a pair whose other segment reaches across the slab: the
            // lowest and highest heights it reaches in the slab and its x there (y0 > y1 when it reaches none).
            let reaches = pieces.map { piece -> (y0: Double, y1: Double, x0: Double, x1: Double) in
                let segment = piece.segment
                guard segment.a.y < segment.b.y else { return (0, 0, 0, 0) }
                let y0 = max(rows.line(r), segment.a.y), y1 = min(rows.line(r + 1), segment.b.y)
                return y0 <= y1 ? (y0, y1, segment.x(at: y0), segment.x(at: y1)) : (1, 0, 0, 0)
            }
            for c in classes.used {
                let across = classes.classes[c]
                var first = 0
                for (k, loner) in pieces.enumerated() {
                    let from = loner.low - across.widest, to = loner.high + across.widest
                    while first < across.x.count, across.x[first] < from { first += 1 }
                    var i = first
                    while i < across.x.count, across.x[i] <= to {
                        defer { i += 1 }
                        guard across.high[i] >= loner.low, across.low[i] <= loner.high else { continue }
                        work += 1
                        let other = across.segments[i], reach = reaches[k]
                        if loner.segment.a.y == loner.segment.b.y || other.slope.isNaN {
                            if countsHere(loner.index, loner.segment, other.index, segments[Int(other.index)], row: r, work: &work) {
                                crossings += 1
                            }
                            continue
                        }
                        guard reach.y0 <= reach.y1 else { continue }
                        let end = SIMD2(other.endX, other.endY)
                        let g0 = Segment.x(at: reach.y0, from: end, slope: other.slope) - reach.x0
                        let g1 = Segment.x(at: reach.y1, from: end, slope: other.slope) - reach.x1
                        if abs(g0) > doubt, abs(g1) > doubt {
                            if (g0 > 0) != (g1 > 0) { crossings += 1 }
                        } else if doubtfulCountsHere(Int(loner.index), Int(other.index), row: r, work: &work) {
                            crossings += 1
                        }
                    }
                }
            }
            for i in pieces.indices {
                var j = i + 1
                while j < pieces.count, pieces[j].low <= pieces[i].high {
                    if countsHere(pieces[i].index, pieces[i].segment, pieces[j].index, pieces[j].segment, row: r, work: &work) {
                        crossings += 1
                    }
                    j += 1
                }
                work += j - i - 1
            }
            return crossings
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
            guard e.a.y < e.b.y, f.a.y < f.b.y else { return .doubtful }
            let y0 = max(rows.line(r), e.a.y, f.a.y), y1 = min(rows.line(r + 1), e.b.y, f.b.y)
            guard y0 <= y1 else { return .apart }
            let g0 = f.x(at: y0) - e.x(at: y0), g1 = f.x(at: y1) - e.x(at: y1)
            guard abs(g0) > doubt, abs(g1) > doubt else { return .doubtful }
            return (g0 > 0) == (g1 > 0) ? .apart : .crossed
        }
    }

    /// One thread's sweep up a band of rows (its state taken out while it counts, so that the slabs work on a
    /// local value).
    private final class BandSweep: @unchecked Sendable {
        let slabs: Slabs, rows: Range<Int>
        private var sweep: SlabSweep

        init(slabs: Slabs, rows: Range<Int>) {
            self.slabs = slabs
            self.rows = rows
            sweep = SlabSweep(slabs: slabs, firstRow: rows.lowerBound)
        }

        /// Counts the slabs from the next one up to `end` (not included): the crossings and the work done.
        func advance(to end: Int) -> (crossings: Int, work: Int) {
            var sweep = SlabSweep()
            swap(&sweep, &self.sweep)
            defer { swap(&sweep, &self.sweep) }
            var crossings = 0, work = 0
            while sweep.next < end { crossings += sweep.countNext(slabs, work: &work) }
            return (crossings, work)
        }
    }

    /// A sweep up the slabs: the order along the line below the next slab, carried from slab to slab, and what a
    /// slab needs without allocating in proportion to the edges.
    private struct SlabSweep {
        /// The next slab to count, and the segments across its lower line in order along it.
        private(set) var next = 0
        private var lower: [LinePoint] = [], lowerInDoubt = false
        private var upper: [LinePoint] = [], beginning: [LinePoint] = []
        private var carried: [LineKey] = [], spare: [LineKey] = []
        private var classes = WidthClasses()
        private var marks: SlabMarks?

        /// A sweep holding nothing.
        init() {}

        /// A sweep from slab `firstRow`, its lower line sorted afresh.
        init(slabs: Slabs, firstRow: Int) {
            next = firstRow
            lower = slabs.line(firstRow)
            lowerInDoubt = slabs.hasDoubt(lower)
        }

        /// Counts the next slab, r, whose lower line is `lower`, and moves up a slab: returns the crossings counted,
        /// adds the work done to `work`.
        mutating func countNext(_ slabs: Slabs, work: inout Int) -> Int {
            let r = next, segments = slabs.segments, rows = slabs.rows, y = rows.line(r + 1)
            let loners = slabs.loners[slabs.lonerStart[r] ..< slabs.lonerStart[r + 1]]
            // The segments across the slab, in order along its lower line, with their x on its upper line; and
            // their pieces in the slab sorted into width classes when a segment has an end inside.
            carried.removeAll(keepingCapacity: true)
            if !loners.isEmpty { classes.removeAll() }
            for (i, point) in lower.enumerated() where Int(point.lastLine) > r {
                let x = point.x(at: y, segments: segments)
                carried.append(LineKey(x: x, segment: point.segment, from: Int32(i)))
                if !loners.isEmpty { classes.add(point, upperX: x, row: r, rows: rows, segments: segments) }
            }
            var crossings = EdgeCrossings.sortCountingInversions(&carried, scratch: &spare)
            // The segments beginning on the upper line, merged in.
            beginning.removeAll(keepingCapacity: true)
            for s in slabs.beginning[slabs.beginningStart[r + 1] ..< slabs.beginningStart[r + 2]] {
                beginning.append(slabs.point(Int(s), at: y))
            }
            beginning.sort { $0.precedes($1) }
            EdgeCrossings.merge(carried, from: lower, beginning, into: &upper)
            let upperInDoubt = slabs.hasDoubt(upper)
            work += lower.count + upper.count + loners.count
            if lowerInDoubt || upperInDoubt {
                var marks = self.marks ?? SlabMarks(segments: segments.count)
                self.marks = nil
                crossings += slabs.settleDoubts(row: r, lower: lower, upper: upper, marks: &marks, work: &work)
                self.marks = marks
            }
            if !loners.isEmpty { crossings += slabs.countLoners(row: r, loners, classes: classes, work: &work) }
            swap(&lower, &upper)
            lowerInDoubt = upperInDoubt
            next += 1
            return crossings
        }
    }

    /// Sorts `keys` along their line and returns how many pairs were out of that order: an insertion sort, whose
    /// moves are those pairs, until they pass a budget of a few dozen per key; then a merge sort of the keys not yet
    /// placed, counting as it merges, and a counted merge with those placed.
    static func sortCountingInversions(_ keys: inout [LineKey], scratch: inout [LineKey]) -> Int {
        let count = keys.count
        var inversions = 0
        if scratch.count < count { scratch = keys }
        keys.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            let placed: Int
            (placed, inversions) = insertionSortCounting(p, count, budget: 32 * count)
            guard placed < count else { return }
            scratch.withUnsafeMutableBufferPointer { spare in
                let t = spare.baseAddress!
                inversions += mergeSortCounting(p + placed, count - placed, scratch: t)
                inversions += mergeCounting(p, placed, p + placed, count - placed, into: t)
                p.update(from: t, count: count)
            }
        }
        return inversions
    }

    /// Sorts the `count` keys at `p` by insertion, counting the pairs out of order, until they pass `budget`: returns
    /// how many keys from the first are sorted (all, or fewer when the budget ran out) and the pairs counted.
    private static func insertionSortCounting(_ p: UnsafeMutablePointer<LineKey>, _ count: Int, budget: Int)
        -> (placed: Int, inversions: Int) {
        var inversions = 0, i = 1
        while i < count, inversions <= budget {
            let key = p[i]
            var j = i
            while j > 0, key.precedes(p[j - 1]) {
                p[j] = p[j - 1]
                j -= 1
            }
            p[j] = key
            inversions += i - j
            i += 1
        }
        return (min(i, count), inversions)
    }

    /// Sorts the `count` keys at `p` along their line (using `scratch`, as many) and returns the pairs out of order:
    /// halves merged, runs of a few dozen by insertion.
    private static func mergeSortCounting(_ p: UnsafeMutablePointer<LineKey>, _ count: Int,
                                          scratch: UnsafeMutablePointer<LineKey>) -> Int {
        guard count > 32 else { return insertionSortCounting(p, count, budget: .max).inversions }
        let half = count / 2
        var inversions = mergeSortCounting(p, half, scratch: scratch) + mergeSortCounting(p + half, count - half, scratch: scratch)
        inversions += mergeCounting(p, half, p + half, count - half, into: scratch)
        p.update(from: scratch, count: count)
        return inversions
    }

    /// Merges the sorted runs `a` and `b` into `out` and returns the pairs of a key of `a` after one of `b`.
    private static func mergeCounting(_ a: UnsafeMutablePointer<LineKey>, _ aCount: Int, _ b: UnsafeMutablePointer<LineKey>,
                                      _ bCount: Int, into out: UnsafeMutablePointer<LineKey>) -> Int {
        var i = 0, j = 0, k = 0, inversions = 0
        while i < aCount, j < bCount {
            if b[j].precedes(a[i]) {
                out[k] = b[j]
                j += 1
                inversions += aCount - i
            } else {
                out[k] = a[i]
                i += 1
            }
            k += 1
        }
        while i < aCount {
            out[k] = a[i]
            i += 1
            k += 1
        }
        while j < bCount {
            out[k] = b[j]
            j += 1
            k += 1
        }
        return inversions
    }

    /// The points along a line in order: the segments `carried` from the line below (in order, each read from its
    /// point along `lower`, at its new x) and those `beginning` there (in order), merged.
    private static func merge(_ carried: [LineKey], from lower: [LinePoint], _ beginning: [LinePoint], into out: inout [LinePoint]) {
        out.removeAll(keepingCapacity: true)
        var j = 0
        for key in carried {
            while j < beginning.count, beginning[j].x < key.x || (beginning[j].x == key.x && beginning[j].segment < key.segment) {
                out.append(beginning[j])
                j += 1
            }
            out.append(lower[Int(key.from)].moved(to: key.x))
        }
        out.append(contentsOf: beginning[j...])
    }

    /// A segment's piece in a row: its x-extent (as `Rows.piece` gives it), its place in the edge list and the segment.
    private struct SlabPiece {
        let low: Double, high: Double, index: Int32
        let segment: Segment
    }

    /// For each segment, the last slab whose lower and upper lines it crossed and its places along them, for the
    /// pairs in doubt along a line.
    private struct SlabMarks {
        var lowerRow: [Int32], lowerAt: [Int32], upperRow: [Int32], upperAt: [Int32]

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
    }

    /// The pieces of the segments across a slab, by powers of two of their width (in row heights), each class in
    /// order of x along the slab's lower line, so the pieces overlapping a given one are found by a walk along a few
    /// classes.
    private struct WidthClasses {
        /// A segment across the slab as a pair's decision needs it: its lowest end, its slope (NaN when not finite)
        /// and its place in the edge list.
        struct Across {
            let endX: Double, endY: Double, slope: Double
            let index: Int32
        }

        /// One class: its pieces' x along the lower line (ascending), extents (each holding the segment's piece as
        /// `Rows.piece` gives it) and segments, and the widest extent.
        struct WidthClass {
            var x: [Double] = [], low: [Double] = [], high: [Double] = [], segments: [Across] = []
            var widest = 0.0
        }

        var classes: [WidthClass] = Array(repeating: WidthClass(), count: 64)
        /// The classes holding pieces.
        var used: [Int] = []

        /// Empties every class.
        mutating func removeAll() {
            for c in used {
                classes[c].x.removeAll(keepingCapacity: true)
                classes[c].low.removeAll(keepingCapacity: true)
                classes[c].high.removeAll(keepingCapacity: true)
                classes[c].segments.removeAll(keepingCapacity: true)
                classes[c].widest = 0
            }
            used.removeAll(keepingCapacity: true)
        }

        /// Adds the piece in slab `row` of the segment of `point` (on the slab's lower line; `upperX` its x on the
        /// upper one), after those added before it along the lower line. The extent is the two x-values moved out by
        /// the margin and by the run of the segment over a margin of height, at least the piece `Rows.piece` gives
        /// (which is taken where the slope is not finite).
        mutating func add(_ point: LinePoint, upperX: Double, row: Int, rows: EdgeCrossings.Rows, segments: [Segment]) {
            let low: Double, high: Double
            if point.slope.isNaN {
                (low, high) = rows.piece(segments[Int(point.segment)], row: row)
            } else {
                let reach = (abs(point.slope) + 2) * rows.margin
                (low, high) = (min(point.x, upperX) - reach, max(point.x, upperX) + reach)
            }
            let width = high - low
            let c = width <= rows.height ? 0 : min(63, Int((width / rows.height).exponent) + 1)
            if classes[c].x.isEmpty { used.append(c) }
            classes[c].x.append(point.x)
            classes[c].low.append(low)
            classes[c].high.append(high)
            classes[c].segments.append(Across(endX: point.endX, endY: point.endY, slope: point.slope, index: point.segment))
            classes[c].widest = max(classes[c].widest, width)
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
    /// The first line at or above height `y`, or count + 1 when none is.
    func firstLine(atOrAbove y: Double) -> Int {
        var l = max(0, min(count + 1, Int(((y - bottom) / height).rounded(.up))))
        while l > 0, line(l - 1) >= y { l -= 1 }
        while l <= count, line(l) < y { l += 1 }
        return l
    }

    /// The last line at or below height `y`, or -1 when none is.
    func lastLine(atOrBelow y: Double) -> Int {
        var l = max(-1, min(count, Int(((y - bottom) / height).rounded(.down))))
        while l < count, line(l + 1) <= y { l += 1 }
        while l >= 0, line(l) > y { l -= 1 }
        return l
    }

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
        // An x interpolated along a line (`Segment.x(at:)`, along the slope or by the share of the height) is within
        // 6 units (2⁻⁵³) of (extent + largest) of the true one, and an underflow adds at most 2⁻⁵⁷⁰, far below a unit;
        // a difference of two is within 13.
        let doubt = 64 * 0x1p-53 * (extent + largest)
        return doubt <= margin / 4 ? doubt : nil
    }
}
