import Foundation

/// The value range of one radar axis, split into rings.
struct RadarScale {
    /// The value at the centre.
    let lower: Double
    /// The value on the outer ring.
    let upper: Double
    /// The value step between rings.
    var step: Double { (upper - lower) / Double(divisions) }
    /// The number of rings.
    let divisions: Int

    /// A range holding `values`: given bounds are kept, missing ones are picked so that rings fall on round values.
    init(values: [Double], min givenMin: Double?, max givenMax: Double?, divisions: Int, what: String) throws {
        self.divisions = divisions
        let dataMin = values.min() ?? 0, dataMax = values.max() ?? 0
        var lo = givenMin ?? Swift.min(0, dataMin)
        var hi: Double
        if let givenMax {
            hi = givenMax
        } else {
            var step = NiceTicks.niceCeiling((Swift.max(dataMax, lo) - lo) / Double(divisions))
            if givenMin == nil { lo = (lo / step).rounded(.down) * step }
            while lo + step * Double(divisions) < dataMax { step = NiceTicks.niceCeiling(step * 1.01) }
            hi = lo + step * Double(divisions)
        }
        guard lo.isFinite, hi.isFinite, lo < hi else {
            throw RenderError("\(what) has minimum \(String(format: "%g", lo)) and maximum \(String(format: "%g", hi)); the maximum must be larger")
        }
        lower = lo
        upper = hi
    }

    /// Where `value` sits between the centre (0) and the outer ring (1).
    func fraction(_ value: Double) -> Double { (value - lower) / (upper - lower) }

    /// The range as text, such as "0–10" with `separator` "–"; with a negative bound the separator is " to "
    /// ("-4.5 to -2"), as a dash between minus signs reads as one more.
    func range(_ separator: String) -> String {
        "\(String(format: "%g", lower))\(lower < 0 || upper < 0 ? " to " : separator)\(String(format: "%g", upper))"
    }

    /// The value of ring `k` (0 is the centre) as text.
    func label(ring k: Int) -> String { NiceTicks.format(lower + step * Double(k), step: step) }
}
