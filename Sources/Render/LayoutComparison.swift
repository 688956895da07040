import Foundation
import GraphModel

/// A graded submission's layouts beside the reference's, one row per graph: the two panels share one framing (the
/// box around both layouts), so a layout that drifted or flew apart shows as such, and the nodes farthest from where
/// the reference put them are ringed and named in both.
public struct LayoutComparison {
    /// One graph: its two layouts (in x and y) and the nodes to mark.
    public struct Row {
        public let title: String
        public let ids: [String]
        /// Edges as node indices.
        public let edges: [(Int, Int)]
        public let submission: [SIMD2<Double>]
        public let reference: [SIMD2<Double>]
        /// The nodes ringed in both panels (the farthest off first).
        public let marked: [Int]

        /// A row; `marked` are node indices.
        public init(title: String, ids: [String], edges: [(Int, Int)], submission: [SIMD2<Double>], reference: [SIMD2<Double>], marked: [Int]) {
            self.title = title
            self.ids = ids
            self.edges = edges
            self.submission = submission
            self.reference = reference
            self.marked = marked
        }
    }

    /// The picture's first line (the submission and the exercise).
    public let heading: String
    public let rows: [Row]

    /// The size of a panel's square, the space around and between panels, and the height of a title line.
    static let panel = 360.0, gap = 24.0, line = 22.0

    /// A picture of `rows` under `heading`.
    public init(heading: String, rows: [Row]) {
        self.heading = heading
        self.rows = rows
    }

    /// The nodes farthest from the reference (up to `count`, a position that is not a number first), among those off.
    public static func farthest(_ submission: [SIMD2<Double>], _ reference: [SIMD2<Double>], count: Int = 3) -> [Int] {
        let deviations = submission.indices.map { i -> Double in
            let d = ((submission[i] - reference[i]) * (submission[i] - reference[i])).sum().squareRoot()
            return d.isNaN ? .infinity : d
        }
        return Array(deviations.indices.filter { deviations[$0] > 0 }.sorted { deviations[$0] > deviations[$1] }.prefix(count))
    }

    /// The SVG document.
    public func svg() -> String {
        let rowHeight = Self.line * 2 + Self.panel + 4
        let width = Self.gap * 3 + Self.panel * 2
        var svg = SVGWriter(width: width, height: Self.gap + Self.line + Double(rows.count) * (rowHeight + Self.gap))
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
        svg.text("text", [("x", Self.gap.svg), ("y", (Self.gap + 12).svg), ("font-size", "14"), ("font-weight", "bold")], heading)
        for (index, row) in rows.enumerated() {
            let top = Self.gap + Self.line + Double(index) * (rowHeight + Self.gap)
            let marks = row.marked.isEmpty ? "every node where the reference put it" : "ringed: the nodes farthest from where the reference put them"
            svg.text("text", [("x", Self.gap.svg), ("y", (top + 14).svg), ("font-size", "13")], "\(row.title): \(marks)")
            let frame = Self.frame(row.submission + row.reference)
            for (column, (name, positions)) in [("the submission", row.submission), ("the reference", row.reference)].enumerated() {
                let left = Self.gap + Double(column) * (Self.panel + Self.gap)
                draw(row, positions, named: name, in: &svg, left: left, top: top + 2 * Self.line, frame: frame)
            }
        }
        return svg.document()
    }

    /// The box around every finite position (a unit box around the origin when there is none).
    static func frame(_ positions: [SIMD2<Double>]) -> (low: SIMD2<Double>, high: SIMD2<Double>) {
        let finite = positions.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = finite.first else { return (SIMD2(-1, -1), SIMD2(1, 1)) }
        var low = first, high = first
        for p in finite {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let span = high - low
        let side = max(span.x, span.y, 1e-9)
        let centre = (low + high) / 2
        return (centre - side / 2, centre + side / 2)
    }

    /// One panel: a border, the edges, the nodes, the marked nodes ringed and named, and a note of the nodes not drawn.
    private func draw(_ row: Row, _ positions: [SIMD2<Double>], named name: String, in svg: inout SVGWriter, left: Double, top: Double,
                      frame: (low: SIMD2<Double>, high: SIMD2<Double>)) {
        let inset = 16.0, size = Self.panel - 2 * inset
        let scale = size / (frame.high.x - frame.low.x)
        func place(_ p: SIMD2<Double>) -> SIMD2<Double>? {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            return SIMD2(left + inset + (p.x - frame.low.x) * scale, top + inset + (p.y - frame.low.y) * scale)
        }
        svg.text("text", [("x", left.svg), ("y", (top - 5).svg), ("font-size", "12"), ("fill", "#555")], name)
        svg.element("rect", [("x", left.svg), ("y", top.svg), ("width", Self.panel.svg), ("height", Self.panel.svg),
                             ("fill", "none"), ("stroke", "#bbb")])
        let placed = positions.map(place)
        svg.open("g", [("stroke", "#999"), ("stroke-width", "1")])
        for (s, t) in row.edges {
            guard let a = placed[s], let b = placed[t] else { continue }
            svg.element("line", [("x1", a.x.svg), ("y1", a.y.svg), ("x2", b.x.svg), ("y2", b.y.svg)])
        }
        svg.close("g")
        svg.open("g", [("fill", "#4e79a7")])
        for case let p? in placed {
            svg.element("circle", [("cx", p.x.svg), ("cy", p.y.svg), ("r", "3.5")])
        }
        svg.close("g")
        for i in row.marked {
            guard let p = placed[i] else { continue }
            svg.element("circle", [("cx", p.x.svg), ("cy", p.y.svg), ("r", "8"), ("fill", "none"), ("stroke", "#e15759"), ("stroke-width", "2")])
            svg.text("text", [("x", (p.x + 10).svg), ("y", (p.y - 8).svg), ("font-size", "12"), ("fill", "#e15759")], "'\(row.ids[i])'")
        }
        let missing = placed.filter { $0 == nil }.count
        if missing > 0 {
            svg.text("text", [("x", (left + 6).svg), ("y", (top + Self.panel - 6).svg), ("font-size", "11"), ("fill", "#e15759")],
                     "\(missing) node\(missing == 1 ? "" : "s") not drawn: position not a number")
        }
    }
}
