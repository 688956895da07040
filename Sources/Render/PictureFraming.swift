/// Which part of the world a picture shows: fitted to its content, or a React Flow viewport given explicitly.
public enum PictureFraming: Equatable, Sendable {
    /// Fit all content (nodes, labels, frames) into the picture with `GraphSVGOptions.padding` around it.
    case fit
    /// React Flow's viewport: a screen point is world × zoom + (x, y).
    case explicit(zoom: Double, x: Double, y: Double)
}
