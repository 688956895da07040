/// A node's outline: a circle or a rectangle about a centre (y down, as on screen). Render draws edges from its
/// anchors, and the engine's handle link force pulls between the same points.
public struct NodeShape: Sendable {
    /// The centre.
    public let center: SIMD2<Double>
    /// Half the width (a circle's radius).
    public let halfWidth: Double
    /// Half the height (a circle's radius).
    public let halfHeight: Double
    /// Whether the outline is a rectangle (else a circle of radius `halfWidth`).
    public let isBox: Bool

    /// An outline about `center`.
    public init(center: SIMD2<Double>, halfWidth: Double, halfHeight: Double, isBox: Bool) {
        self.center = center
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.isBox = isBox
    }

    /// The point on the outline on the way from the centre toward `point`.
    public func border(toward point: SIMD2<Double>) -> SIMD2<Double> {
        let d = point - center
        let length = (d * d).sum().squareRoot()
        guard length > 1e-9 else { return center }
        if !isBox { return center + d / length * halfWidth }
        let tx = abs(d.x) > 1e-12 ? halfWidth / abs(d.x) : .infinity
        let ty = abs(d.y) > 1e-12 ? halfHeight / abs(d.y) : .infinity
        return center + d * min(tx, ty, 1)
    }

    /// The middle of a side (for a circle, the point of the circle in that direction).
    public func anchor(_ side: Side) -> SIMD2<Double> {
        center + side.direction * (side.isHorizontal ? halfWidth : halfHeight)
    }

    /// The side that faces `point` most directly.
    public func side(facing point: SIMD2<Double>) -> Side {
        let d = point - center
        let nx = d.x / max(halfWidth, 1e-9), ny = d.y / max(halfHeight, 1e-9)
        if abs(nx) >= abs(ny) { return nx >= 0 ? .right : .left }
        return ny >= 0 ? .bottom : .top
    }
}
