import DataTables
import Foundation
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
                try linePlot(figure, by: parameter).write(to: path)
                written.append(path)
            }
        }
        if radarFigures.count >= 3 {
            for (offset, configuration) in configurations.enumerated() {
                let label = configuration.parameters.map { "\($0.key)=\(SweepCase.plain($0.value))" }.joined(separator: " ")
                let path = "\(folder)/radar-\(offset + 1)-\(SweepPictures.fileName(label.replacingOccurrences(of: " ", with: "-"))).svg"
                try radar(configuration, title: label.isEmpty ? "all cases" : label).write(to: path)
                written.append(path)
            }
        }
        return written
    }

    /// `figure` against `parameter`: one line per setting of the other parameters, mean ± sd across seeds as a band.
    func linePlot(_ figure: String, by parameter: String) -> Plot {
        var lines: [String: [(x: Double, values: [Double])]] = [:], order: [String] = []
        for configuration in configurations {
            guard case .number(let x)? = configuration.parameters.first(where: { $0.key == parameter })?.value else { continue }
            let others = configuration.parameters.filter { $0.key != parameter }
            let name = others.isEmpty ? figure : others.map { SweepCase.plain($0.value) }.joined(separator: ", ")
            if lines[name] == nil { order.append(name) }
            lines[name, default: []].append((x, configuration.figures.map { $0[figure]! }))
        }
        let series = order.map { name -> Plot.Series in
            let points = lines[name]!.sorted { $0.x < $1.x }
            let statistics = points.map { SweepPictures.meanAndDeviation($0.values) }
            var series = Plot.Series(name, x: points.map(\.x), y: statistics.map(\.mean))
            series.band = Plot.Interval(around: series.y, deviation: statistics.map(\.sd))
            series.marker = .circle
            return series
        }
        var options = Plot.Options()
        let seeds = configurations.map(\.figures.count)
        let seedText = seeds.min() == seeds.max() ? "\(seeds[0]) seeds" : "\(seeds.min()!)-\(seeds.max()!) seeds"
        let others = Set(configurations.flatMap { $0.parameters.map(\.key) }).subtracting([parameter]).sorted()
        options.title = "\(figure) by \(parameter)"
        options.xLabel = parameter + (others.isEmpty ? "" : "  (lines: \(others.joined(separator: ", ")))")
        options.yLabel = "\(figure), mean ± sd over \(seedText)" + (Metrics.better[figure].map { " (\($0.rawValue) is better)" } ?? "")
        // The legend is one row: about 0.6 em per character and 2.5 em per entry at the 12-pixel font.
        let legendWidth = series.reduce(0.0) { $0 + Double($1.name.count) * 7.2 + 30 }
        options.width = min(3000, max(760, legendWidth + 60))
        return Plot(series: series, options: options)
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
