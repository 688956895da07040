/// The visible window saved with a React Flow file: a translation and a zoom (a picture's is Render's `PictureFraming`).
public struct SavedViewport: Equatable, Sendable {
    /// The horizontal translation.
    public var x: Double
    /// The vertical translation.
    public var y: Double
    /// The zoom factor.
    public var zoom: Double

    /// A saved viewport from its translation and zoom.
    public init(x: Double = 0, y: Double = 0, zoom: Double = 1) {
        self.x = x
        self.y = y
        self.zoom = zoom
    }
}
