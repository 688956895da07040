import Render

/// The options of `fl.svg.radar(path, options)`: the renderer's `Radar.Options`, each option one line (defaults and
/// ranges are the renderer's own), and the axes and series the binding reads.
public enum RadarOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Radar.Options>("fl.svg.radar", [
        LuaSetting(readByTheBinding: LuaOption("axes", .table("{\"a\", \"b\", ...} or {{name =, min =, max =, better =}, ...}"), default: .required, "the axes, clockwise from the top (at least 3)")),
        LuaSetting(readByTheBinding: LuaOption("series", .table("{{name =, values = {...}, colour =}, ...}"), default: .required, "one value per axis for each series")),
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
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The options of `fl.svg.plot(path, options)`: the renderer's `Plot.Options`, each option one line (defaults and
/// ranges are the renderer's own), and the series and recording the binding reads.
public enum PlotOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Plot.Options>("fl.svg.plot", [
        LuaSetting(readByTheBinding: LuaOption("series", .table("{{name =, x = {...}, y = {...}, ...}, ...}; with `recording`, names or {name =, axis =, ...}"), default: .described("required, except with `recording`: all its series"), "the lines")),
        LuaSetting(readByTheBinding: LuaOption("recording", .custom("a recording (`sim:record`)"), "plot the recording's series (by default all of them) against the tick")),
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
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The fields of one entry of `fl.svg.radar`'s `axes` given as a table.
public enum RadarAxisOptions {
    /// The declaration.
    public static let table = LuaOptionTable("fl.svg.radar axis", [
        .string("name", described: "`\"axis i\"`", "the axis label"),
        .number("min", described: "the chart's range", in: StyleNumbers.coordinate, "the value at the centre (with `scale = \"perAxis\"`)"),
        .number("max", described: "the chart's range", in: StyleNumbers.coordinate, "the value at the rim (with `scale = \"perAxis\"`)"),
        .choice("better", Radar.Better.self, "which way is better (`\"lower\"`: nearer the centre), written under the axis name"),
    ])
}

/// The fields of one entry of `fl.svg.radar`'s `series`.
public enum RadarSeriesOptions {
    /// The declaration.
    public static let table = LuaOptionTable("fl.svg.radar series", [
        .string("name", described: "`\"series i\"`", "the legend entry"),
        LuaOption("values", .table("{number, ...}"), default: .required, "one value per axis"),
        .string("colour", described: "from `palette`", "the series colour"),
        .string("color", described: "from `palette`", "the same as `colour`"),
    ])
}

/// The fields of one entry of `fl.svg.plot`'s `series` given as a table; the defaults are a plot series' own.
public enum PlotSeriesOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let series = Plot.Series("", y: [])
        return LuaOptionTable("fl.svg.plot series", [
            .string("name", described: "`\"series i\"`", "the legend entry (with `recording`: the recording's series)"),
            LuaOption("x", .table("{number, ...}"), default: .described("0, 1, 2, ..."), "x values, as many as y values (not with `recording`)"),
            LuaOption("y", .table("{number, ...}"), default: .described("required without `recording`"), "y values (not with `recording`)"),
            .string("colour", described: "from `palette`", "the line colour"),
            .string("color", described: "from `palette`", "the same as `colour`"),
            LuaOption("band", .table("{lower = {...}, upper = {...}} or {deviation = {...}}"), "a shaded band around the line (`deviation`: y ± it at each point, such as mean ± sd)"),
            LuaOption("errorBars", .table("{lower = {...}, upper = {...}} or {deviation = {...}}"), "error bars at each point, given as `band` is"),
            .choice("marker", PlotMarker.self, default: series.marker, "the shape drawn at each point"),
            .boolean("line", default: series.line, "join the points by a line"),
            .choice("dash", PlotDash.self, default: series.dash, "the line's pattern (the legend shows it), to tell lines apart beyond the palette's colours"),
            .choice("axis", Plot.YAxis.self, default: series.axis, "the y axis the series is drawn against"),
        ])
    }()
}

/// The fields of a plot series' `band` and `errorBars`.
public enum PlotIntervalOptions {
    /// The declaration.
    public static let table = LuaOptionTable("fl.svg.plot band", [
        LuaOption("lower", .table("{number, ...}"), "the lower bound at each point (with `upper`)"),
        LuaOption("upper", .table("{number, ...}"), "the upper bound at each point (with `lower`)"),
        LuaOption("deviation", .table("{number, ...}"), "instead of bounds: y - deviation to y + deviation at each point"),
    ])
}
