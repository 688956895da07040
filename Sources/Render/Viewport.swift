/// Which part of the world the picture shows.
public enum Viewport: Equatable, Sendable {
    /// Fit all content (nodes, labels, frames) into the picture with `GraphSVGOptions.padding` around it.
    case fit
    /// React Flow's viewport: a screen point is world × zoom + (x, y).
    case explicit(zoom: Double, x: Double, y: Double)
}
