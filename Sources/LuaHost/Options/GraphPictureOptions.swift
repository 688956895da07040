import Render

/// The options of `fl.svg.graph(g, path, options)`: the renderer's `GraphSVGOptions`, each option one line (defaults
/// and ranges are the renderer's own, per-element styles included), then what explains a simulation
/// (`LayoutExplanationOptions`).
public enum GraphPictureOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<GraphSVGOptions>("fl.svg.graph", [
        LuaSetting("width", \.width, "picture width in pixels"),
        LuaSetting("height", \.height, "picture height in pixels"),
        LuaSetting("padding", \.padding, "space kept free around the content when fitting"),
        LuaSetting("viewport", \.viewport, names: [("fit", .fit)], record: ViewportOptions.settings, { $0.framing },
                   "fit the content (zooming in at most 2×, so a small layout is drawn small rather than with huge nodes), or React Flow's viewport: a pixel is world × zoom + (x, y)"),
        LuaSetting("title", \.title, "title drawn at the top"),
        LuaSetting("background", \.background, "background colour (`\"none\"`: transparent)"),
        LuaSetting("fill", \.nodeFill, each: .node, described: "by `group`, from `palette`",
                   "node fill; a data field whose values are not colours is mapped to `palette`"),
        LuaSetting("group", \.group, "the node data field that colours nodes and makes the legend when `fill` is not given"),
        LuaSetting("palette", \.palette, as: Palette.Name.self, \.colours, named: Palette.Name.init(colours:), "the colours of groups, and of `fill` by a data field"),
        LuaSetting("stroke", \.nodeStroke, each: .node, "node outline colour"),
        LuaSetting("strokeWidth", \.nodeStrokeWidth, "node outline width in pixels (at most a quarter of a circle's radius, so the outline never hides the node)"),
        LuaSetting("radius", \.nodeRadius, each: .node,
                   "circle radius in world units (drawn at least \(LuaOption.format(GraphSVG.leastDrawnRadius)) pixel in radius, so every node shows; 0 hides it)"),
        LuaSetting("labels", \.labels, ifTrue: .always, ifFalse: .never, "which node labels are drawn (auto: boxes always, circles when few and not overlapping)"),
        LuaSetting("fontSize", \.fontSize, "label font size in pixels"),
        LuaSetting("edgeType", \.edgeType, "edge routing"),
        LuaSetting("markerEnd", \.markerEnd, "arrow head at the target end"),
        LuaSetting("markerStart", \.markerStart, "arrow head at the source end"),
        LuaSetting("edgeStroke", \.edgeStroke, each: .edge, "edge colour; a data field whose values are not colours is mapped to `palette`, with a legend"),
        LuaSetting("edgeWidth", \.edgeStrokeWidth, each: .edge, "edge width in pixels"),
        LuaSetting("edgeOpacity", \.edgeOpacity, "edge opacity"),
        LuaSetting("edgeOffset", \.edgeOffset, "how far step edges run straight out of a node before turning, and the least bulge of bezier edges, in pixels"),
        LuaSetting("edgeBorderRadius", \.edgeBorderRadius, "corner radius of smoothstep edges in pixels"),
        LuaSetting("legend", \.legend, "draw a legend of the groups when nodes are coloured by group"),
        LuaSetting("legendTitle", \.legendTitle, described: "the `group` field's name", "heading of the legend"),
        LuaSetting("frameFill", \.frameFill, "fill of parent frames"),
        LuaSetting("frameStroke", \.frameStroke, "outline of parent frames"),
        LuaSetting("fixedMark", \.fixedMark, "ring the nodes that have a fixed coordinate (`fx` or `fy`)"),
        LuaSetting("arrowScale", \.arrowScale, described: "the longest arrow is \(LuaOption.format(GraphSVGOptions.longestArrow)) pixels",
                   "world units of arrow per unit of velocity (1: the distance a node moves in one tick)"),
    ], alsoTaking: LayoutExplanationOptions.settings.table.options)

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }

    /// The options that style nodes and edges, which `fl.live` takes too (declared here once).
    public static let elementStyleNames = [
        "fill", "group", "palette", "stroke", "strokeWidth", "radius", "labels", "edgeStroke", "edgeWidth", "edgeOpacity",
    ]

    /// The declarations of `elementStyleNames`, in `table`'s order.
    public static var elementStyles: [LuaOption] { table.options.filter { elementStyleNames.contains($0.name) } }
}

/// The fields of `fl.svg.graph`'s `viewport = {zoom =, x =, y =}`: the renderer's `PictureViewport`, whose defaults
/// are a saved React Flow viewport's.
public enum ViewportOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<PictureViewport>("fl.svg.graph viewport", [
        LuaSetting("zoom", \.zoom, "pixels per world unit"),
        LuaSetting("x", \.x, "horizontal translation in pixels"),
        LuaSetting("y", \.y, "vertical translation in pixels"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The options of `fl.svg.graph` that explain a simulation of the graph drawn: `LayoutExplanationSettings`, the
/// renderer's `LayoutExplanationRequest` and the simulation.
public enum LayoutExplanationOptions {
    /// The declaration (its options are `fl.svg.graph`'s) and its reader.
    static let settings = LuaSettingsTable<LayoutExplanationSettings>("fl.svg.graph", [
        LuaSetting("simulation", \.simulation, object: "Simulation", accepts: "a simulation of the graph drawn",
                   "the simulation whose velocities, forces and cells `arrows` and `cells` draw"),
        LuaSetting(LuaSetting("arrows", oneOrMore: \.arrows, "arrows from each node of `simulation`: its velocity, and the net force on it (the velocity change one application of the forces makes at the current alpha; the simulation is left as it was)"), of: \.request),
        LuaSetting(LuaSetting("cells", \.cells, record: cells,
                   "the Barnes-Hut cells a node's many-body sum in `simulation` uses: taken as one body (filled faintly), opened (outlined), points taken one by one (dotted)"), of: \.request),
    ])

    /// The fields of `cells = {...}`.
    public static let cells = LuaSettingsTable<LayoutExplanationRequest.Cells>("fl.svg.graph cells", [
        LuaSetting("node", \.node, "the id of the node whose sum is drawn").required().takingNumbers(),
        LuaSetting("theta", \.theta, described: "the force's theta", "the Barnes-Hut theta: a cell is one body when its width / distance < theta"),
        LuaSetting("force", \.force, described: "the simulation's one many-body force", "the name of the many-body force"),
    ])
}
