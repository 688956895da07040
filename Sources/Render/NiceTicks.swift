import Foundation

/// Round tick values (1, 2 or 5 times a power of ten) covering a range.
struct NiceTicks {
    /// The first tick; with `upper`, the ticks enclose the data range.
    let lower: Double
    /// The last tick.
    let upper: Double
    /// The distance between ticks.
    let step: Double

    /// Picks about `count` ticks whose span encloses `min...max`.
    init(min: Double, max: Double, count: Int = 5) {
        var lo = min, hi = max
        if hi - lo < 1e-12 {
            let pad = Swift.max(abs(lo) * 0.1, 1)
            lo -= pad
            hi += pad
        }
        let raw = (hi - lo) / Double(Swift.max(count, 1))
        let magnitude = pow(10, floor(log10(raw)))
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        step = nice * magnitude
        lower = floor(lo / step + 1e-9) * step
        upper = ceil(hi / step - 1e-9) * step
    }

    /// The tick values from lower to upper.
    var values: [Double] {
        let n = Int(((upper - lower) / step).rounded())
        return (0...n).map { lower + Double($0) * step }
    }

    /// `value` as text with the fewest decimals (up to 6) that show multiples of `step` exactly.
    static func format(_ value: Double, step: Double) -> String {
        if abs(value) >= 1e6 || (abs(value) < 1e-4 && abs(value) > step * 1e-6) {
            return String(format: "%.3g", value)
        }
        var decimals = 0
        while decimals < 6 {
            let scaled = step * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { break }
            decimals += 1
        }
        let text = String(format: "%.\(decimals)f", value)
        return Double(text) == 0 ? String(format: "%.\(decimals)f", 0.0) : text
    }

    /// The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least `raw`.
    static func niceCeiling(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1, 2, 2.5, 5, 10] where factor * magnitude >= raw * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }
}
