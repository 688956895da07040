import Foundation
import GraphModel
import Render

/// `sim:run{show = true, fps =}`: redraws the layout in braille on the terminal while the simulation runs. With a
/// pace (`fps` > 0 and finite) every tick is a frame and the run waits out the rest of each frame's time; without
/// one (`fps = 0` or `math.huge`) a frame is drawn at most every 50 ms and the run never waits. Drawing and waiting
/// only read positions, so the pace never changes the result. In a notebook (`InlineDisplay`) each frame is the
/// graph's SVG picture (as `fl.svg.graph` draws it by default), replacing the last in place, at most 10 a second.
final class LiveView {
    /// The least time between frames without a pace.
    private static let unpacedInterval = 0.05

    private let graph: Graph
    private let enabled: Bool
    private let frameTime: Double?
    private let colour: Bool
    private let labels: GraphPreview.Labels
    private var lastDraw = -Double.infinity
    private var drawn = false
    /// The notebook display the frames replace, when in a notebook.
    private let displayIdentifier: String?
    /// The notebook's sink, when in a notebook.
    private let sink: InlineDisplay.Sink?
    /// The least time between a notebook's frames.
    private static let notebookInterval = 0.1

    /// A view of `graph` at `framesPerSecond` (0 or infinity: no pace) with `labels`, drawn only when standard
    /// output is a terminal, or through `sink` in a notebook.
    init(graph: Graph, framesPerSecond: Double, labels: GraphPreview.Labels, sink: InlineDisplay.Sink?) {
        self.graph = graph
        self.sink = sink
        displayIdentifier = sink == nil ? nil : InlineDisplay.newIdentifier("frames")
        enabled = displayIdentifier != nil || isatty(STDOUT_FILENO) != 0
        let pace = framesPerSecond > 0 && framesPerSecond.isFinite ? 1 / framesPerSecond : nil
        frameTime = displayIdentifier == nil ? pace : pace.map { max($0, LiveView.notebookInterval) }
        colour = TerminalColour.onStandardOutput
        self.labels = labels
    }

    /// After each tick: draws the frame when one is due; with a pace, first waits until the frame's time.
    func afterTick(tick: Int, alpha: Double, interrupted: () -> Bool) throws {
        guard enabled else { return }
        let wait = lastDraw + (frameTime ?? Self.unpacedInterval) - LiveView.now()
        if wait > 0 {
            guard frameTime != nil else { return }
            LiveView.wait(wait, interrupted)
        }
        try draw(tick: tick, alpha: alpha)
    }

    /// Draws a frame in place from the graph's positions.
    func draw(tick: Int, alpha: Double) throws {
        guard enabled else { return }
        lastDraw = LiveView.now()
        if let displayIdentifier {
            var options = GraphSVGOptions()
            options.title = String(format: "tick %d  alpha %.4f", tick, alpha)
            let picture = try GraphSVG(scene: try GraphScene(graph: graph, group: "group"), options: options).render()
            try sink?("image/svg+xml", picture, displayIdentifier, drawn)
            drawn = true
            return
        }
        let size = TerminalSize.current()
        var preview = GraphPreview(columns: size.columns, rows: max(4, size.rows - 2))
        preview.colour = colour
        preview.labels = labels
        let picture = try preview.text(of: graph)
        let status = String(format: "tick %d  alpha %.4f", tick, alpha)
        let frame = (drawn ? "\u{1B}[H" : "\u{1B}[2J\u{1B}[H") + picture + (picture.hasSuffix("\n") ? "" : "\n") + status + "\u{1B}[K\n"
        try StandardStream.writeOutput(frame)
        drawn = true
    }

    /// Seconds on a monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Waits `seconds` in sleeps of at most 50 ms, ending early once `interrupted` is true (Ctrl-C).
    private static func wait(_ seconds: Double, _ interrupted: () -> Bool) {
        var left = seconds
        while left > 0 && !interrupted() {
            let slice = min(left, 0.05)
            usleep(useconds_t(slice * 1e6))
            left -= slice
        }
    }
}
