import Foundation
import GraphModel
import Render

/// `sim:run{show = true}`: redraws the layout in braille dots on the terminal while the simulation runs.
final class LiveView {
    private let graph: Graph
    private let enabled = isatty(STDOUT_FILENO) != 0
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(graph: Graph) {
        self.graph = graph
    }

    /// Whether the next frame should be drawn now (at most one every 50 ms, and only on a terminal).
    var isDue: Bool { enabled && Date().timeIntervalSince(lastDraw) > 0.05 }

    /// Draws a frame in place from the graph's positions.
    func draw(tick: Int, alpha: Double) throws {
        guard enabled else { return }
        lastDraw = Date()
        let size = TerminalSize.current()
        let points = try GraphPoints(graph)
        let picture = try BrailleCanvas.preview(
            positions: points.positions, edges: points.edges, columns: size.columns, rows: max(4, size.rows - 2))
        let status = String(format: "tick %d  alpha %.4f", tick, alpha)
        let frame = (drawn ? "\u{1B}[H" : "\u{1B}[2J\u{1B}[H") + picture + (picture.hasSuffix("\n") ? "" : "\n") + status + "\u{1B}[K\n"
        try StandardStream.writeOutput(frame)
        drawn = true
    }
}
