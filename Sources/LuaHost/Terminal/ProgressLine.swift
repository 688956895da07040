import Foundation

/// The line of a progress display on stderr (`sim:run`'s, `forcelab sweep`'s): a bar and figures that fit the
/// terminal, since a line that wrapped would leave its first rows behind (`\r` goes back only to the start of the
/// last).
public enum ProgressLine {
    /// A bar of up to 30 cells, `done` (0 to 1) of it full, then `figures`, shorter than `columns` (by default the
    /// width of the terminal on stderr); with room for less than 5 cells of bar, the figures alone, cut to fit.
    public static func fitted(done: Double, figures: String, columns: Int = TerminalSize.current(of: STDERR_FILENO).columns) -> String {
        let width = min(30, columns - 1 - figures.count)
        guard width >= 5 else { return String(figures.drop(while: { $0 == " " }).prefix(max(0, columns - 1))) }
        let filled = Int(min(1, max(0, done)) * Double(width))
        return String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + figures
    }
}
