/// d3's linear congruential generator: s = (1664525 s + 1013904223) mod 2^32, values s / 2^32 in [0, 1).
public struct LCG: Sendable {
    /// The current state.
    public private(set) var state: UInt32

    /// d3's seed when none is given.
    public static let defaultSeed: UInt32 = 1

    /// A generator starting from a seed (d3's default, `defaultSeed`, when none is given).
    public init(seed: UInt32 = LCG.defaultSeed) {
        state = seed
    }

    /// The next value in [0, 1).
    public mutating func next() -> Double {
        state = 1_664_525 &* state &+ 1_013_904_223
        return Double(state) / 4_294_967_296
    }

    /// The next integer in 0 ..< bound: floor(next() * bound).
    public mutating func next(below bound: Int) -> Int {
        Int(next() * Double(bound))
    }
}
