import DataTables
import LuaHost
import Foundation

/// Counts finished cases and, when standard error is a terminal, draws a progress bar with the rate and an ETA.
final class SweepProgress {
    private let total: Int
    private let start = MonotonicClock.seconds()
    private let drawing = isatty(STDERR_FILENO) != 0
    private var lastDraw = 0.0
    private(set) var done = 0
    private(set) var failed = 0

    /// Starts counting `total` cases.
    init(total: Int) {
        self.total = total
    }

    /// Seconds since the start.
    var elapsed: Double { MonotonicClock.seconds() - start }

    /// Counts one case and redraws at most ten times a second.
    func count(failed caseFailed: Bool) {
        done += 1
        if caseFailed { failed += 1 }
        guard drawing, MonotonicClock.seconds() - lastDraw > 0.1 || done == total else { return }
        lastDraw = MonotonicClock.seconds()
        let rate = Double(done) / max(elapsed, 1e-9)
        let remaining = Int((Double(total - done) / max(rate, 1e-9)).rounded())
        let eta = String(format: "%d:%02d", remaining / 60, remaining % 60)
        let failures = failed > 0 ? "  \(failed) failed" : ""
        let figures = String(format: " %d/%d cases  %.1f/s  ETA %@%@", done, total, rate, eta, failures)
        Diagnostics.write("\r\u{1B}[2K" + ProgressLine.fitted(done: total == 0 ? 1 : Double(done) / Double(total), figures: figures))
    }

    /// Clears the bar.
    func finish() {
        if drawing { Diagnostics.write("\r\u{1B}[2K") }
    }

    /// Prints a line above the bar.
    func say(_ text: String) {
        finish()
        Diagnostics.write(text + "\n")
    }
}
