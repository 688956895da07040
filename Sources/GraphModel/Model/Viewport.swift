/// The visible window onto a graph: a translation and a zoom, as React Flow saves it.
public struct Viewport: Equatable, Sendable {
    /// The horizontal translation.
    public var x: Double
    /// The vertical translation.
    public var y: Double
    /// The zoom factor.
    public var zoom: Double

    /// A viewport from its translation and zoom.
    public init(x: Double = 0, y: Double = 0, zoom: Double = 1) {
        self.x = x
        self.y = y
        self.zoom = zoom
    }
}
