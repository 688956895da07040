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

    /// Draws a frame in place, at most every 50 ms unless it is the `final` one.
    func draw(tick: Int, alpha: Double, final: Bool = false) throws {
        guard enabled, final || Date().timeIntervalSince(lastDraw) > 0.05 else { return }
        lastDraw = Date()
        let size = TerminalSize.current()
        let points = try GraphScenes.points(graph)
        let picture = try BrailleCanvas.preview(
            positions: points.positions, edges: points.edges, columns: size.columns, rows: max(4, size.rows - 2))
        let status = String(format: "tick %d  alpha %.4f", tick, alpha)
        let frame = (drawn ? "\u{1B}[H" : "\u{1B}[2J\u{1B}[H") + picture + (picture.hasSuffix("\n") ? "" : "\n") + status + "\u{1B}[K\n"
        FileHandle.standardOutput.write(Data(frame.utf8))
        drawn = true
    }
}
