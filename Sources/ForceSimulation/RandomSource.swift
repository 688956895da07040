/// d3-force's linear congruential generator (a = 1664525, c = 1013904223, m = 2^32), shared by all forces of a simulation.
public final class RandomSource {
    /// The generator's current state `s`; the next value is the state after one step, divided by 2^32.
    public private(set) var state: UInt32
    /// How many values have been drawn since the generator was created or reseeded.
    public private(set) var calls: Int = 0

    /// Creates a generator whose state starts at `seed` (d3 uses 1).
    public init(seed: UInt32 = 1) {
        state = seed
    }

    /// Restarts the sequence from `seed` and clears the call count.
    public func reseed(_ seed: UInt32) {
        state = seed
        calls = 0
    }

    /// Puts the generator back where it was: `state` and `calls` as read earlier.
    func restore(state: UInt32, calls: Int) {
        self.state = state
        self.calls = calls
    }

    /// Advances the state and returns it divided by 2^32, a value in [0, 1), exactly as d3's `lcg()` does.
    public func next() -> Double {
        state = state &* 1_664_525 &+ 1_013_904_223
        calls += 1
        return Double(state) / 4_294_967_296
    }

    /// d3's jiggle: a tiny random offset, (next() - 0.5) * 1e-6.
    public func jiggle() -> Double {
        (next() - 0.5) * 1e-6
    }
}
