import Foundation

/// One axis of a line plot: its range, its scale and round tick values.
struct PlotAxis {
    /// How values map to positions along an axis.
    typealias Scale = Plot.AxisScale

    /// The value at the start of the axis.
    let lower: Double
    /// The value at the end of the axis.
    let upper: Double
    /// The tick values within the range.
    let ticks: [Double]
    /// Linear or logarithmic.
    let scale: Scale
    private let step: Double

    /// An axis holding `values`, with the given ends kept and the missing ones rounded outward to a tick
    /// (a power of ten on a log axis, where every value and end must be positive).
    init(values: [Double], min: Double?, max: Double?, count: Int, name: String, scale: Scale = .linear) throws {
        self.scale = scale
        if scale == .log {
            guard let smallest = (values + [min, max].compactMap { $0 }).min(), smallest > 0 else {
                throw RenderError("the \(name) axis is logarithmic, so its values and ends must be above 0")
            }
            let lo = min ?? pow(10, floor(log10(values.min()!))), hi = max ?? pow(10, ceil(log10(values.max()!)))
            let start = lo, end = hi > lo ? hi : lo * 10
            guard start < end else {
                throw RenderError("the \(name) axis runs from \(start) to \(end); its end must be larger than its start")
            }
            lower = start
            upper = end
            step = 0
            let decades = Int(floor(log10(start)))...Int(ceil(log10(end)))
            let multiples: [Double] = decades.count > 3 ? [1] : [1, 2, 5]
            let low = start * (1 - 1e-9), high = end * (1 + 1e-9)
            var ticks: [Double] = []
            for decade in decades {
                let power: Double = pow(10, Double(decade))
                ticks += multiples.map { $0 * power }.filter { $0 >= low && $0 <= high }
            }
            self.ticks = ticks
            return
        }
        let lo = min ?? values.min()!, hi = max ?? values.max()!
        let nice = NiceTicks(min: lo, max: hi, count: count)
        let start = min ?? nice.lower, end = max ?? nice.upper
        guard start < end else {
            throw RenderError("the \(name) axis runs from \(start) to \(end); its end must be larger than its start")
        }
        lower = start
        upper = end
        step = nice.step
        ticks = nice.values.filter { $0 >= start - nice.step * 1e-9 && $0 <= end + nice.step * 1e-9 }
    }

    /// Where `value` sits from the start (0) to the end (1) of the axis.
    func fraction(_ value: Double) -> Double {
        switch scale {
        case .linear: return (value - lower) / (upper - lower)
        case .log: return (log10(value) - log10(lower)) / (log10(upper) - log10(lower))
        }
    }

    /// A tick value as text.
    func label(_ value: Double) -> String {
        scale == .log ? String(format: "%g", value) : NiceTicks.format(value, step: step)
    }
}
