import Render

/// What `g:show`'s braille preview is asked for: its size, a side not given filling the terminal (its width, its
/// height less 2 lines for the prompt), and the nodes it labels.
public struct PreviewSettings: LuaRangeTable, Sendable {
    /// Width in characters.
    public var columns: Int?
    /// Height in lines.
    public var rows: Int?
    /// The nodes labelled beside their blocks.
    public var labels = GraphPreview.Labels.none

    /// Both sides from the terminal, no labels.
    public init() {}

    /// A side is at least 1.
    public static var ranges: [PartialKeyPath<PreviewSettings>: ClosedRange<Double>] { [\.columns: 1...Double.infinity, \.rows: 1...Double.infinity] }

    /// The preview's columns and rows on a terminal of `terminal`'s size (at least 4 rows when the terminal's
    /// height is taken).
    func resolved(in terminal: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
        (columns ?? terminal.columns, rows ?? max(4, terminal.rows - 2))
    }
}
