/// An axis-aligned rectangle by its extremes, in world or screen units.
struct WorldRect: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The rectangle's width.
    var width: Double { maxX - minX }
    /// The rectangle's height.
    var height: Double { maxY - minY }

    /// The smallest rectangle holding both.
    func union(_ other: WorldRect) -> WorldRect {
        WorldRect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                  maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The rectangle grown by the given amounts on each side.
    func expanded(left: Double, top: Double, right: Double, bottom: Double) -> WorldRect {
        WorldRect(minX: minX - left, minY: minY - top, maxX: maxX + right, maxY: maxY + bottom)
    }

    /// Whether the two rectangles share interior points.
    func overlaps(_ other: WorldRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
