/// The shape drawn at each point of a plot series.
public enum PlotMarker: String, CaseIterable, Sendable {
    case none, circle, square, triangle, diamond

    /// Draws the marker centred at (`x`, `y`) with half-size `r`, filled with `colour` and outlined in white.
    func draw(into svg: inout SVGWriter, x: Double, y: Double, r: Double, colour: String) {
        let style = [("fill", colour), ("stroke", "#ffffff"), ("stroke-width", (r * 0.35).svg)]
        switch self {
        case .none: return
        case .circle:
            svg.element("circle", [("cx", x.svg), ("cy", y.svg), ("r", r.svg)] + style)
        case .square:
            svg.element("rect", [("x", (x - r).svg), ("y", (y - r).svg), ("width", (2 * r).svg), ("height", (2 * r).svg)] + style)
        case .triangle:
            let points = [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
            svg.element("polygon", [("points", points.map { "\($0.0.svg),\($0.1.svg)" }.joined(separator: " "))] + style)
        case .diamond:
            let points = [(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)]
            svg.element("polygon", [("points", points.map { "\($0.0.svg),\($0.1.svg)" }.joined(separator: " "))] + style)
        }
    }
}
