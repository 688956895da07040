import GraphLayout
import Render

/// What `fl.svg.plot` takes: Render's `Plot` (its series as given and its options) and the recording whose series
/// it plots instead, if any.
struct PlotSettings: LuaSettable {
    /// The series as given (with a recording, only their names and styles) and the options.
    var plot = Plot()
    /// The recording whose series are plotted against the tick; nil: the series give their own values.
    var recording: LayoutRecording?

    /// No series, the default options, no recording.
    init() {}

    /// None of its own: the plot's options and series carry theirs.
    static func range(of setting: PartialKeyPath<PlotSettings>) -> ClosedRange<Double>? { nil }

    /// The plot to draw. Without a recording, the series as given, each with its y values and its x by default 0, 1,
    /// 2, ...; with one, the series chosen by name (all of them when none is) with the recording's ticks as x and its
    /// values as y, the x axis labelled "tick" unless given. `refuse` makes the error for a series that is not so.
    func plotToDraw(refusing refuse: (String) -> Error) throws -> Plot {
        var drawn = plot
        guard let recording else {
            guard !plot.series.isEmpty else { throw refuse("field 'series' is required") }
            drawn.series = try plot.series.enumerated().map { i, line in
                guard !line.y.isEmpty else { throw refuse("field 'series'[\(i + 1)]: 'y' is required without `recording`") }
                var line = line
                if line.x.isEmpty { line.x = line.y.indices.map(Double.init) }
                return line
            }
            return drawn
        }
        for (i, line) in plot.series.enumerated() {
            let given = [("x", !line.x.isEmpty), ("y", !line.y.isEmpty), ("band", line.band != nil), ("errorBars", line.errorBars != nil)]
            if let (field, _) = given.first(where: \.1) { throw refuse("field 'series'[\(i + 1)]: '\(field)' comes from the recording") }
        }
        let chosen = plot.series.isEmpty ? recording.seriesNames.map { Plot.Series($0, y: []) } : plot.series
        drawn.series = try chosen.map { line in
            guard let values = recording.series(line.name) else {
                throw refuse("the recording has no series '\(line.name)' (it has \(recording.seriesNames.joined(separator: ", ")))")
            }
            var line = line
            line.x = recording.ticks.map(Double.init)
            line.y = values
            return line
        }
        if drawn.options.xLabel == nil { drawn.options.xLabel = "tick" }
        return drawn
    }
}
