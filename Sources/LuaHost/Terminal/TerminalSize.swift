import Foundation

/// The terminal's size in character cells (80 × 24 when the stream is not a terminal).
public enum TerminalSize {
    /// Columns and rows of the terminal on `stream` (stdout by default).
    public static func current(of stream: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(stream, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
