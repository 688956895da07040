import GraphModel

/// A picture's viewport given explicitly (React Flow's: a pixel is world × zoom + (x, y)); its defaults are a saved
/// React Flow viewport's, its ranges the ones a picture can draw.
public struct PictureViewport: Equatable, Sendable {
    /// Pixels per world unit.
    public var zoom = SavedViewport().zoom
    /// Horizontal translation in pixels.
    public var x = SavedViewport().x
    /// Vertical translation in pixels.
    public var y = SavedViewport().y

    /// A saved viewport's defaults.
    public init() {}

    /// The framing that shows this viewport.
    public var framing: PictureFraming { .explicit(zoom: zoom, x: x, y: y) }

    /// The range a numeric setting must lie in, for readers that check settings by key path (the Lua options).
    public static func range(of setting: PartialKeyPath<PictureViewport>) -> ClosedRange<Double>? {
        switch setting {
        case \.zoom: StyleNumbers.zoom
        case \.x, \.y: StyleNumbers.coordinate
        default: nil
        }
    }
}
