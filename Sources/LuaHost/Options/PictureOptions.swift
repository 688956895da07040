import Render

/// The options of `fl.svg.radar(path, options)`: the renderer's `Radar`, its axes and series, then its `Radar.Options`,
/// each option one line (defaults and ranges are the renderer's own).
public enum RadarOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Radar>("fl.svg.radar", [
        LuaSetting("axes", \.axes, RadarAxisOptions.settings, startingFrom: { Radar.Axis("axis \($0)") }, named: { Radar.Axis($0) },
                   expected: "name or {name =, min =, max =, better =}", shape: "{\"a\", \"b\", ...} or {{name =, min =, max =, better =}, ...}",
                   "the axes, clockwise from the top (at least 3)").required(),
        LuaSetting("series", \.series, RadarSeriesOptions.settings, startingFrom: { Radar.Series("series \($0)", values: []) },
                   shape: "{{name =, values = {...}, colour =}, ...}", "one value per axis for each series").required(),
    ] + chart.map { LuaSetting($0, of: \.options) })

    /// How the chart is drawn: `Radar.Options`.
    private static let chart: [LuaSetting<Radar.Options>] = [
        LuaSetting("width", \.width, "picture width in pixels"),
        LuaSetting("height", \.height, "picture height in pixels"),
        LuaSetting("title", \.title, "title drawn at the top"),
        LuaSetting("divisions", \.divisions, "the number of grid rings"),
        LuaSetting("grid", \.grid, "the ring shape"),
        LuaSetting("scale", \.scale, "one range for all axes, or one per axis"),
        LuaSetting("min", \.min, described: "0 unless a value is negative", "the shared centre value"),
        LuaSetting("max", \.max, described: "a round value at or above the largest", "the shared outer value"),
        LuaSetting("fillOpacity", \.fillOpacity, "fill opacity of the series"),
        LuaSetting("strokeWidth", \.strokeWidth, "outline width of the series in pixels"),
        LuaSetting("markerRadius", \.markerRadius, "radius of the point markers in pixels (0: none)"),
        LuaSetting("palette", \.palette, as: Palette.Name.self, \.colours, named: Palette.Name.init(colours:), "series colours, in order"),
        LuaSetting("legend", \.legend, "draw the series legend"),
        LuaSetting("fontSize", \.fontSize, "axis label font size in pixels"),
        LuaSetting("padding", \.padding, "space kept free at the picture's edges"),
    ]

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The options of `fl.svg.plot(path, options)`: `PlotSettings`, the renderer's `Plot` (its series, then its
/// `Plot.Options`, each option one line, defaults and ranges the renderer's own) and the recording it may plot.
public enum PlotOptions {
    /// The declaration and its reader.
    static let settings = LuaSettingsTable<PlotSettings>("fl.svg.plot", [
        LuaSetting("series", \.plot.series, PlotSeriesOptions.settings, startingFrom: { Plot.Series("series \($0)", y: []) },
                   named: { Plot.Series($0, y: []) }, expected: "a series name or {name =, ...}",
                   shape: "{{name =, x = {...}, y = {...}, ...}, ...}; with `recording`, names or {name =, axis =, ...}",
                   described: "required, except with `recording`: all its series", "the lines"),
        LuaSetting("recording", \.recording, object: "Recording", accepts: "a recording (`sim:record`)",
                   "plot the recording's series (by default all of them) against the tick"),
    ] + chart.map { LuaSetting($0, of: \.plot.options) })

    /// How the lines are drawn: `Plot.Options`.
    private static let chart: [LuaSetting<Plot.Options>] = [
        LuaSetting("width", \.width, "picture width in pixels"),
        LuaSetting("height", \.height, "picture height in pixels"),
        LuaSetting("title", \.title, "title drawn at the top"),
        LuaSetting("xLabel", \.xLabel, described: "`\"tick\"` with a recording", "x axis label"),
        LuaSetting("yLabel", \.yLabel, "y axis label"),
        LuaSetting("xMin", \.xMin, described: "from the data", "x axis start"),
        LuaSetting("xMax", \.xMax, described: "from the data", "x axis end"),
        LuaSetting("yMin", \.yMin, described: "from the data", "y axis start"),
        LuaSetting("yMax", \.yMax, described: "from the data", "y axis end"),
        LuaSetting("xScale", \.xScale, "x axis scale (`\"log\"`: values above 0, ticks at powers of ten)"),
        LuaSetting("yScale", \.yScale, "y axis scale"),
        LuaSetting("y2Label", \.y2Label, "label of the second y axis, on the right (for series with `axis = \"right\"`)"),
        LuaSetting("y2Min", \.y2Min, described: "from its series", "second y axis start"),
        LuaSetting("y2Max", \.y2Max, described: "from its series", "second y axis end"),
        LuaSetting("y2Scale", \.y2Scale, "second y axis scale"),
        LuaSetting("palette", \.palette, as: Palette.Name.self, \.colours, named: Palette.Name.init(colours:), "series colours, in order"),
        LuaSetting("strokeWidth", \.strokeWidth, "line width in pixels"),
        LuaSetting("legend", \.legend, "draw the series legend"),
        LuaSetting("fontSize", \.fontSize, "label font size in pixels"),
        LuaSetting("padding", \.padding, "space kept free at the picture's edges"),
    ]

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The fields of one entry of `fl.svg.radar`'s `axes` given as a table: the renderer's `Radar.Axis`.
public enum RadarAxisOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Radar.Axis>("fl.svg.radar axis", record: true, [
        LuaSetting("name", \.name, described: "`\"axis i\"`", "the axis label"),
        LuaSetting("min", \.min, described: "the chart's range", "the value at the centre (with `scale = \"perAxis\"`)"),
        LuaSetting("max", \.max, described: "the chart's range", "the value at the rim (with `scale = \"perAxis\"`)"),
        LuaSetting("better", \.better, "which way is better (`\"lower\"`: nearer the centre), written under the axis name"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The fields of one entry of `fl.svg.radar`'s `series`: the renderer's `Radar.Series`.
public enum RadarSeriesOptions {
    private static let colour = LuaSetting<Radar.Series>("colour", \.colour, described: "from `palette`", "the series colour")

    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Radar.Series>("fl.svg.radar series", record: true, [
        LuaSetting("name", \.name, described: "`\"series i\"`", "the legend entry"),
        LuaSetting("values", \.values, "one value per axis").required(),
        colour, LuaSetting("color", alias: colour, \.colour),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The fields of one entry of `fl.svg.plot`'s `series` given as a table: the renderer's `Plot.Series`, whose
/// defaults they are.
public enum PlotSeriesOptions {
    private static let colour = LuaSetting<Plot.Series>("colour", \.colour, described: "from `palette`", "the line colour")
    /// `name`, which a series taken from a recording must give.
    static let name = LuaSetting<Plot.Series>("name", \.name, described: "`\"series i\"`", "the legend entry (with `recording`: the recording's series)")
    /// `x`, 0, 1, 2, ... when not given.
    static let x = LuaSetting<Plot.Series>("x", \.x, described: "0, 1, 2, ...", "x values, as many as y values (not with `recording`)")
    /// `y`, which a series not taken from a recording must give.
    static let y = LuaSetting<Plot.Series>("y", \.y, described: "required without `recording`", "y values (not with `recording`)")
    private static let band = LuaSetting<Plot.Series>(
        "band", \.band, PlotIntervalOptions.settings, shape: PlotIntervalOptions.shape, expected: PlotIntervalOptions.expected,
        { bounds, series in bounds.interval(around: series.y) },
        "a shaded band around the line (`deviation`: y ± it at each point, such as mean ± sd)")
    private static let errorBars = LuaSetting<Plot.Series>(
        "errorBars", \.errorBars, PlotIntervalOptions.settings, shape: PlotIntervalOptions.shape, expected: PlotIntervalOptions.expected,
        { bounds, series in bounds.interval(around: series.y) }, "error bars at each point, given as `band` is")

    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Plot.Series>("fl.svg.plot series", record: true, [
        name, x, y, colour, LuaSetting("color", alias: colour, \.colour), band, errorBars,
        LuaSetting("marker", \.marker, "the shape drawn at each point"),
        LuaSetting("line", \.line, "join the points by a line"),
        LuaSetting("dash", \.dash, "the line's pattern (the legend shows it), to tell lines apart beyond the palette's colours"),
        LuaSetting("axis", \.axis, "the y axis the series is drawn against"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The fields of a plot series' `band` and `errorBars`: the renderer's `Plot.IntervalBounds`.
public enum PlotIntervalOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Plot.IntervalBounds>("fl.svg.plot band", record: true, [
        LuaSetting("lower", \.lower, "the lower bound at each point (with `upper`)"),
        LuaSetting("upper", \.upper, "the upper bound at each point (with `lower`)"),
        LuaSetting("deviation", \.deviation, "instead of bounds: y - deviation to y + deviation at each point"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }

    /// The shape of a band, for the docs.
    static let shape = "{lower = {...}, upper = {...}} or {deviation = {...}}"
    /// What a band must be.
    static let expected = "{lower =, upper =} or {deviation =}"
}
