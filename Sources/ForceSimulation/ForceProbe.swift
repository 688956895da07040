/// What one tick's forces would do, measured without changing the simulation: for pictures that explain a layout.
extension Simulation {
    /// The velocity change each node would get from one application of every force at the current alpha (the
    /// tick's net force, since d3's forces act on velocities), per axis: `[dvx, dvy]` or `[dvx, dvy, dvz]`.
    /// Positions, velocities and the random source are put back afterwards, so the next tick is as it would have
    /// been. A force that moves positions instead (d3's center) shows no change; forces written in a script run
    /// once, so any state of their own that they keep does change.
    public func velocityChanges() throws -> [[Double]] {
        let k = kinetics, d = k.dimensions
        let positions = (0..<d).map { Array(k.position(axis: $0)) }
        let velocities = (0..<d).map { Array(k.velocity(axis: $0)) }
        let state = random.state, calls = random.calls
        defer {
            for axis in 0..<d {
                let p = k.position(axis: axis), v = k.velocity(axis: axis)
                // The node set cannot change while forces apply, so the buffers still have the saved sizes.
                for i in 0..<min(p.count, positions[axis].count) {
                    p[i] = positions[axis][i]
                    v[i] = velocities[axis][i]
                }
            }
            random.restore(state: state, calls: calls)
        }
        try applyForces(alpha: k.alpha)
        return (0..<d).map { axis in
            let v = k.velocity(axis: axis)
            return (0..<velocities[axis].count).map { v[$0] - velocities[axis][$0] }
        }
    }
}
