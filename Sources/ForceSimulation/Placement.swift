import Foundation

/// How a node without a position gets its start position (d3's initializeNodes).
public enum Placement: String, Sendable, Equatable, CaseIterable {
    /// d3-force's (2D) and d3-force-3d's (3D) phyllotaxis spiral: node i's point depends on i only, so the seed
    /// moves no node. The default.
    case phyllotaxis
    /// Uniformly at random in the disk (a ball in 3D) that the spiral of the same number of nodes covers, drawn from
    /// the simulation's seeded random source in node order: different seeds give different layouts, the same seed
    /// the same one.
    case random

    /// Radius scale of the spiral.
    static let initialRadius = 10.0
    /// Golden angle, pi * (3 - sqrt 5).
    static let rollAngle = Double.pi * (3 - 5.0.squareRoot())
    /// d3-force-3d's yaw step, pi * 20 / (9 + sqrt 221).
    static let yawAngle = Double.pi * 20 / (9 + 221.0.squareRoot())

    /// The start point of node `i` of `count` in `dimensions` (2 or 3; z is 0 in 2D): the spiral's point i, or a
    /// random point drawn from `random`.
    func point(_ i: Int, of count: Int, dimensions: Int, random: RandomSource) -> (x: Double, y: Double, z: Double) {
        switch (self, dimensions == 3) {
        case (.phyllotaxis, true): return Placement.point3D(i)
        case (.random, true): return Placement.randomPoint3D(count: count, random)
        case (.phyllotaxis, false):
            let point = Placement.point2D(i)
            return (point.x, point.y, 0)
        case (.random, false):
            let point = Placement.randomPoint2D(count: count, random)
            return (point.x, point.y, 0)
        }
    }

    /// The 2D point of node `i`: radius 10 * sqrt(0.5 + i) at angle i * rollAngle.
    static func point2D(_ i: Int) -> (x: Double, y: Double) {
        let radius = initialRadius * (0.5 + Double(i)).squareRoot()
        let angle = Double(i) * rollAngle
        return (radius * cos(angle), radius * sin(angle))
    }

    /// The 3D point of node `i`: radius 10 * cbrt(0.5 + i) on a spiral of two irrational angles.
    static func point3D(_ i: Int) -> (x: Double, y: Double, z: Double) {
        let radius = initialRadius * cbrt(0.5 + Double(i))
        let roll = Double(i) * rollAngle
        let yaw = Double(i) * yawAngle
        return (radius * sin(roll) * cos(yaw), radius * cos(roll), radius * sin(roll) * sin(yaw))
    }

    /// A point uniform in the disk the spiral of `count` nodes covers (radius that of its last point), from two
    /// draws of `random`: radius by the first (square root, for a uniform area), angle by the second.
    static func randomPoint2D(count: Int, _ random: RandomSource) -> (x: Double, y: Double) {
        let extent = initialRadius * (0.5 + Double(max(0, count - 1))).squareRoot()
        let radius = extent * random.next().squareRoot()
        let angle = 2 * Double.pi * random.next()
        return (radius * cos(angle), radius * sin(angle))
    }

    /// A point uniform in the ball the spiral of `count` nodes covers, from three draws of `random`: radius by the
    /// first (cube root, for a uniform volume), then a uniform direction (cosine of the polar angle, azimuth).
    static func randomPoint3D(count: Int, _ random: RandomSource) -> (x: Double, y: Double, z: Double) {
        let extent = initialRadius * cbrt(0.5 + Double(max(0, count - 1)))
        let radius = extent * cbrt(random.next())
        let cosine = 1 - 2 * random.next()
        let sine = max(0, 1 - cosine * cosine).squareRoot()
        let azimuth = 2 * Double.pi * random.next()
        return (radius * sine * cos(azimuth), radius * cosine, radius * sine * sin(azimuth))
    }
}
