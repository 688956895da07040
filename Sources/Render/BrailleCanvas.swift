import GraphModel

/// A grid of character cells drawn with Unicode braille dots, 2 × 4 dots per cell, for terminal previews: edges
/// are thin lines, nodes 2 × 2 blocks whose cells can be drawn bold in colour, and a few cells may hold label text.
/// A canvas has at most `maximumColumns` × `maximumRows` cells and at most `maximumCells` in all (a few MB).
public struct BrailleCanvas {
    /// The widest canvas, in character cells.
    public static let maximumColumns = 10_000
    /// The tallest canvas, in character cells.
    public static let maximumRows = 10_000
    /// The most cells a canvas holds (4 million: 4 MB of dots, 12 MB of text, at most 60 MB with colour).
    public static let maximumCells = 4_000_000
    /// The longest label drawn, in character cells (longer ones are cut with `…`).
    public static let maximumLabelLength = 24

    /// Width in character cells.
    public let columns: Int
    /// Height in character cells.
    public let rows: Int
    private var cells: [UInt8]
    /// Whether each cell holds a node's dots (drawn in the node style).
    private var nodeCells: [Bool]
    /// Label cells by cell index, drawn over the dots.
    private var labelCells: [Int: LabelCell] = [:]

    /// A cell of a label: a character, or the second of the two cells a wide character (CJK, emoji) covers.
    private enum LabelCell: Equatable {
        case character(Character)
        case wideRest
    }

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
        nodeCells = Array(repeating: false, count: columns * rows)
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

    /// Draws a node as a 2 × 2 block of dots from (x, y) and marks its cells as node cells.
    public mutating func node(x: Int, y: Int) {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (px, py) = (x + dx, y + dy)
            guard px >= 0, py >= 0, px < dotWidth, py < dotHeight else { continue }
            set(x: px, y: py)
            nodeCells[(py / 4) * columns + px / 2] = true
        }
    }

    /// Writes `text` beside the node block drawn at dot (x, y), on its first row: right of it, else left of it,
    /// else on the roomier side cut to fit (with `…`), as labels longer than `maximumLabelLength` cells are. A
    /// control character is shown as `�` (a line break or tab as a space) and a wide character takes two cells, so
    /// a label never breaks the grid. A label is not written where it would touch another one. Returns whether it
    /// was written.
    @discardableResult
    public mutating func label(_ text: String, x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight, !text.isEmpty else { return false }
        let first = x / 2, last = min(columns - 1, (x + 1) / 2), row = y / 4
        let rightRoom = columns - 1 - last, leftRoom = first
        let wanted = Self.cut(Self.labelCells(text), to: Self.maximumLabelLength)
        let onRight = wanted.count <= rightRoom || (wanted.count > leftRoom && rightRoom >= leftRoom)
        let written = Self.cut(wanted, to: onRight ? rightRoom : leftRoom)
        guard !written.isEmpty else { return false }
        let start = onRight ? last + 1 : first - written.count
        let span = (row * columns + start)..<(row * columns + start + written.count)
        // One cell of space on each side keeps neighbouring labels apart.
        let guarded = max(row * columns, span.lowerBound - 1)..<min((row + 1) * columns, span.upperBound + 1)
        guard !guarded.contains(where: { labelCells[$0] != nil }) else { return false }
        for (offset, cell) in zip(span, written) { labelCells[offset] = cell }
        return true
    }

    /// The cells `text` takes on a terminal.
    private static func labelCells(_ text: String) -> [LabelCell] {
        text.flatMap { character -> [LabelCell] in
            guard let scalar = character.unicodeScalars.first else { return [] }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                return [.character(character.isWhitespace ? " " : "\u{FFFD}")]
            default:
                let wide = scalar.properties.isEmojiPresentation || wideRanges.contains { $0.contains(scalar.value) }
                return wide ? [.character(character), .wideRest] : [.character(character)]
            }
        }
    }

    /// The code points of East Asian wide and fullwidth characters, which terminals draw two cells wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]

    /// `cells` if they fit in `length`, else as many as fit before a `…` (no wide character cut in half); none
    /// when `length` is 0.
    private static func cut(_ cells: [LabelCell], to length: Int) -> [LabelCell] {
        guard cells.count > length else { return cells }
        guard length > 0 else { return [] }
        var kept = Array(cells.prefix(length - 1))
        if cells[kept.count] == .wideRest { kept.removeLast() }
        return kept + [.character("…")]
    }

    /// The canvas as text: `rows` lines of `columns` characters, joined by newlines. With `colour`, edge dots are
    /// faint, node cells bold yellow and labels bold (ANSI escapes, reset at each line's end); without it the text
    /// is plain and nodes differ from edges by their 2 × 2 blocks.
    public func render(colour: Bool = false) -> String {
        let faint = "\u{1B}[2m", node = "\u{1B}[1;33m", label = "\u{1B}[1m", reset = "\u{1B}[0m"
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for r in 0..<rows {
            var line = ""
            var style = ""
            for c in 0..<columns {
                let index = r * columns + c
                let character: Character
                let wanted: String
                if let cell = labelCells[index] {
                    // A wide character's second cell is drawn by the character itself.
                    guard case .character(let text) = cell else { continue }
                    (character, wanted) = (text, label)
                } else {
                    character = Character(Unicode.Scalar(0x2800 + UInt32(cells[index]))!)
                    wanted = cells[index] == 0 ? "" : nodeCells[index] ? node : faint
                }
                if colour && wanted != style {
                    line += style.isEmpty ? wanted : reset + wanted
                    style = wanted
                }
                line.append(character)
            }
            if colour && !style.isEmpty { line += reset }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Draws edges as lines and nodes as 2 × 2 blocks, fitted to `columns` × `rows` cells (y grows downward), with
    /// `labels` (text by node index) beside their nodes; `colour` as in `render(colour:)`. `check` is called with the
    /// units of work done (one per edge and node drawn), every few thousand, and may throw to stop (a time or work limit).
    public static func preview(
        positions: [SIMD2<Double>], edges: [(Int, Int)], columns: Int, rows: Int,
        labels: [(node: Int, text: String)] = [], colour: Bool = false, check: @escaping (Int) throws -> Void = { _ in }
    ) throws -> String {
        let meter = WorkMeter(check)
        var canvas = try BrailleCanvas(columns: columns, rows: rows)
        try GraphPoints.check(positions: positions, edges: edges)
        if let bad = labels.first(where: { !positions.indices.contains($0.node) }) {
            throw RenderError("a label is for node \(bad.node + 1), but there are \(positions.count) nodes")
        }
        guard let first = positions.first else { return canvas.render(colour: colour) }
        let lower = positions.reduce(first) { pointwiseMin($0, $1) }, upper = positions.reduce(first) { pointwiseMax($0, $1) }
        // The room keeps one dot free on the right and bottom for the nodes' 2 × 2 blocks.
        let room = SIMD2(Double(max(0, canvas.dotWidth - 2)), Double(max(0, canvas.dotHeight - 2)))
        let span = upper - lower
        let scale = min(span.x > 0 ? room.x / span.x : .infinity, span.y > 0 ? room.y / span.y : .infinity)
        let fitted = scale.isFinite ? scale : 0
        let offset = (room - span * fitted) / 2
        let dots = positions.map { p -> (x: Int, y: Int) in
            let d = (p - lower) * fitted + offset
            return (Int(d.x.rounded()), Int(d.y.rounded()))
        }
        for (a, b) in edges {
            try meter.charge()
            canvas.line(from: dots[a], to: dots[b])
        }
        for dot in dots {
            try meter.charge()
            canvas.node(x: dot.x, y: dot.y)
        }
        for (node, text) in labels { canvas.label(text, x: dots[node].x, y: dots[node].y) }
        try meter.flush()
        return canvas.render(colour: colour)
    }
}
