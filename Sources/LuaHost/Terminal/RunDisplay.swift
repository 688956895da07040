import CLuaShim
import Foundation

/// What `sim:run` shows while it ticks: the live view of `show = true` (paced by its fps), or else the progress bar
/// (on standard error when that is a terminal, in a notebook as a bar that updates in place). One per run.
final class RunDisplay {
    private let progress: ProgressBar
    private let live: LiveView?

    /// The display of a run that stops below `alphaMin`, with `live` when the run shows the layout; in a notebook
    /// (`sink`) the progress bar is shown there.
    init(alphaMin: Double, live: LiveView?, sink: InlineDisplay.Sink?) {
        progress = ProgressBar(alphaMin: alphaMin, sink: sink)
        self.live = live
    }

    /// Whether anything is shown, so the run must stop after each tick to show it.
    var isActive: Bool { live != nil || progress.isEnabled }

    /// Shows tick `tick` at `alpha` (the live view waits for its frame, and Ctrl-C ends the wait: the live view draws
    /// on the terminal, so the state running is the session's, the one Ctrl-C reaches).
    func afterTick(tick: Int, alpha: Double) throws {
        if let live {
            try live.afterTick(tick: tick, alpha: alpha) { fl_interrupted(nil) != 0 }
        } else {
            progress.update(tick: tick, alpha: alpha)
        }
    }

    /// Shows the run's end after `ticks` ticks at `alpha`: the live view's last frame.
    func end(ticks: Int, alpha: Double) throws {
        try live?.draw(tick: ticks, alpha: alpha)
    }

    /// Clears the progress bar, or in a notebook shows the run's end, `tick` and `alpha` (after the run, whether it
    /// ended or failed).
    func close(tick: Int, alpha: Double) {
        progress.finish(tick: tick, alpha: alpha)
    }
}
