/// A grid of character cells drawn with Unicode braille dots, 2 × 4 dots per cell, for terminal previews.
/// A canvas has at most `maximumColumns` × `maximumRows` cells and at most `maximumCells` in all (a few MB).
public struct BrailleCanvas {
    /// The widest canvas, in character cells.
    public static let maximumColumns = 10_000
    /// The tallest canvas, in character cells.
    public static let maximumRows = 10_000
    /// The most cells a canvas holds (4 million: 4 MB of dots, 12 MB of text).
    public static let maximumCells = 4_000_000

    /// Width in character cells.
    public let columns: Int
    /// Height in character cells.
    public let rows: Int
    private var cells: [UInt8]

    /// The bit of each dot in a cell, indexed by [x][y] within the cell.
    private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// An empty canvas of `columns` × `rows` cells; throws unless both are at least 1 and within the maximums,
    /// checked before anything is allocated.
    public init(columns: Int, rows: Int) throws {
        guard columns >= 1, rows >= 1 else { throw RenderError("a preview needs at least 1 column and 1 row") }
        guard columns <= Self.maximumColumns, rows <= Self.maximumRows, columns * rows <= Self.maximumCells else {
            throw RenderError("a preview of \(columns) × \(rows) characters is too large (at most \(Self.maximumColumns) "
                + "columns, \(Self.maximumRows) rows and \(Self.maximumCells) characters in all)")
        }
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: 0, count: columns * rows)
    }

    /// Width in dots.
    public var dotWidth: Int { columns * 2 }
    /// Height in dots.
    public var dotHeight: Int { rows * 4 }

    /// Sets the dot at (x, y), counted from the top-left; dots outside the canvas are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        cells[(y / 4) * columns + x / 2] |= Self.bits[x % 2][y % 4]
    }

    /// Draws a straight line of dots between two dots with Bresenham's algorithm.
    public mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int)) {
        var x = a.x, y = a.y
        let dx = abs(b.x - a.x), dy = -abs(b.y - a.y)
        let sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y)
            if x == b.x && y == b.y { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }

    /// The canvas as text: `rows` lines of `columns` braille characters, joined by newlines.
    public func render() -> String {
        (0..<rows).map { r in
            String(String.UnicodeScalarView((0..<columns).map { Unicode.Scalar(0x2800 + UInt32(cells[r * columns + $0]))! }))
        }.joined(separator: "\n")
    }

    /// Draws positions as dots and edges as lines, fitted to `columns` × `rows` cells (y grows downward).
    public static func preview(positions: [SIMD2<Double>], edges: [(Int, Int)], columns: Int, rows: Int) throws -> String {
        var canvas = try BrailleCanvas(columns: columns, rows: rows)
        if let bad = positions.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            throw RenderError("node \(bad + 1) has a position that is not a finite number")
        }
        if let bad = edges.firstIndex(where: { !positions.indices.contains($0.0) || !positions.indices.contains($0.1) }) {
            throw RenderError("edge \(bad + 1) joins \(edges[bad].0) and \(edges[bad].1), but there are \(positions.count) nodes")
        }
        guard let first = positions.first else { return canvas.render() }
        let lower = positions.reduce(first) { pointwiseMin($0, $1) }, upper = positions.reduce(first) { pointwiseMax($0, $1) }
        let room = SIMD2(Double(canvas.dotWidth - 1), Double(canvas.dotHeight - 1))
        let span = upper - lower
        let scale = min(span.x > 0 ? room.x / span.x : .infinity, span.y > 0 ? room.y / span.y : .infinity)
        let fitted = scale.isFinite ? scale : 0
        let offset = (room - span * fitted) / 2
        let dots = positions.map { p -> (x: Int, y: Int) in
            let d = (p - lower) * fitted + offset
            return (Int(d.x.rounded()), Int(d.y.rounded()))
        }
        for (a, b) in edges { canvas.line(from: dots[a], to: dots[b]) }
        for dot in dots { canvas.set(x: dot.x, y: dot.y) }
        return canvas.render()
    }
}
