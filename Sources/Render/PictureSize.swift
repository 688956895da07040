/// The widths and heights, in pixels, that SVG pictures accept.
public enum PictureSize {
    /// Every accepted width or height (so it is finite); larger pictures only make numbers no viewer draws.
    public static let sides: ClosedRange<Double> = 1...1_000_000

    /// Throws unless `width` and `height` are both in `sides`.
    static func check(width: Double, height: Double) throws {
        for (name, value) in [("width", width), ("height", height)] where !sides.contains(value) {
            throw RenderError(
                "picture \(name) must be from \(Int(sides.lowerBound)) to \(Int(sides.upperBound)) pixels, got \(value)")
        }
    }
}
