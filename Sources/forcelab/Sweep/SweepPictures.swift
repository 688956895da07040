import DataTables
import Foundation
import GraphModel
import Render

/// The pictures of merged sweep records: a line plot per numeric parameter and figure (mean across seeds with a
/// mean ± sd band, one line per setting of the other parameters), and a radar chart of the figures per configuration.
struct SweepPictures {
    /// One configuration and the figures of its seeds.
    struct Configuration {
        /// The parameters, sorted by name.
        let parameters: [JSONField]
        /// The numeric figures of each seed's record.
        var figures: [[String: Double]] = []
    }

    /// The configurations in the order of the records.
    let configurations: [Configuration]
    /// The figures drawn: those that are numbers in every record and not the same in all, sorted.
    let figureNames: [String]
    /// The drawn figures whose mean differs between configurations, the radar charts' axes (an axis on which every
    /// chart sits at the same place would need a made-up range and compares nothing).
    let radarFigures: [String]
    /// The figures with one and the same number in every record (a tick count the spec fixes), with that number:
    /// tabled, not drawn, as a chart of them would compare nothing and an axis for them would need a made-up range.
    let constantFigures: [(name: String, value: Double)]
    /// The figures that are numbers in some records but missing (or not numbers) in others, with how many records
    /// lack them: tabled, but not drawn.
    let partialFigures: [(name: String, missing: Int)]

    /// Groups records by configuration (in the order given) and finds the numeric figures.
    init(records: [(case: SweepCase, figures: [JSONField])]) {
        var order: [String] = [], groups: [String: Configuration] = [:]
        for record in records {
            let key = record.case.configuration
            if groups[key] == nil {
                order.append(key)
                groups[key] = Configuration(parameters: record.case.parameters)
            }
            var numbers: [String: Double] = [:]
            for field in record.figures { if case .number(let value) = field.value { numbers[field.key] = value } }
            groups[key]!.figures.append(numbers)
        }
        let configurations = order.map { groups[$0]! }
        let numeric = configurations.flatMap(\.figures)
        let all = Set(numeric.flatMap(\.keys))
        let everywhere = all.filter { name in numeric.allSatisfy { $0[name] != nil } }
        let constant = everywhere.filter { name in Set(numeric.map { $0[name]! }).count == 1 }
        figureNames = everywhere.subtracting(constant).sorted()
        constantFigures = constant.sorted().map { name in (name, numeric[0][name]!) }
        radarFigures = figureNames.filter { name in
            Set(configurations.map { SweepPictures.meanAndDeviation($0.figures.map { $0[name]! }).mean }).count > 1
        }
        partialFigures = all.subtracting(everywhere).sorted().map { name in (name, numeric.filter { $0[name] == nil }.count) }
        self.configurations = configurations
    }

    /// A warning when every seed of a configuration gave the same figures (bands of no width: the seeds changed
    /// nothing, as under d3's default placement); nil when none did, or no configuration has two seeds.
    var identicalSeeds: String? {
        let seeded = configurations.filter { $0.figures.count > 1 }
        let same = seeded.filter { configuration in configuration.figures.dropFirst().allSatisfy { $0 == configuration.figures[0] } }
        guard let first = same.first else { return nil }
        let which = same.count == seeded.count
            ? "in every configuration (\(same.count)) all seeds gave identical figures"
            : "in \(same.count) of \(seeded.count) configurations all seeds gave identical figures, first in "
                + first.parameters.map { "\($0.key)=\(SweepCase.plain($0.value))" }.joined(separator: " ")
        return which + ": the seed changes nothing there, so the bands have no width. Under d3's default placement (a"
            + " spiral) the seed only breaks ties; fl.simulation(g, {seed = case.seed, placement = \"random\"}) starts"
            + " each seed from its own positions (docs/scale.md, Seeds)"
    }

    /// Mean and sample standard deviation (0 for one value).
    static func meanAndDeviation(_ values: [Double]) -> (mean: Double, sd: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        guard values.count > 1 else { return (mean, 0) }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return (mean, variance.squareRoot())
    }

    /// A name made safe for a file name.
    static func fileName(_ text: String) -> String {
        String(text.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "._=-".unicodeScalars.contains($0) ? Character($0) : "_" })
    }

    /// Writes the pictures into `folder` and returns their paths.
    func write(into folder: String) throws -> [String] {
        var written: [String] = []
        let parameterNames = Set(configurations.flatMap { $0.parameters.map(\.key) }).sorted()
        for parameter in parameterNames {
            let values = configurations.map { $0.parameters.first { $0.key == parameter }?.value }
            let numbers = values.compactMap { value -> Double? in if case .number(let n)? = value { return n } else { return nil } }
            guard numbers.count == values.count, Set(numbers).count >= 2 else { continue }
            for figure in figureNames {
                let path = "\(folder)/\(SweepPictures.fileName(figure))-by-\(SweepPictures.fileName(parameter)).svg"
                try AtomicFile.write(try figurePicture(figure, by: parameter), to: path)
                written.append(path)
            }
        }
        if radarFigures.count >= 3 {
            // Numbered with leading zeros to the width of the count, so that a folder listing keeps their order.
            let digits = String(configurations.count).count
            for (offset, configuration) in configurations.enumerated() {
                let label = configuration.parameters.map { "\($0.key)=\(SweepCase.plain($0.value))" }.joined(separator: " ")
                let number = String(repeating: "0", count: digits - String(offset + 1).count) + String(offset + 1)
                let path = "\(folder)/radar-\(number)-\(SweepPictures.fileName(label.replacingOccurrences(of: " ", with: "-"))).svg"
                try radar(configuration, title: label.isEmpty ? "all cases" : label).write(to: path)
                written.append(path)
            }
        }
        return written
    }

    /// `figure` against `parameter` as SVG text: one line per setting of the other parameters, mean ± sd across
    /// seeds as a band; one panel per value of a text parameter (a graph) when on shared axes some value's lines would
    /// take up less than a quarter of the height (graphs of different sizes give figures of different scales).
    func figurePicture(_ figure: String, by parameter: String) throws -> String {
        let configurations = self.configurations.filter { SweepPictures.number($0, parameter) != nil }
        guard let panelParameter = panelParameter(figure, by: parameter, in: configurations) else {
            return try linePlot(figure, by: parameter, configurations: configurations, title: "\(figure) by \(parameter)").render()
        }
        var values: [JSONValue] = []
        for configuration in configurations {
            let value = SweepPictures.value(configuration, panelParameter)!
            if !values.contains(value) { values.append(value) }
        }
        let panels = values.map { value in
            linePlot(figure, by: parameter, configurations: configurations.filter { SweepPictures.value($0, panelParameter) == value },
                         title: "\(panelParameter) = \(SweepCase.plain(value))", leaving: [panelParameter])
        }
        return try PlotPanels(panels: panels, title: "\(figure) by \(parameter), one panel per \(panelParameter)").render()
    }

    /// The text parameter to split `figure`'s plot by: one with two or more values (`graph` first, then by name)
    /// where the figure's means (with their bands) for some value span under a quarter of the range of all of them.
    private func panelParameter(_ figure: String, by parameter: String, in configurations: [Configuration]) -> String? {
        let names = Set(configurations.flatMap { $0.parameters.map(\.key) }).subtracting([parameter])
        let textual = names.filter { name in
            let values = configurations.compactMap { SweepPictures.value($0, name) }
            return values.count == configurations.count && values.allSatisfy { if case .number = $0 { false } else { true } }
                && Set(values.map(\.text)).count >= 2
        }.sorted { ($0 == "graph" ? 0 : 1, $0) < ($1 == "graph" ? 0 : 1, $1) }
        func extent(_ group: [Configuration]) -> (low: Double, high: Double) {
            let statistics = group.map { SweepPictures.meanAndDeviation($0.figures.map { $0[figure]! }) }
            return (statistics.map { $0.mean - $0.sd }.min()!, statistics.map { $0.mean + $0.sd }.max()!)
        }
        let all = extent(configurations)
        guard all.high > all.low else { return nil }
        return textual.first { name in
            let groups = Dictionary(grouping: configurations) { SweepPictures.value($0, name)!.text }
            return groups.values.contains { group in
                let part = extent(group)
                return (part.high - part.low) < 0.25 * (all.high - all.low)
            }
        }
    }

    /// The markers and line patterns series take in turn, ten series (one round of the palette) each, so series
    /// whose colours repeat are still told apart.
    static let seriesStyles: [(marker: PlotMarker, dash: PlotDash)] = [
        (.circle, .solid), (.square, .dashed), (.triangle, .dotted), (.diamond, .dashDot),
    ]

    /// `figure` against `parameter` over `configurations`: one line per setting of the parameters other than
    /// `parameter` and `leaving`, mean ± sd across seeds as a band, lines in the configurations' order.
    func linePlot(_ figure: String, by parameter: String, configurations: [Configuration], title: String, leaving: Set<String> = []) -> Plot {
        var lines: [String: [(x: Double, values: [Double])]] = [:], order: [String] = []
        for configuration in configurations {
            guard let x = SweepPictures.number(configuration, parameter) else { continue }
            let others = configuration.parameters.filter { $0.key != parameter && !leaving.contains($0.key) }
            let name = others.isEmpty ? figure : others.map { SweepCase.plain($0.value) }.joined(separator: ", ")
            if lines[name] == nil { order.append(name) }
            lines[name, default: []].append((x, configuration.figures.map { $0[figure]! }))
        }
        let series = order.enumerated().map { offset, name -> Plot.Series in
            let points = lines[name]!.sorted { $0.x < $1.x }
            let statistics = points.map { SweepPictures.meanAndDeviation($0.values) }
            var series = Plot.Series(name, x: points.map(\.x), y: statistics.map(\.mean))
            series.band = Plot.Interval(around: series.y, deviation: statistics.map(\.sd))
            let style = SweepPictures.seriesStyles[(offset / Palette.tableau10.count) % SweepPictures.seriesStyles.count]
            series.marker = style.marker
            series.dash = style.dash
            return series
        }
        var options = Plot.Options()
        let seeds = configurations.map(\.figures.count)
        let seedText = seeds.min() == seeds.max() ? "\(seeds[0]) seeds" : "\(seeds.min()!)-\(seeds.max()!) seeds"
        let others = Set(configurations.flatMap { $0.parameters.map(\.key) }).subtracting([parameter]).subtracting(leaving).sorted()
        options.title = title
        options.xLabel = parameter + (others.isEmpty ? "" : "  (lines: \(others.joined(separator: ", ")))")
        options.yLabel = "\(figure), mean ± sd over \(seedText)" + (Metrics.better[figure].map { " (\($0.rawValue) is better)" } ?? "")
        options.width = 760
        // The legend wraps into rows of the plot's width: room for them above the same plotting height.
        let rows = Double((series.count + 5) / 6)
        options.height = 400 + max(0, rows - 1) * 20
        return Plot(series: series, options: options)
    }

    /// The configuration's value of `parameter`, or nil.
    static func value(_ configuration: Configuration, _ parameter: String) -> JSONValue? {
        configuration.parameters.first { $0.key == parameter }?.value
    }

    /// The configuration's value of `parameter` when it is a number, or nil.
    static func number(_ configuration: Configuration, _ parameter: String) -> Double? {
        if case .number(let number)? = value(configuration, parameter) { return number }
        return nil
    }

    /// The configuration's mean figures on axes whose round ranges span every configuration's means, so the charts
    /// compare (the smallest mean sits a step out from the centre); an axis of a figure `fl.metrics` gives says which
    /// way is better.
    func radar(_ configuration: Configuration, title: String) -> Radar {
        let axes = radarFigures.map { name -> Radar.Axis in
            let means = configurations.map { SweepPictures.meanAndDeviation($0.figures.map { $0[name]! }).mean }
            let low = means.min()!, high = means.max()!
            let unit = pow(10, floor(log10(high - low))) / 2
            let lower = (low / unit).rounded(.down) * unit - unit
            // The round bounds can miss the means by a rounding error (0.00191 / 5e-7 rounds up to 3820, and 3820 × 5e-7
            // is just below 0.00191), and the chart refuses a value outside its axis: they never fall inside the means.
            return Radar.Axis(name, min: min(low >= 0 ? max(0, lower) : lower, low), max: max((high / unit).rounded(.up) * unit, high),
                              better: Metrics.better[name])
        }
        let means = radarFigures.map { name in SweepPictures.meanAndDeviation(configuration.figures.map { $0[name]! }).mean }
        var options = Radar.Options()
        options.scale = .perAxis
        options.title = title
        return Radar(axes: axes, series: [Radar.Series("mean over \(configuration.figures.count) seeds", values: means)], options: options)
    }
}
