import GraphModel
import Render

/// The options of `fl.svg.graph(g, path, options)`: the renderer's `GraphSVGOptions`, each option one line (defaults
/// and ranges are the renderer's own), and those the binding reads itself (per-element styles, the viewport, labels,
/// what explains a simulation).
public enum GraphPictureOptions {
    /// The declaration and its reader.
    public static let settings: LuaSettingsTable<GraphSVGOptions> = {
        let settings = GraphSVGOptions()
        return LuaSettingsTable("fl.svg.graph", [
            LuaSetting("width", \.width, "picture width in pixels"),
            LuaSetting("height", \.height, "picture height in pixels"),
            LuaSetting("padding", \.padding, "space kept free around the content when fitting"),
            LuaSetting(readByTheBinding: LuaOption("viewport", .custom("`\"fit\"` or `{zoom =, x =, y =}`"), default: .text("fit"), "fit the content, or React Flow's viewport: a pixel is world × zoom + (x, y)")),
            LuaSetting("title", \.title, "title drawn at the top"),
            LuaSetting("background", \.background, "background colour (`\"none\"`: transparent)"),
            LuaSetting(readByTheBinding: LuaOption("fill", .nodeColour, default: .described("by `group`, from `palette`"), "node fill; a data field whose values are not colours is mapped to `palette`")),
            LuaSetting(readByTheBinding: .string("group", default: "group", "the node data field that colours nodes and makes the legend when `fill` is not given")),
            LuaSetting("palette", \.palette, as: Palette.Name.self, \.colours, named: Palette.Name.init(colours:), "the colours of groups, and of `fill` by a data field"),
            LuaSetting(readByTheBinding: LuaOption("stroke", .nodeColour, default: constant(settings.nodeStroke), "node outline colour")),
            LuaSetting("strokeWidth", \.nodeStrokeWidth, "node outline width in pixels (at most a quarter of a circle's radius, so the outline never hides the node)"),
            LuaSetting(readByTheBinding: LuaOption("radius", .nodeNumber, default: constant(settings.nodeRadius), "circle radius in world units (drawn at least \(LuaOption.format(GraphSVG.leastDrawnRadius)) pixel in radius, so every node shows; 0 hides it)")),
            LuaSetting(readByTheBinding: LuaOption("labels", .custom("`true` (`\"always\"`), `false` (`\"never\"`) or `\"auto\"`"), default: .text(settings.labels.rawValue), "which node labels are drawn (auto: boxes always, circles when few and not overlapping)")),
            LuaSetting("fontSize", \.fontSize, "label font size in pixels"),
            LuaSetting("edgeType", \.edgeType, "edge routing"),
            LuaSetting("markerEnd", \.markerEnd, "arrow head at the target end"),
            LuaSetting("markerStart", \.markerStart, "arrow head at the source end"),
            LuaSetting(readByTheBinding: LuaOption("edgeStroke", .edgeColour, default: constant(settings.edgeStroke), "edge colour; a data field whose values are not colours is mapped to `palette`, with a legend")),
            LuaSetting(readByTheBinding: LuaOption("edgeWidth", .edgeNumber, default: constant(settings.edgeStrokeWidth), "edge width in pixels")),
            LuaSetting("edgeOpacity", \.edgeOpacity, "edge opacity"),
            LuaSetting("edgeOffset", \.edgeOffset, "how far step edges run straight out of a node before turning, and the least bulge of bezier edges, in pixels"),
            LuaSetting("edgeBorderRadius", \.edgeBorderRadius, "corner radius of smoothstep edges in pixels"),
            LuaSetting("legend", \.legend, "draw a legend of the groups when nodes are coloured by group"),
            LuaSetting("legendTitle", \.legendTitle, described: "the `group` field's name", "heading of the legend"),
            LuaSetting("frameFill", \.frameFill, "fill of parent frames"),
            LuaSetting("frameStroke", \.frameStroke, "outline of parent frames"),
            LuaSetting("fixedMark", \.fixedMark, "ring the nodes that have a fixed coordinate (`fx` or `fy`)"),
            LuaSetting(readByTheBinding: LuaOption("simulation", .custom("a simulation of the graph drawn"), "the simulation whose velocities, forces and cells `arrows` and `cells` draw")),
            LuaSetting(readByTheBinding: LuaOption("arrows", .custom("`\"velocity\"`, `\"force\"` or `{\"velocity\", \"force\"}`"), "arrows from each node of `simulation`: its velocity, and the net force on it (the velocity change one application of the forces makes at the current alpha; the simulation is left as it was)")),
            LuaSetting("arrowScale", \.arrowScale, described: "the longest arrow is \(LuaOption.format(GraphSVGOptions.longestArrow)) pixels", "world units of arrow per unit of velocity (1: the distance a node moves in one tick)"),
            LuaSetting(readByTheBinding: LuaOption("cells", .table("{node = id, theta =, force =}"), "the Barnes-Hut cells a node's many-body sum in `simulation` uses: taken as one body (filled faintly), opened (outlined), points taken one by one (dotted)")),
        ])
    }()

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }

    /// The options that style nodes and edges, which `fl.live` takes too (declared here once).
    public static let elementStyleNames = [
        "fill", "group", "palette", "stroke", "strokeWidth", "radius", "labels", "edgeStroke", "edgeWidth", "edgeOpacity",
    ]

    /// The declarations of `elementStyleNames`, in `table`'s order.
    public static var elementStyles: [LuaOption] { table.options.filter { elementStyleNames.contains($0.name) } }

    /// The fields of `cells = {...}`.
    public static let cells = LuaOptionTable("fl.svg.graph cells", [
        LuaOption("node", .string, default: .required, "the id of the node whose sum is drawn"),
        .number("theta", described: "the force's theta", in: 0...1e6, "the Barnes-Hut theta: a cell is one body when its width / distance < theta"),
        .string("force", described: "the simulation's one many-body force", "the name of the many-body force"),
    ])

    /// A constant per-node default as the docs write it.
    private static func constant<T>(_ value: StyleValue<T>) -> LuaOption.Default {
        switch value {
        case .constant(let number as Double): return .number(number)
        case .constant(let text as String): return .text(text)
        default: return .described("per node")
        }
    }
}

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

/// The fields of `fl.svg.graph`'s `viewport = {zoom =, x =, y =}`; the defaults are a saved React Flow viewport's.
public enum ViewportOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let saved = SavedViewport()
        return LuaOptionTable("fl.svg.graph viewport", [
            .number("zoom", default: saved.zoom, in: StyleNumbers.zoom, "pixels per world unit"),
            .number("x", default: saved.x, in: StyleNumbers.coordinate, "horizontal translation in pixels"),
            .number("y", default: saved.y, in: StyleNumbers.coordinate, "vertical translation in pixels"),
        ])
    }()
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

    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Plot.Series>("fl.svg.plot series", record: true, [
        LuaSetting("name", \.name, described: "`\"series i\"`", "the legend entry (with `recording`: the recording's series)"),
        LuaSetting("x", \.x, described: "0, 1, 2, ...", "x values, as many as y values (not with `recording`)"),
        LuaSetting("y", \.y, described: "required without `recording`", "y values (not with `recording`)"),
        colour, LuaSetting("color", alias: colour, \.colour),
        LuaSetting("band", \.band, PlotIntervalOptions.settings, shape: PlotIntervalOptions.shape, expected: PlotIntervalOptions.expected,
                   { bounds, series in bounds.interval(around: series.y) },
                   "a shaded band around the line (`deviation`: y ± it at each point, such as mean ± sd)"),
        LuaSetting("errorBars", \.errorBars, PlotIntervalOptions.settings, shape: PlotIntervalOptions.shape, expected: PlotIntervalOptions.expected,
                   { bounds, series in bounds.interval(around: series.y) }, "error bars at each point, given as `band` is"),
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
