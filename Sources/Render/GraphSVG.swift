import GraphModel
import NodeOutline

/// Draws a graph scene as an SVG 1.1 picture.
public struct GraphSVG {
    /// The nodes and edges to draw.
    public var scene: GraphScene
    /// How to draw them.
    public var options: GraphSVGOptions

    /// Circle labels are drawn in `.auto` mode up to this many nodes.
    static let autoLabelLimit = 60
    /// React Flow's fitView never zooms in further than this.
    static let maxFitZoom = 2.0
    /// A circle of radius above 0 is drawn at least this many pixels in radius, so a zoomed-out node still shows.
    public static let leastDrawnRadius = 1.0

    /// Makes a picture of `scene`.
    public init(scene: GraphScene, options: GraphSVGOptions = GraphSVGOptions()) {
        self.scene = scene
        self.options = options
    }

    /// Writes the picture to `path` atomically; `check` as for `render(check:)` (when it throws, nothing is written).
    public func write(to path: String, check: @escaping (Int) throws -> Void = { _ in }) throws {
        try AtomicFile.write(try render(check: check), to: path)
    }

    /// The picture as SVG text; the same input always gives the same bytes. `check` is called with the units of work
    /// done (one per node and edge drawn), every few thousand, and may throw to stop (a time or work limit).
    public func render(check: @escaping (Int) throws -> Void = { _ in }) throws -> String {
        let meter = WorkMeter(check)
        try scene.validate()
        let n = scene.nodes.count
        try PictureSize.check(width: options.width, height: options.height)
        try StyleNumbers.check([
            ("padding", options.padding, StyleNumbers.length), ("strokeWidth", options.nodeStrokeWidth, StyleNumbers.length),
            ("fontSize", options.fontSize, StyleNumbers.fontSize), ("edgeOpacity", options.edgeOpacity, StyleNumbers.opacity),
            ("edgeBorderRadius", options.edgeBorderRadius, StyleNumbers.length),
            ("edgeOffset", options.edgeOffset, StyleNumbers.length),
        ])
        if case .explicit(let zoom, let x, let y) = options.viewport {
            try StyleNumbers.check([
                ("viewport zoom", zoom, StyleNumbers.zoom), ("viewport x", x, StyleNumbers.coordinate),
                ("viewport y", y, StyleNumbers.coordinate),
            ])
        }
        try Palette.check(options.palette)
        let style = try SceneStyle(scene: scene, options: options)
        let radii = style.radii, colouring = style.colouring, fills = style.fills, strokes = style.strokes
        let edgeStyle = style.edges
        try validateOverlays()
        let showLegend = options.legend && !colouring.entries.isEmpty
        let legend = Legend(title: options.legendTitle, entries: colouring.entries, fontSize: options.fontSize)
        // Room is kept for the note on cells cut at the picture's edge whenever cells are drawn; it is written only
        // when some are.
        let key = Legend(title: nil, entries: overlayKey + edgeStyle.entries, fontSize: options.fontSize,
                         note: options.cells == nil ? nil : CellOverlay.cutNote)
        let showKey = options.legend && !key.entries.isEmpty

        let heading = ChartHeading(title: options.title, fontSize: options.fontSize,
                                   padding: options.padding, width: options.width)
        let legendBand = max(showLegend ? legend.width + 10 : 0, showKey ? key.width + 10 : 0)
        let area = WorldRect(minX: options.padding, minY: heading.bottom,
                             maxX: options.width - options.padding - legendBand, maxY: options.height - options.padding)
        let layout = SceneLayout(scene: scene, radii: radii, fontSize: options.fontSize, labelled: circleLabels)
        let (zoom, pan) = fitTransform(layout: layout, area: area)
        let frames = layout.frames(zoom: zoom)
        func screen(_ x: Double, _ y: Double) -> SIMD2<Double> { [x * zoom + pan.x, y * zoom + pan.y] }

        var svg = SVGWriter(width: options.width, height: options.height)
        if let background = options.background {
            svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", background)])
        }
        drawMarkers(colours: edgeStyle.markerColours, into: &svg)
        drawFrames(frames, layout: layout, screen: screen, into: &svg)

        let shapes = (0..<n).map { i -> NodeShape in
            let node = scene.nodes[i]
            let c = screen(node.x, node.y)
            if let frame = frames[i] {
                let a = screen(frame.minX, frame.minY), b = screen(frame.maxX, frame.maxY)
                return NodeShape(center: (a + b) / 2, halfWidth: (b.x - a.x) / 2, halfHeight: (b.y - a.y) / 2, isBox: true)
            }
            if node.isBox {
                return NodeShape(center: c, halfWidth: node.width! * zoom / 2, halfHeight: node.height! * zoom / 2, isBox: true)
            }
            let r = radii[i] > 0 ? max(radii[i] * zoom, GraphSVG.leastDrawnRadius) : 0
            return NodeShape(center: c, halfWidth: r, halfHeight: r, isBox: false)
        }
        try drawEdges(shapes: shapes, style: edgeStyle, meter: meter, into: &svg)
        try drawNodes(shapes: shapes, fills: fills, strokes: strokes, layout: layout, meter: meter, into: &svg)
        drawFixedMarks(shapes: shapes, layout: layout, into: &svg)
        drawCells(shapes: shapes, screen: screen, area: area, into: &svg)
        drawArrows(shapes: shapes, zoom: zoom, into: &svg)
        drawEdgeLabels(shapes: shapes, into: &svg)
        heading.draw(into: &svg)
        if showLegend {
            legend.draw(into: &svg, x: options.width - options.padding - legend.width, y: area.minY)
        }
        if showKey {
            var drawnKey = key
            if !cellsRunOff(area: area, screen: screen) { drawnKey.note = nil }
            drawnKey.draw(into: &svg, x: options.width - options.padding - drawnKey.width,
                          y: area.minY + (showLegend ? legend.height + 8 : 0))
        }
        try meter.flush()
        return svg.document()
    }

    /// The zoom and pan for the chosen viewport.
    private func fitTransform(layout: SceneLayout, area: WorldRect) -> (Double, SIMD2<Double>) {
        if case .explicit(let zoom, let x, let y) = options.viewport { return (zoom, [x, y]) }
        var zoom = 1.0
        for _ in 0..<5 {
            guard let bounds = layout.bounds(zoom: zoom) else { break }
            let zx = area.width / max(bounds.width, 1e-9), zy = area.height / max(bounds.height, 1e-9)
            zoom = min(zx, zy, GraphSVG.maxFitZoom)
        }
        guard zoom.isFinite, zoom > 0, let bounds = layout.bounds(zoom: zoom) else {
            return (1, [(area.minX + area.maxX) / 2, (area.minY + area.maxY) / 2])
        }
        let pan = SIMD2((area.minX + area.maxX) / 2 - (bounds.minX + bounds.maxX) / 2 * zoom,
                        (area.minY + area.maxY) / 2 - (bounds.minY + bounds.maxY) / 2 * zoom)
        return (zoom, pan)
    }

    /// Arrow heads in the edge colours, one per marker kind, end in use and edge colour (`EdgeStyle.markerID`).
    private func drawMarkers(colours: [String], into svg: inout SVGWriter) {
        let used = [(options.markerEnd, "end"), (options.markerStart, "start")].compactMap { m, end in m.map { ($0, end) } }
        guard !used.isEmpty else { return }
        svg.open("defs")
        for (marker, end) in used {
          for (k, colour) in colours.enumerated() {
            let sign = end == "end" ? -1.0 : 1.0
            let box = end == "end" ? "-11 -6 12 12" : "-1 -6 12 12"
            svg.open("marker", [("id", EdgeStyle.markerID(end, marker, colour: k)), ("viewBox", box),
                                ("markerWidth", "12"), ("markerHeight", "12"), ("refX", "0"), ("refY", "0"),
                                ("orient", "auto"), ("markerUnits", "userSpaceOnUse")])
            let d = "M\((sign * 10).svg),-5 L0,0 L\((sign * 10).svg),5"
            switch marker {
            case .arrowClosed:
                svg.element("path", [("d", d + " Z"), ("fill", colour), ("fill-opacity", options.edgeOpacity.svg)])
            case .arrow:
                svg.element("path", [("d", d), ("fill", "none"), ("stroke", colour),
                                     ("stroke-opacity", options.edgeOpacity.svg), ("stroke-width", "1.5"),
                                     ("stroke-linecap", "round"), ("stroke-linejoin", "round")])
            }
            svg.close("marker")
          }
        }
        svg.close("defs")
    }

    /// Parent frames, outermost first, each with its label in a band at its top.
    private func drawFrames(_ frames: [Int: WorldRect], layout: SceneLayout,
                            screen: (Double, Double) -> SIMD2<Double>, into svg: inout SVGWriter) {
        guard !frames.isEmpty else { return }
        svg.open("g", [("class", "frames")])
        for i in frames.keys.sorted(by: { (layout.depth[$0], $0) < (layout.depth[$1], $1) }) {
            let frame = frames[i]!
            let a = screen(frame.minX, frame.minY), b = screen(frame.maxX, frame.maxY)
            svg.element("rect", [("x", a.x.svg), ("y", a.y.svg), ("width", (b.x - a.x).svg), ("height", (b.y - a.y).svg),
                                 ("rx", "8"), ("fill", options.frameFill), ("stroke", options.frameStroke),
                                 ("stroke-width", "1.2")])
            if options.labels != .never {
                let text = TextMeasure.truncate(label(of: i), fontSize: options.fontSize, maxWidth: b.x - a.x - 12)
                svg.text("text", [("x", (a.x + 8).svg), ("y", (a.y + options.fontSize + 4).svg),
                                  ("font-size", options.fontSize.svg), ("font-weight", "bold"), ("fill", "#44515e")], text)
            }
        }
        svg.close("g")
    }

    /// The edges; a style shared by every edge is written once on the group, the others on each path.
    private func drawEdges(shapes: [NodeShape], style: EdgeStyle, meter: WorkMeter, into svg: inout SVGWriter) throws {
        guard !scene.edges.isEmpty else { return }
        svg.open("g", [("class", "edges"), ("fill", "none")] + style.shared + [("stroke-opacity", options.edgeOpacity.svg)])
        for (k, edge) in scene.edges.enumerated() {
            try meter.charge()
            svg.element("path", [("d", route(edge, shapes).path)] + style.own(k))
        }
        svg.close("g")
    }

    private func route(_ edge: GraphScene.Edge, _ shapes: [NodeShape]) -> EdgeRoute {
        if edge.source == edge.target { return EdgeRoute(loopOn: shapes[edge.source]) }
        return EdgeRoute(type: options.edgeType, from: shapes[edge.source], to: shapes[edge.target],
                         sourceHandle: edge.sourceHandle, targetHandle: edge.targetHandle,
                         offset: options.edgeOffset, borderRadius: options.edgeBorderRadius)
    }

    /// Whether circle nodes get labels.
    private var circleLabels: Bool { SceneStyle.labelsShown(options, nodeCount: scene.nodes.count) }

    private func label(of i: Int) -> String { scene.nodes[i].label ?? scene.nodes[i].id }

    /// Circles and boxes, then the labels that fit.
    private func drawNodes(
        shapes: [NodeShape], fills: [String], strokes: [String], layout: SceneLayout, meter: WorkMeter, into svg: inout SVGWriter
    ) throws {
        let fs = options.fontSize
        var labels: [(text: String, at: SIMD2<Double>, colour: String, halo: Bool)] = []
        var placed: [WorldRect] = []
        svg.open("g", [("class", "nodes"), ("stroke-width", options.nodeStrokeWidth.svg)])
        for (i, node) in scene.nodes.enumerated() where !layout.isParent[i] {
            try meter.charge()
            let s = shapes[i]
            let stroke = strokes[i]
            if node.isBox {
                svg.element("rect", [("x", (s.center.x - s.halfWidth).svg), ("y", (s.center.y - s.halfHeight).svg),
                                     ("width", (2 * s.halfWidth).svg), ("height", (2 * s.halfHeight).svg),
                                     ("rx", "5"), ("fill", fills[i]), ("stroke", stroke)])
                if options.labels != .never {
                    let text = TextMeasure.truncate(label(of: i), fontSize: fs, maxWidth: 2 * s.halfWidth - 8)
                    labels.append((text, [s.center.x, s.center.y + fs * 0.35], Palette.textColour(on: fills[i]), false))
                }
            } else {
                var circle = [("cx", s.center.x.svg), ("cy", s.center.y.svg), ("r", s.halfWidth.svg),
                              ("fill", fills[i]), ("stroke", stroke)]
                let outline = outlineWidth(radius: s.halfWidth)
                if outline < options.nodeStrokeWidth { circle.append(("stroke-width", outline.svg)) }
                svg.element("circle", circle)
                guard circleLabels else { continue }
                let text = label(of: i)
                let w = TextMeasure.width(text, fontSize: fs)
                let baseline = s.center.y + s.halfHeight + fs + 1
                let box = WorldRect(minX: s.center.x - w / 2, minY: baseline - fs, maxX: s.center.x + w / 2, maxY: baseline + fs * 0.25)
                if options.labels == .auto && placed.contains(where: { $0.overlaps(box) }) { continue }
                placed.append(box)
                labels.append((text, [s.center.x, baseline], "#222222", true))
            }
        }
        svg.close("g")
        guard !labels.isEmpty else { return }
        svg.open("g", [("class", "labels"), ("font-size", fs.svg), ("text-anchor", "middle")])
        for (text, point, colour, halo) in labels {
            if halo {
                svg.text("text", [("x", point.x.svg), ("y", point.y.svg), ("fill", "none"), ("stroke", "#ffffff"),
                                  ("stroke-width", "3"), ("stroke-linejoin", "round"), ("stroke-opacity", "0.85")], text)
            }
            svg.text("text", [("x", point.x.svg), ("y", point.y.svg), ("fill", colour)], text)
        }
        svg.close("g")
    }

    /// Edge labels on a white plate at the middle of their edge.
    private func drawEdgeLabels(shapes: [NodeShape], into svg: inout SVGWriter) {
        let labelled = scene.edges.filter { !($0.label ?? "").isEmpty }
        guard !labelled.isEmpty else { return }
        let fs = options.fontSize * 0.9
        svg.open("g", [("class", "edge-labels"), ("font-size", fs.svg), ("text-anchor", "middle")])
        for edge in labelled {
            let p = route(edge, shapes).labelPoint
            let w = TextMeasure.width(edge.label!, fontSize: fs) + 8
            svg.element("rect", [("x", (p.x - w / 2).svg), ("y", (p.y - fs * 0.8).svg), ("width", w.svg),
                                 ("height", (fs * 1.6).svg), ("rx", "3"), ("fill", "#ffffff"), ("fill-opacity", "0.9")])
            svg.text("text", [("x", p.x.svg), ("y", (p.y + fs * 0.35).svg), ("fill", "#444444")], edge.label!)
        }
        svg.close("g")
    }
}
