import Foundation

/// The terminal's size in character cells (80 × 24 when stdout is not a terminal).
enum TerminalSize {
    /// Columns and rows of the terminal on stdout.
    static func current() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
