/// A node position: x and y, and z in three dimensions; NaN means "not placed yet" (d3's meaning).
public struct Point: Equatable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double
    /// The depth coordinate, for three-dimensional layouts.
    public var z: Double?

    /// A point from its coordinates.
    public init(x: Double, y: Double, z: Double? = nil) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The unplaced point, for readers that fill it field by field (the Lua records).
    public init() { self = .unplaced }

    /// Coordinates may be infinite, as a node's are.
    public static func range(of field: PartialKeyPath<Point>) -> ClosedRange<Double>? { -Double.infinity...Double.infinity }

    /// The point with every coordinate NaN: a node a simulation still has to place.
    public static let unplaced = Point(x: .nan, y: .nan)

    /// True when x and y are numbers (not NaN).
    public var isPlaced: Bool { !x.isNaN && !y.isNaN }

    /// Equality that treats NaN coordinates as equal to each other.
    public static func == (lhs: Point, rhs: Point) -> Bool {
        sameNumber(lhs.x, rhs.x) && sameNumber(lhs.y, rhs.y) && sameOptional(lhs.z, rhs.z)
    }
}

/// Compares two doubles, counting NaN as equal to NaN.
func sameNumber(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
}

/// Compares two optional doubles, counting NaN as equal to NaN.
func sameOptional(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?): return sameNumber(a, b)
    default: return false
    }
}
