import Foundation

/// d3-force's (2D) and d3-force-3d's (3D) phyllotaxis placement of nodes that have no position.
enum Placement {
    /// Radius scale of the spiral.
    static let initialRadius = 10.0
    /// Golden angle, pi * (3 - sqrt 5).
    static let rollAngle = Double.pi * (3 - 5.0.squareRoot())
    /// d3-force-3d's yaw step, pi * 20 / (9 + sqrt 221).
    static let yawAngle = Double.pi * 20 / (9 + 221.0.squareRoot())

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
}
