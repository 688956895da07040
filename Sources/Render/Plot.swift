import GraphModel

/// A line plot of one or more series against a shared x axis, such as alpha or kinetic energy per tick.
public struct Plot {
    /// One line: x and y values of equal length.
    public struct Series {
        /// The name shown in the legend.
        public var name: String
        /// The x values.
        public var x: [Double]
        /// The y values, one per x value.
        public var y: [Double]
        /// The line colour; nil takes the palette's colour at the series' place in the plot (wrapping round).
        public var colour: String?
        /// A shaded band around the line (such as mean ± sd across seeds); nil for none.
        public var band: Interval?
        /// Error bars at each point; nil for none.
        public var errorBars: Interval?
        /// The shape drawn at each point.
        public var marker: PlotMarker = .none
        /// The pattern of the line.
        public var dash: PlotDash = .solid
        /// Whether the points are joined by a line (a series without one should have a marker).
        public var line: Bool = true
        /// The y axis the series is drawn against: the left one, or the second one on the right.
        public var axis: YAxis = .left

        /// Makes a series from x and y values.
        public init(_ name: String, x: [Double], y: [Double], colour: String? = nil) {
            self.name = name
            self.x = x
            self.y = y
            self.colour = colour
        }

        /// Makes a series whose x values are 0, 1, 2, … (a value per tick).
        public init(_ name: String, y: [Double], colour: String? = nil) {
            self.init(name, x: y.indices.map(Double.init), y: y, colour: colour)
        }

        /// A series with no name and no values, for readers that fill it field by field (the Lua options).
        public init() { self.init("", y: []) }

        /// None: values are any numbers.
        public static func range(of field: PartialKeyPath<Series>) -> ClosedRange<Double>? { nil }
    }

    /// Lower and upper bounds around each y value of a series.
    public struct Interval {
        /// The lower bound at each point.
        public var lower: [Double]
        /// The upper bound at each point.
        public var upper: [Double]

        /// Given bounds.
        public init(lower: [Double], upper: [Double]) {
            self.lower = lower
            self.upper = upper
        }

        /// `y - deviation ... y + deviation` at each point (mean ± sd when `y` holds means and `deviation` standard deviations).
        public init(around y: [Double], deviation: [Double]) {
            self.init(lower: zip(y, deviation).map { $0 - $1 }, upper: zip(y, deviation).map { $0 + $1 })
        }
    }

    /// A band or error bars as a script gives them: `lower` and `upper` bounds, or a `deviation` around the line.
    public struct IntervalBounds {
        /// The lower bound at each point (with `upper`).
        public var lower: [Double]?
        /// The upper bound at each point (with `lower`).
        public var upper: [Double]?
        /// Instead of bounds: how far below and above each y value.
        public var deviation: [Double]?

        /// No bounds given.
        public init() {}

        /// None: bounds are any numbers.
        public static func range(of field: PartialKeyPath<IntervalBounds>) -> ClosedRange<Double>? { nil }

        /// The interval around `y`: the bounds, or `y` ± the deviation; nil unless exactly one of the two is given.
        public func interval(around y: [Double]) -> Interval? {
            switch (lower, upper, deviation) {
            case let (lower?, upper?, nil): Interval(lower: lower, upper: upper)
            case let (nil, nil, deviation?): Interval(around: y, deviation: deviation)
            default: nil
            }
        }
    }

    /// Which y axis a series belongs to.
    public enum YAxis: String, CaseIterable, Sendable {
        /// The axis on the left.
        case left
        /// The second axis, on the right (for a series of another unit or size, such as alpha beside energy).
        case right
    }

    /// How values map to positions along an axis.
    public enum AxisScale: String, CaseIterable, Sendable {
        /// Equal steps for equal differences.
        case linear
        /// Equal steps for equal ratios (values must be above 0); ticks at powers of ten.
        case log
    }

    /// Options for a line plot.
    public struct Options {
        /// Picture width in pixels.
        public var width: Double = 640
        /// Picture height in pixels.
        public var height: Double = 400
        /// Title drawn at the top; nil for none.
        public var title: String?
        /// Label under the x axis.
        public var xLabel: String?
        /// Label beside the y axis.
        public var yLabel: String?
        /// Left end of the x axis; nil picks a round value at or below the data.
        public var xMin: Double?
        /// Right end of the x axis; nil picks a round value at or above the data.
        public var xMax: Double?
        /// Bottom of the y axis; nil picks a round value at or below the data.
        public var yMin: Double?
        /// Top of the y axis; nil picks a round value at or above the data.
        public var yMax: Double?
        /// The scale of the x axis.
        public var xScale: AxisScale = .linear
        /// The scale of the y axis.
        public var yScale: AxisScale = .linear
        /// Label beside the second y axis (on the right).
        public var y2Label: String?
        /// Bottom of the second y axis; nil picks a round value at or below its series.
        public var y2Min: Double?
        /// Top of the second y axis; nil picks a round value at or above its series.
        public var y2Max: Double?
        /// The scale of the second y axis.
        public var y2Scale: AxisScale = .linear
        /// Whether the legend row is drawn.
        public var legend: Bool = true
        /// Line colours in order.
        public var palette: [String] = Palette.tableau10
        /// Line width in pixels.
        public var strokeWidth: Double = 1.8
        /// Font size in pixels.
        public var fontSize: Double = 12
        /// Space in pixels kept free at the picture edges.
        public var padding: Double = 12

        /// Options with every default.
        public init() {}

        /// The range a numeric option must lie in, for readers that check options by key path (the Lua options).
        public static func range(of option: PartialKeyPath<Options>) -> ClosedRange<Double>? {
            switch option {
            case \.width, \.height: PictureSize.sides
            case \.xMin, \.xMax, \.yMin, \.yMax, \.y2Min, \.y2Max: StyleNumbers.coordinate
            case \.strokeWidth, \.padding: StyleNumbers.length
            case \.fontSize: StyleNumbers.fontSize
            default: nil
            }
        }
    }

    /// The lines, drawn in order.
    public var series: [Series]
    /// How to draw them.
    public var options: Options

    /// Makes a plot.
    public init(series: [Series], options: Options = Options()) {
        self.series = series
        self.options = options
    }

    /// A plot with no series, for readers that fill it field by field (the Lua options).
    public init() { self.init(series: []) }

    /// None of its own: its options and series carry their ranges.
    public static func range(of setting: PartialKeyPath<Plot>) -> ClosedRange<Double>? { nil }

    /// Writes the plot to `path` atomically; `check` as for `render(check:)` (when it throws, nothing is written).
    public func write(to path: String, check: @escaping (Int) throws -> Void = { _ in }) throws {
        try AtomicFile.write(try render(check: check), to: path)
    }

    /// Checks the input and returns the x axis, the left y axis and the right one (nil when no series uses it).
    func axes() throws -> (x: PlotAxis, y: PlotAxis, y2: PlotAxis?) {
        guard !series.isEmpty else { throw RenderError("a plot needs at least one series") }
        try PictureSize.check(width: options.width, height: options.height)
        try StyleNumbers.check([
            ("strokeWidth", options.strokeWidth, StyleNumbers.length), ("fontSize", options.fontSize, StyleNumbers.fontSize),
            ("padding", options.padding, StyleNumbers.length),
        ] + [("xMin", options.xMin), ("xMax", options.xMax), ("yMin", options.yMin), ("yMax", options.yMax),
             ("y2Min", options.y2Min), ("y2Max", options.y2Max)].compactMap {
            name, value in value.map { (name, $0, StyleNumbers.coordinate) }
        })
        for s in series {
            guard s.x.count == s.y.count else {
                throw RenderError("series '\(s.name)' has \(s.x.count) x values but \(s.y.count) y values")
            }
            for (what, interval) in [("band", s.band), ("errorBars", s.errorBars)] {
                guard let interval else { continue }
                guard interval.lower.count == s.y.count, interval.upper.count == s.y.count else {
                    throw RenderError("series '\(s.name)' has \(s.y.count) y values but its \(what) has \(interval.lower.count) lower and \(interval.upper.count) upper bounds")
                }
                guard interval.lower.allSatisfy(\.isFinite), interval.upper.allSatisfy(\.isFinite) else {
                    throw RenderError("series '\(s.name)': its \(what) has a bound that is not a finite number")
                }
            }
            guard s.x.allSatisfy(\.isFinite), s.y.allSatisfy(\.isFinite) else {
                throw RenderError("series '\(s.name)' has a value that is not a finite number")
            }
        }
        let xs = series.flatMap(\.x)
        guard !xs.isEmpty else { throw RenderError("a plot needs at least one point") }
        let o = options
        func yValues(_ side: YAxis) -> [Double] {
            series.filter { $0.axis == side }.flatMap { s in
                s.y + [s.band, s.errorBars].compactMap { $0 }.flatMap { $0.lower + $0.upper }
            }
        }
        let left = yValues(.left), right = yValues(.right)
        let yCount = max(2, Int(o.height / 70))
        return (try PlotAxis(values: xs, min: o.xMin, max: o.xMax, count: max(2, Int(o.width / 90)), name: "x", scale: o.xScale),
                try PlotAxis(values: left.isEmpty ? right : left, min: o.yMin, max: o.yMax, count: yCount, name: "y", scale: o.yScale),
                right.isEmpty ? nil : try PlotAxis(values: right, min: o.y2Min, max: o.y2Max, count: yCount, name: "second y", scale: o.y2Scale))
    }

    /// The plot as SVG text; throws on no series, unequal lengths, non-finite values, values a log axis cannot
    /// show or a bad picture size.
    /// `check` is called with the units of work done (one per point drawn), every few thousand, and may throw to stop
    /// (a time or work limit).
    public func render(check: @escaping (Int) throws -> Void = { _ in }) throws -> String {
        var svg = SVGWriter(width: options.width, height: options.height)
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        try draw(into: &svg, meter: WorkMeter(check), clipID: "plot-area")
        return svg.document()
    }

    /// Draws the plot (without a background) into `svg`, its top-left corner at the origin of the current user
    /// space; its clip path gets the id `clipID`, which must be unique in the document.
    func draw(into svg: inout SVGWriter, meter: WorkMeter, clipID: String) throws {
        let (xAxis, yAxis, y2Axis) = try axes()
        let o = options, fs = o.fontSize
        let names = series.map { y2Axis != nil && $0.axis == .right ? $0.name + " (right axis)" : $0.name }
        let samples = series.map { s in
            Legend.LineSample(marker: s.marker, dash: s.line ? s.dash : nil, strokeWidth: o.strokeWidth)
        }
        let heading = try ChartHeading(title: o.title, names: names, colours: series.map(\.colour), samples: samples,
                                       palette: o.palette, legend: o.legend, fontSize: fs, padding: o.padding, width: o.width)
        let tickWidth = yAxis.ticks.map { TextMeasure.width(yAxis.label($0), fontSize: fs * 0.9) }.max() ?? 0
        // The last x tick's label, centred on the plot's right edge, ends half a font size inside the padding, as the
        // y axis's name keeps clear of the left.
        let lastXTick = xAxis.ticks.last.map { TextMeasure.width(xAxis.label($0), fontSize: fs * 0.9) / 2 + fs * 0.5 } ?? 0
        let markerRadius = o.strokeWidth * 1.8
        // How far a marker reaches past its point (a diamond's corner and half its outline): a point on an edge of
        // the plot is drawn whole.
        let markerReach = markerRadius * 1.5
        let rightWidth = y2Axis.map { axis in
            (axis.ticks.map { TextMeasure.width(axis.label($0), fontSize: fs * 0.9) }.max() ?? 0) + 8 + (o.y2Label == nil ? 0 : fs * 1.5)
        } ?? lastXTick
        let plot = WorldRect(minX: o.padding + (o.yLabel == nil ? 0 : fs * 1.5) + tickWidth + 8,
                             minY: heading.bottom + fs * 0.5,
                             maxX: o.width - o.padding - max(lastXTick, markerReach + fs * 0.5, rightWidth),
                             maxY: o.height - o.padding - (o.xLabel == nil ? 0 : fs * 1.5) - fs * 1.5)
        guard plot.width > 10, plot.height > 10 else { throw RenderError("the plot is too small for its labels") }
        func sx(_ x: Double) -> Double { plot.minX + xAxis.fraction(x) * plot.width }
        func sy(_ y: Double, _ side: YAxis = .left) -> Double {
            plot.maxY - (side == .right ? y2Axis ?? yAxis : yAxis).fraction(y) * plot.height
        }

        // Lines and bands are cut at the axes; markers a little beyond them, so that a point on an edge shows whole
        // and one outside the axes' range does not.
        svg.open("defs")
        for (id, margin) in [(clipID, 0.0), (clipID + "-markers", markerReach)] {
            svg.open("clipPath", [("id", id)])
            svg.element("rect", [("x", (plot.minX - margin).svg), ("y", (plot.minY - margin).svg),
                                 ("width", (plot.width + 2 * margin).svg), ("height", (plot.height + 2 * margin).svg)])
            svg.close("clipPath")
        }
        svg.close("defs")
        svg.open("g", [("class", "grid"), ("stroke", "#e6e6e6"), ("stroke-width", "1")])
        for y in yAxis.ticks {
            svg.element("line", [("x1", plot.minX.svg), ("y1", sy(y).svg), ("x2", plot.maxX.svg), ("y2", sy(y).svg)])
        }
        svg.close("g")
        svg.open("g", [("class", "axes"), ("font-size", (fs * 0.9).svg), ("fill", "#444444")])
        svg.element("path", [("d", "M\(plot.minX.svg),\(plot.minY.svg) V\(plot.maxY.svg) H\(plot.maxX.svg)" + (y2Axis == nil ? "" : " V\(plot.minY.svg)")),
                             ("fill", "none"), ("stroke", "#555555")])
        for x in xAxis.ticks {
            svg.element("line", [("x1", sx(x).svg), ("y1", plot.maxY.svg), ("x2", sx(x).svg), ("y2", (plot.maxY + 4).svg),
                                 ("stroke", "#555555")])
            svg.text("text", [("x", sx(x).svg), ("y", (plot.maxY + fs * 1.3).svg), ("text-anchor", "middle")], xAxis.label(x))
        }
        for y in yAxis.ticks {
            svg.text("text", [("x", (plot.minX - 6).svg), ("y", (sy(y) + fs * 0.3).svg), ("text-anchor", "end")], yAxis.label(y))
        }
        for y in y2Axis?.ticks ?? [] {
            svg.text("text", [("x", (plot.maxX + 6).svg), ("y", (sy(y, .right) + fs * 0.3).svg), ("text-anchor", "start")], y2Axis!.label(y))
        }
        svg.close("g")
        if let xLabel = o.xLabel {
            svg.text("text", [("x", ((plot.minX + plot.maxX) / 2).svg), ("y", (o.height - o.padding - fs * 0.2).svg),
                              ("font-size", fs.svg), ("text-anchor", "middle"), ("fill", "#222222")], xLabel)
        }
        if let yLabel = o.yLabel {
            let x = o.padding + fs * 0.9, y = (plot.minY + plot.maxY) / 2
            svg.text("text", [("x", x.svg), ("y", y.svg), ("transform", "rotate(-90 \(x.svg) \(y.svg))"),
                              ("font-size", fs.svg), ("text-anchor", "middle"), ("fill", "#222222")], yLabel)
        }
        if let y2Label = o.y2Label, y2Axis != nil {
            let x = o.width - o.padding - fs * 0.4, y = (plot.minY + plot.maxY) / 2
            svg.text("text", [("x", x.svg), ("y", y.svg), ("transform", "rotate(90 \(x.svg) \(y.svg))"),
                              ("font-size", fs.svg), ("text-anchor", "middle"), ("fill", "#222222")], y2Label)
        }
        svg.open("g", [("class", "bands"), ("clip-path", "url(#\(clipID))"), ("stroke", "none"), ("fill-opacity", "0.18")])
        for (s, colour) in zip(series, heading.colours) where !s.x.isEmpty {
            guard let band = s.band else { continue }
            let upper = zip(s.x, band.upper).map { "\(sx($0).svg),\(sy($1, s.axis).svg)" }
            let lower = zip(s.x, band.lower).reversed().map { "\(sx($0).svg),\(sy($1, s.axis).svg)" }
            svg.element("polygon", [("points", (upper + lower).joined(separator: " ")), ("fill", colour)])
        }
        svg.close("g")
        svg.open("g", [("class", "lines"), ("clip-path", "url(#\(clipID))"), ("fill", "none"),
                       ("stroke-width", o.strokeWidth.svg), ("stroke-linejoin", "round"), ("stroke-linecap", "round")])
        for (s, colour) in zip(series, heading.colours) where !s.x.isEmpty {
            let points = try zip(s.x, s.y).map { x, y in
                try meter.charge()
                return "\(sx(x).svg),\(sy(y, s.axis).svg)"
            }
            if points.count == 1 && s.marker == .none {
                svg.element("circle", [("cx", sx(s.x[0]).svg), ("cy", sy(s.y[0], s.axis).svg), ("r", (o.strokeWidth * 1.5).svg),
                                       ("fill", colour), ("stroke", "none")])
            } else if s.line && points.count > 1 {
                svg.element("polyline", [("points", points.joined(separator: " ")), ("stroke", colour)]
                    + (s.dash.dashArray(width: o.strokeWidth).map { [("stroke-dasharray", $0)] } ?? []))
            }
            if let bars = s.errorBars {
                let cap = o.strokeWidth * 2.5
                let path = s.x.indices.map { i -> String in
                    let x = sx(s.x[i]), low = sy(bars.lower[i], s.axis), high = sy(bars.upper[i], s.axis)
                    return "M\(x.svg),\(low.svg) V\(high.svg) M\((x - cap).svg),\(low.svg) H\((x + cap).svg) M\((x - cap).svg),\(high.svg) H\((x + cap).svg)"
                }
                svg.element("path", [("d", path.joined(separator: " ")), ("stroke", colour), ("stroke-width", (o.strokeWidth * 0.7).svg)])
            }
        }
        svg.close("g")
        svg.open("g", [("class", "markers"), ("clip-path", "url(#\(clipID)-markers)")])
        for (s, colour) in zip(series, heading.colours) where s.marker != .none {
            for (x, y) in zip(s.x, s.y) {
                s.marker.draw(into: &svg, x: sx(x), y: sy(y, s.axis), r: markerRadius, colour: colour)
            }
        }
        svg.close("g")
        heading.draw(into: &svg)
        try meter.flush()
    }
}
