import D3Random
/// d3-force's linear congruential generator (`LCG`), shared by all forces of a simulation and counting its draws, or
/// a generator put in its place (d3's `randomSource`).
public final class RandomSource {
    /// A generator used instead of the LCG (values in [0, 1)); its first error is kept for `throwFailure`, and a
    /// failed draw gives 0.5.
    public var generator: (() throws -> Double)?
    /// The first error of `generator` not yet thrown.
    private var failure: (any Error)?
    /// d3's LCG.
    private var lcg: LCG
    /// The generator's current state `s`; the next value is the state after one step, divided by 2^32.
    public var state: UInt32 { lcg.state }
    /// How many values have been drawn since the generator was created or reseeded.
    public private(set) var calls: Int = 0

    /// Creates a generator whose state starts at `seed` (d3's, `LCG.defaultSeed`, when none is given).
    public init(seed: UInt32 = LCG.defaultSeed) {
        lcg = LCG(seed: seed)
    }

    /// Restarts the sequence from `seed` and clears the call count.
    public func reseed(_ seed: UInt32) {
        lcg = LCG(seed: seed)
        calls = 0
    }

    /// Puts the generator back where it was: `state` and `calls` as read earlier.
    func restore(state: UInt32, calls: Int) {
        lcg = LCG(seed: state)
        self.calls = calls
    }

    /// Advances the state and returns it divided by 2^32, a value in [0, 1), exactly as d3's `lcg()` does.
    public func next() -> Double {
        calls += 1
        if let generator { return draw(generator) }
        return lcg.next()
    }

    /// A value of `generator`; an error is kept for `throwFailure`.
    private func draw(_ generator: () throws -> Double) -> Double {
        do {
            return try generator()
        } catch {
            if failure == nil { failure = error }
            return 0.5
        }
    }

    /// Throws the first error `generator` raised since the last call, if any.
    public func throwFailure() throws {
        guard let failure else { return }
        self.failure = nil
        throw failure
    }

    /// d3's jiggle: a tiny random offset, (next() - 0.5) * 1e-6.
    public func jiggle() -> Double {
        (next() - 0.5) * 1e-6
    }
}
