/// The state of every node in structure-of-arrays form: positions, velocities and fixed coordinates per axis, and alpha.
///
/// Each array is a buffer owned by this object; a buffer stays valid until the node set changes
/// (`Simulation.replaceNodes`). The z buffers are empty in two dimensions. A fixed coordinate of NaN means free.
public final class Kinetics {
    /// Number of spatial dimensions, 2 or 3.
    public let dimensions: Int
    /// Number of nodes.
    public private(set) var count: Int
    /// The current alpha (cooling factor), stepped by the simulation before forces run.
    public internal(set) var alpha: Double = 1
    /// How many threads forces may use; 1 means single-threaded.
    public internal(set) var threads: Int = 1
    /// What the built-in forces compute for (set when the simulation is created).
    public internal(set) var mode: SimulationMode = .exact

    /// x coordinates.
    public private(set) var x: UnsafeMutableBufferPointer<Double>
    /// y coordinates.
    public private(set) var y: UnsafeMutableBufferPointer<Double>
    /// z coordinates (empty in 2D).
    public private(set) var z: UnsafeMutableBufferPointer<Double>
    /// x velocities.
    public private(set) var vx: UnsafeMutableBufferPointer<Double>
    /// y velocities.
    public private(set) var vy: UnsafeMutableBufferPointer<Double>
    /// z velocities (empty in 2D).
    public private(set) var vz: UnsafeMutableBufferPointer<Double>
    /// Fixed x coordinates, NaN where free.
    public private(set) var fx: UnsafeMutableBufferPointer<Double>
    /// Fixed y coordinates, NaN where free.
    public private(set) var fy: UnsafeMutableBufferPointer<Double>
    /// Fixed z coordinates, NaN where free (empty in 2D).
    public private(set) var fz: UnsafeMutableBufferPointer<Double>

    /// Creates `count` nodes with NaN positions, zero velocities and free coordinates (not yet placed).
    init(count: Int, dimensions: Int) {
        self.dimensions = dimensions
        self.count = count
        let zCount = dimensions == 3 ? count : 0
        x = Kinetics.buffer(count, .nan)
        y = Kinetics.buffer(count, .nan)
        z = Kinetics.buffer(zCount, .nan)
        vx = Kinetics.buffer(count, 0)
        vy = Kinetics.buffer(count, 0)
        vz = Kinetics.buffer(zCount, 0)
        fx = Kinetics.buffer(count, .nan)
        fy = Kinetics.buffer(count, .nan)
        fz = Kinetics.buffer(zCount, .nan)
    }

    deinit {
        for buffer in [x, y, z, vx, vy, vz, fx, fy, fz] { buffer.deallocate() }
    }

    /// The position buffer of `axis` (0 = x, 1 = y, 2 = z).
    public func position(axis: Int) -> UnsafeMutableBufferPointer<Double> {
        axis == 0 ? x : axis == 1 ? y : z
    }

    /// The velocity buffer of `axis` (0 = x, 1 = y, 2 = z).
    public func velocity(axis: Int) -> UnsafeMutableBufferPointer<Double> {
        axis == 0 ? vx : axis == 1 ? vy : vz
    }

    /// The fixed-coordinate buffer of `axis` (0 = x, 1 = y, 2 = z); NaN entries are free.
    public func fixed(axis: Int) -> UnsafeMutableBufferPointer<Double> {
        axis == 0 ? fx : axis == 1 ? fy : fz
    }

    /// Replaces the node set: node `j` of the new set copies old node `keeping[j]`, or starts unplaced when nil.
    func replaceNodes(keeping: [Int?]) {
        let newCount = keeping.count
        let zCount = dimensions == 3 ? newCount : 0
        func remap(_ old: UnsafeMutableBufferPointer<Double>, _ fresh: Double, _ size: Int)
            -> UnsafeMutableBufferPointer<Double>
        {
            let new = Kinetics.buffer(size, fresh)
            for j in 0..<size {
                if let k = keeping[j] { new[j] = old[k] }
            }
            old.deallocate()
            return new
        }
        x = remap(x, .nan, newCount)
        y = remap(y, .nan, newCount)
        z = remap(z, .nan, zCount)
        vx = remap(vx, .nan, newCount)
        vy = remap(vy, .nan, newCount)
        vz = remap(vz, .nan, zCount)
        fx = remap(fx, .nan, newCount)
        fy = remap(fy, .nan, newCount)
        fz = remap(fz, .nan, zCount)
        count = newCount
    }

    /// d3's initializeNodes: copy fixed coordinates to positions, place nodes missing a coordinate by `placement`
    /// (random points drawn from `random` in node order), and zero velocities that are NaN.
    func initializeNodes(placement: Placement, random: RandomSource) {
        let three = dimensions == 3
        for i in 0..<count {
            if !fx[i].isNaN { x[i] = fx[i] }
            if !fy[i].isNaN { y[i] = fy[i] }
            if three, !fz[i].isNaN { z[i] = fz[i] }
            if x[i].isNaN || y[i].isNaN || (three && z[i].isNaN) {
                let point = placement.point(i, of: count, dimensions: dimensions, random: random)
                (x[i], y[i]) = (point.x, point.y)
                if three { z[i] = point.z }
            }
            if vx[i].isNaN || vy[i].isNaN || (three && vz[i].isNaN) {
                (vx[i], vy[i]) = (0, 0)
                if three { vz[i] = 0 }
            }
        }
    }

    /// The integration step: free coordinates get v *= retention then x += v; fixed ones snap with v = 0.
    func integrate(retention: Double) {
        Kinetics.integrate(count, x.baseAddress, vx.baseAddress, fx.baseAddress, retention)
        Kinetics.integrate(count, y.baseAddress, vy.baseAddress, fy.baseAddress, retention)
        if dimensions == 3 {
            Kinetics.integrate(count, z.baseAddress, vz.baseAddress, fz.baseAddress, retention)
        }
    }

    private static func integrate(
        _ n: Int, _ p: UnsafeMutablePointer<Double>?, _ v: UnsafeMutablePointer<Double>?,
        _ f: UnsafeMutablePointer<Double>?, _ retention: Double
    ) {
        guard n > 0, let p, let v, let f else { return }
        for i in 0..<n {
            let fixed = f[i]
            if fixed.isNaN {
                let velocity = v[i] * retention
                v[i] = velocity
                p[i] += velocity
            } else {
                p[i] = fixed
                v[i] = 0
            }
        }
    }

    private static func buffer(_ size: Int, _ value: Double) -> UnsafeMutableBufferPointer<Double> {
        let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: size)
        buffer.initialize(repeating: value)
        return buffer
    }
}
