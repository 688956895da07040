import Foundation
import GraphModel

/// A radar (spider) chart: three or more axes around a centre, one closed polygon per series.
public struct Radar {
    /// Which end of an axis is the better one: the centre (`lower`) or the outer ring (`higher`).
    public enum Better: String, CaseIterable, Sendable {
        /// Lower values, drawn nearer the centre, are better.
        case lower
        /// Higher values, drawn nearer the outer ring, are better.
        case higher
    }

    /// One axis: its name, an optional fixed range (used when `Options.scale` is `.perAxis`) and which way is better.
    public struct Axis {
        /// The label at the end of the axis.
        public var name: String
        /// The value at the centre; nil computes it.
        public var min: Double?
        /// The value on the outer ring; nil computes it.
        public var max: Double?
        /// Which way is better, written under the name ("lower is better"); nil says nothing.
        public var better: Better?

        /// Makes an axis.
        public init(_ name: String, min: Double? = nil, max: Double? = nil, better: Better? = nil) {
            self.name = name
            self.min = min
            self.max = max
            self.better = better
        }

        /// An axis with no name, for readers that fill it field by field (the Lua options).
        public init() { self.init("") }

        /// The range a numeric field must lie in, for readers that check fields by key path (the Lua options).
        public static func range(of field: PartialKeyPath<Axis>) -> ClosedRange<Double>? {
            field == \Axis.min || field == \Axis.max ? StyleNumbers.coordinate : nil
        }
    }

    /// One series: a name and one value per axis.
    public struct Series {
        /// The name shown in the legend.
        public var name: String
        /// One value per axis, in axis order.
        public var values: [Double]
        /// The colour; nil takes the palette's colour at the series' place in the chart (wrapping round).
        public var colour: String?

        /// Makes a series.
        public init(_ name: String, values: [Double], colour: String? = nil) {
            self.name = name
            self.values = values
            self.colour = colour
        }

        /// A series with no name and no values, for readers that fill it field by field (the Lua options).
        public init() { self.init("", values: []) }

        /// None: values are any numbers.
        public static func range(of field: PartialKeyPath<Series>) -> ClosedRange<Double>? { nil }
    }

    /// The shape of the grid rings.
    public enum Grid: String, CaseIterable, Sendable {
        /// Straight-sided rings through the axes.
        case polygon
        /// Round rings.
        case circle
    }

    /// How values map to axis length.
    public enum Scale: String, CaseIterable, Sendable {
        /// One range for every axis, with tick values along the top axis.
        case shared
        /// A range per axis, shown under each axis name.
        case perAxis
    }

    /// Options for a radar chart.
    public struct Options {
        /// Picture width in pixels.
        public var width: Double = 640
        /// Picture height in pixels.
        public var height: Double = 480
        /// Title drawn at the top; nil for none.
        public var title: String?
        /// The number of grid rings.
        public var divisions: Int = 5
        /// The ring shape.
        public var grid: Grid = .polygon
        /// One range for all axes or one per axis.
        public var scale: Scale = .shared
        /// The shared centre value; nil computes it (0 unless values are negative).
        public var min: Double?
        /// The shared outer value; nil computes a round value at or above the largest value.
        public var max: Double?
        /// Fill opacity of the series polygons.
        public var fillOpacity: Double = 0.2
        /// Outline width of the series polygons in pixels.
        public var strokeWidth: Double = 2
        /// Radius of the point markers in pixels; 0 for none.
        public var markerRadius: Double = 3.5
        /// Series colours in order.
        public var palette: [String] = Palette.tableau10
        /// Whether the series legend is drawn.
        public var legend: Bool = true
        /// Font size of axis labels in pixels.
        public var fontSize: Double = 12
        /// Space in pixels kept free at the picture edges.
        public var padding: Double = 16

        /// The accepted numbers of grid rings.
        public static let divisionsRange = 1...1000

        /// Options with every default.
        public init() {}

        /// The range a numeric option must lie in, for readers that check options by key path (the Lua options).
        public static func range(of option: PartialKeyPath<Options>) -> ClosedRange<Double>? {
            switch option {
            case \.width, \.height: PictureSize.sides
            case \.divisions: Double(divisionsRange.lowerBound)...Double(divisionsRange.upperBound)
            case \.min, \.max: StyleNumbers.coordinate
            case \.fillOpacity: StyleNumbers.opacity
            case \.strokeWidth, \.markerRadius, \.padding: StyleNumbers.length
            case \.fontSize: StyleNumbers.fontSize
            default: nil
            }
        }
    }

    /// The axes, clockwise from the top.
    public var axes: [Axis]
    /// The series, drawn in order.
    public var series: [Series]
    /// How to draw them.
    public var options: Options

    /// Makes a radar chart.
    public init(axes: [Axis], series: [Series], options: Options = Options()) {
        self.axes = axes
        self.series = series
        self.options = options
    }

    /// A chart with no axes or series, for readers that fill it field by field (the Lua options).
    public init() { self.init(axes: [], series: []) }

    /// None of its own: its options carry their ranges.
    public static func range(of setting: PartialKeyPath<Radar>) -> ClosedRange<Double>? { nil }

    /// Writes the chart to `path` atomically; `check` as for `render(check:)` (when it throws, nothing is written).
    public func write(to path: String, check: @escaping (Int) throws -> Void = { _ in }) throws {
        try AtomicFile.write(try render(check: check), to: path)
    }

    /// Checks the input and returns one scale per axis; every problem is a thrown error.
    func scales() throws -> [RadarScale] {
        guard axes.count >= 3 else { throw RenderError("a radar chart needs at least 3 axes, got \(axes.count)") }
        guard !series.isEmpty else { throw RenderError("a radar chart needs at least one series") }
        try PictureSize.check(width: options.width, height: options.height)
        try StyleNumbers.check([
            ("fillOpacity", options.fillOpacity, StyleNumbers.opacity), ("strokeWidth", options.strokeWidth, StyleNumbers.length),
            ("markerRadius", options.markerRadius, StyleNumbers.length), ("fontSize", options.fontSize, StyleNumbers.fontSize),
        ] + [("min", options.min), ("max", options.max)].compactMap { name, value in
            value.map { (name, $0, StyleNumbers.coordinate) }
        })
        guard Options.divisionsRange.contains(options.divisions) else {
            let range = Options.divisionsRange
            throw RenderError("divisions must be from \(range.lowerBound) to \(range.upperBound), got \(options.divisions)")
        }
        for s in series {
            guard s.values.count == axes.count else {
                throw RenderError("series '\(s.name)' has \(s.values.count) values but there are \(axes.count) axes")
            }
            if let k = s.values.firstIndex(where: { !$0.isFinite }) {
                throw RenderError("series '\(s.name)' has \(s.values[k].isNaN ? "NaN" : String(s.values[k])) on axis '\(axes[k].name)'; values must be finite numbers")
            }
        }
        let all = series.flatMap(\.values)
        let shared = options.scale == .shared
            ? try RadarScale(values: all, min: options.min, max: options.max, divisions: options.divisions, what: "the chart")
            : nil
        let scales = try axes.enumerated().map { k, axis in
            try shared ?? RadarScale(values: series.map { $0.values[k] }, min: axis.min ?? options.min,
                                     max: axis.max ?? options.max, divisions: options.divisions,
                                     what: "axis '\(axis.name)'")
        }
        for s in series {
            for (k, value) in s.values.enumerated() where value < scales[k].lower || value > scales[k].upper {
                throw RenderError("series '\(s.name)' has \(String(format: "%g", value)) on axis '\(axes[k].name)', outside the range \(scales[k].range("…"))")
            }
        }
        return scales
    }

    /// The chart as SVG text; throws on fewer than 3 axes, wrong lengths, non-finite or out-of-range values or a bad
    /// picture size. `check` is called with the units of work done (one per value drawn), every few thousand, and may
    /// throw to stop (a time or work limit).
    public func render(check: @escaping (Int) throws -> Void = { _ in }) throws -> String {
        let meter = WorkMeter(check)
        let scales = try scales()
        let o = options, fs = o.fontSize, n = axes.count
        let heading = try ChartHeading(title: o.title, names: series.map(\.name), colours: series.map(\.colour),
                                       palette: o.palette, legend: o.legend, fontSize: fs, padding: o.padding, width: o.width)
        let area = WorldRect(minX: o.padding, minY: heading.bottom,
                             maxX: o.width - o.padding, maxY: o.height - o.padding)
        let center = SIMD2((area.minX + area.maxX) / 2, (area.minY + area.maxY) / 2)
        let ranges = scales.map { $0.range("–") }
        let names = axes.map { TextMeasure.wrap($0.name, fontSize: fs, maxWidth: max(area.width * 0.22, fs * 6), maxLines: 3) }
        // The small lines under each name: the axis' range on per-axis charts, then which way is better.
        let notes = axes.indices.map { k in
            (o.scale == .perAxis ? [ranges[k]] : []) + (axes[k].better.map { ["\($0.rawValue) is better"] } ?? [])
        }
        let directions = (0..<n).map { k -> SIMD2<Double> in
            let angle = 2 * Double.pi * Double(k) / Double(n)
            return [sin(angle), -cos(angle)]
        }
        let placements = (0..<n).map { k in
            let widths = names[k].map { TextMeasure.width($0, fontSize: fs) } + notes[k].map { TextMeasure.width($0, fontSize: fs * 0.8) }
            // The top label stands clear of the ring values written beside the top axis.
            let gap = o.scale == .shared && k == 0 ? 8 + fs * 0.6 : 8
            return RadarLabel(direction: directions[k], width: widths.max()!, lines: widths.count, fontSize: fs, gap: gap)
        }
        let radius = max(20, placements.map { $0.largestRadius(center: center, area: area) }.min()!)
        func point(_ k: Int, _ fraction: Double) -> SIMD2<Double> { center + directions[k] * radius * fraction }

        var svg = SVGWriter(width: o.width, height: o.height)
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        svg.open("g", [("class", "grid"), ("fill", "none"), ("stroke", "#d4d4d4"), ("stroke-width", "1")])
        for ring in 1...o.divisions {
            let f = Double(ring) / Double(o.divisions)
            let outer: [(String, String)] = ring == o.divisions ? [("stroke", "#a8a8a8")] : []
            if o.grid == .circle {
                svg.element("circle", [("cx", center.x.svg), ("cy", center.y.svg), ("r", (radius * f).svg)] + outer)
            } else {
                svg.element("polygon", [("points", (0..<n).map { "\(point($0, f).x.svg),\(point($0, f).y.svg)" }.joined(separator: " "))] + outer)
            }
        }
        for k in 0..<n {
            let end = point(k, 1)
            svg.element("line", [("x1", center.x.svg), ("y1", center.y.svg), ("x2", end.x.svg), ("y2", end.y.svg)])
        }
        svg.close("g")
        for (s, colour) in zip(series, heading.colours) {
            let points = try s.values.enumerated().map { k, value in
                try meter.charge()
                return point(k, scales[k].fraction(value))
            }
            svg.open("g", [("class", "series")])
            svg.element("polygon", [("points", points.map { "\($0.x.svg),\($0.y.svg)" }.joined(separator: " ")),
                                    ("fill", colour), ("fill-opacity", o.fillOpacity.svg), ("stroke", colour),
                                    ("stroke-width", o.strokeWidth.svg), ("stroke-linejoin", "round")])
            if o.markerRadius > 0 {
                for p in points {
                    svg.element("circle", [("cx", p.x.svg), ("cy", p.y.svg), ("r", o.markerRadius.svg), ("fill", colour),
                                           ("stroke", "#ffffff"), ("stroke-width", "1")])
                }
            }
            svg.close("g")
        }
        if o.scale == .shared {
            svg.open("g", [("class", "ticks"), ("font-size", (fs * 0.8).svg), ("fill", "#666666")])
            for ring in 0...o.divisions {
                let p = point(0, Double(ring) / Double(o.divisions))
                let position = [("x", (p.x + 4).svg), ("y", (p.y - 3).svg)]
                svg.text("text", position + [("fill", "none"), ("stroke", "#ffffff"), ("stroke-width", "3"),
                                             ("stroke-linejoin", "round")], scales[0].label(ring: ring))
                svg.text("text", position, scales[0].label(ring: ring))
            }
            svg.close("g")
        }
        svg.open("g", [("class", "axis-labels"), ("font-size", fs.svg), ("fill", "#222222")])
        for k in 0..<n {
            let at = center + directions[k] * (radius + placements[k].gap)
            let anchor = placements[k].anchor
            let baseline = at.y + placements[k].baselineOffset
            for (i, line) in names[k].enumerated() {
                svg.text("text", [("x", at.x.svg), ("y", (baseline + Double(i) * fs * 1.2).svg), ("text-anchor", anchor)], line)
            }
            for (i, note) in notes[k].enumerated() {
                svg.text("text", [("x", at.x.svg), ("y", (baseline + Double(names[k].count + i) * fs * 1.2).svg),
                                  ("text-anchor", anchor), ("font-size", (fs * 0.8).svg), ("fill", "#777777")], note)
            }
        }
        svg.close("g")
        heading.draw(into: &svg)
        try meter.flush()
        return svg.document()
    }
}
