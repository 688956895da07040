import Foundation

/// A one-line progress display for `sim:run()`: on stderr when it is a terminal, in a notebook as a bar that
/// updates in place (`InlineDisplay`); otherwise nothing.
final class ProgressBar {
    /// Whether it draws.
    let isEnabled: Bool
    private let alphaMin: Double
    private var lastDraw = Date.distantPast
    private var drawn = false
    /// The notebook display it updates, when in a notebook.
    private let displayIdentifier: String?
    /// The notebook's sink, when in a notebook.
    private let sink: InlineDisplay.Sink?

    /// A bar for a run cooling towards `alphaMin`, shown through `sink` in a notebook.
    init(alphaMin: Double, sink: InlineDisplay.Sink?) {
        self.sink = sink
        displayIdentifier = sink == nil ? nil : InlineDisplay.newIdentifier("progress")
        isEnabled = displayIdentifier != nil || isatty(STDERR_FILENO) != 0
        self.alphaMin = alphaMin
    }

    /// Redraws at most every 100 ms: ticks so far, alpha, and how far alpha has cooled towards alphaMin, on one line
    /// of the terminal on stderr.
    func update(tick: Int, alpha: Double) {
        guard isEnabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        let done = alpha >= 1 ? 0 : min(1, max(0, log(alpha) / log(max(alphaMin, 1e-12))))
        let figures = String(format: " tick %d  alpha %.4f", tick, alpha)
        if let displayIdentifier {
            let bar = String(format: "<progress value=\"%.3f\" max=\"1\" style=\"width: 24em\"></progress> <code>%@</code>", done, figures)
            try? sink?("text/html", bar, displayIdentifier, drawn)
        } else {
            StandardStream.writeDisplay("\r" + ProgressLine.fitted(done: done, figures: figures))
        }
        drawn = true
    }

    /// Clears the line; in a notebook, the bar shows the run's end.
    func finish(tick: Int, alpha: Double) {
        guard drawn else { return }
        if let displayIdentifier {
            let figures = String(format: "%d ticks, alpha %.4f", tick, alpha)
            try? sink?("text/html", "<progress value=\"1\" max=\"1\" style=\"width: 24em\"></progress> <code>\(figures)</code>", displayIdentifier, true)
        } else {
            StandardStream.writeDisplay("\r\u{1B}[2K")
        }
    }
}
