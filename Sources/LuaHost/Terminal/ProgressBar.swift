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
        let figures = String(format: " tick %d  alpha %.4f", tick, alpha)
        StandardStream.writeDisplay("\r" + ProgressLine.fitted(done: done, figures: figures))
        drawn = true
    }

    /// Clears the line.
    func finish() {
        guard drawn else { return }
        StandardStream.writeDisplay("\r\u{1B}[2K")
    }
}
