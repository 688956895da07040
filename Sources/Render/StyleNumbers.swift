import Foundation

/// Range checks for a picture's style numbers (font sizes, stroke widths, opacities, paddings...), so that a bad
/// value is an error rather than an SVG no viewer can draw.
public enum StyleNumbers {
    /// Lengths in pixels that may be zero: stroke widths, paddings, radii, offsets.
    public static let length: ClosedRange<Double> = 0...1_000_000
    /// Font sizes in pixels.
    public static let fontSize: ClosedRange<Double> = 0.1...10_000
    /// Opacities.
    public static let opacity: ClosedRange<Double> = 0...1
    /// Coordinates and axis bounds.
    public static let coordinate: ClosedRange<Double> = -1e15...1e15
    /// Scale factors above zero, such as world units of arrow per unit of velocity.
    public static let scale: ClosedRange<Double> = 1e-12...1e12
    /// Viewport zooms.
    public static let zoom: ClosedRange<Double> = 1e-9...1e9

    /// Throws for the first `(name, value, range)` whose value lies outside its range (NaN included).
    static func check(_ values: [(name: String, value: Double, range: ClosedRange<Double>)]) throws {
        for (name, value, range) in values where !range.contains(value) {
            let text = [range.lowerBound, range.upperBound, value].map { String(format: "%g", $0) }
            throw RenderError(setting: name, "must be from \(text[0]) to \(text[1]), got \(text[2])")
        }
    }
}
