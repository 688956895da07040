/// One axis of a line plot: its range and round tick values.
struct PlotAxis {
    /// The value at the start of the axis.
    let lower: Double
    /// The value at the end of the axis.
    let upper: Double
    /// The tick values within the range.
    let ticks: [Double]
    private let step: Double

    /// An axis holding `values`, with the given ends kept and the missing ones rounded outward to a tick.
    init(values: [Double], min: Double?, max: Double?, count: Int, name: String) throws {
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
    func fraction(_ value: Double) -> Double { (value - lower) / (upper - lower) }

    /// A tick value as text.
    func label(_ value: Double) -> String { NiceTicks.format(value, step: step) }
}
