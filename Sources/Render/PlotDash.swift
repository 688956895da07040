/// The pattern a plot series' line is drawn in, so lines stay apart where colours repeat.
public enum PlotDash: String, CaseIterable, Sendable {
    case solid, dashed, dotted, dashDot

    /// The SVG `stroke-dasharray` for a line `width` pixels wide; nil for a solid line.
    func dashArray(width: Double) -> String? {
        switch self {
        case .solid: return nil
        case .dashed: return "\((width * 4).svg) \((width * 2.5).svg)"
        case .dotted: return "\((width * 0.1).svg) \((width * 2.2).svg)"
        case .dashDot: return "\((width * 4).svg) \((width * 2).svg) \((width * 0.1).svg) \((width * 2).svg)"
        }
    }
}
