/// The size of `g:show`'s braille preview as asked for; a side not given fills the terminal (its width, its height
/// less 2 lines for the prompt).
public struct PreviewSize: LuaSettable, Sendable {
    /// Width in characters.
    public var columns: Int?
    /// Height in lines.
    public var rows: Int?

    /// Both sides from the terminal.
    public init() {}

    /// The range a side must lie in.
    public static func range(of setting: PartialKeyPath<PreviewSize>) -> ClosedRange<Double>? {
        switch setting {
        case \.columns, \.rows: 1...Double.infinity
        default: nil
        }
    }

    /// The preview's columns and rows on a terminal of `terminal`'s size (at least 4 rows when the terminal's
    /// height is taken).
    func resolved(in terminal: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
        (columns ?? terminal.columns, rows ?? max(4, terminal.rows - 2))
    }
}
