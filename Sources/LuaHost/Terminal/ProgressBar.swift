import Foundation

/// A one-line progress display on stderr for `sim:run()`, drawn only when stderr is a terminal.
final class ProgressBar {
    /// Whether it draws (stderr is a terminal).
    let isEnabled: Bool
    private let alphaMin: Double
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool, alphaMin: Double) {
        self.isEnabled = enabled
        self.alphaMin = alphaMin
    }

    /// Redraws at most every 100 ms: ticks so far, alpha, and how far alpha has cooled towards alphaMin, on one line
    /// of the terminal on stderr.
    func update(tick: Int, alpha: Double) {
        guard isEnabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        let done = alpha >= 1 ? 0 : min(1, max(0, log(alpha) / log(max(alphaMin, 1e-12))))
        StandardStream.writeDisplay("\r" + Self.line(tick: tick, alpha: alpha, done: done, columns: TerminalSize.current(of: STDERR_FILENO).columns))
        drawn = true
    }

    /// The line drawn: a bar of up to 30 cells `done` full, the tick and alpha, shorter than `columns` (a line that
    /// wrapped would leave its first rows behind, since `\r` goes back only to the start of the last); below 5
    /// cells of bar, the figures alone, cut to fit.
    static func line(tick: Int, alpha: Double, done: Double, columns: Int) -> String {
        let figures = String(format: " tick %d  alpha %.4f", tick, alpha)
        let width = min(30, columns - 1 - figures.count)
        guard width >= 5 else { return String(figures.dropFirst().prefix(max(0, columns - 1))) }
        let filled = Int(done * Double(width))
        return String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + figures
    }

    /// Clears the line.
    func finish() {
        guard drawn else { return }
        StandardStream.writeDisplay("\r\u{1B}[2K")
    }
}
