import CLuaShim
import DataTables
import ForceSimulation
import GraphLayout
import GraphModel
import LiveServer
import Render

/// One simulation served to live pages (`fl.live`): it applies what the pages send (drags, force options and
/// switches, settings, pause, step, reheat, end), ticks the simulation as d3's timer does (while warm or
/// restarted, at most `fps` ticks a second, every tick computed and sent as a frame), and sends the scene when
/// nodes, edges or styles change, the controls when a force or a setting changes (whoever changed it) and the
/// layout's metrics once cool. It runs only on the thread that owns the Lua state, between the session's calls;
/// the server's thread only carries bytes. The protocol is docs/live.md's.
final class LiveSession {
    let simulation: SimulationHandle
    let server: LiveServer
    /// Seconds between ticks at most `fps` a second.
    let interval: Double
    /// The `fl.live` options table, read again (its style functions called again) for each new scene: the
    /// session's own (kept in the registry, let go with the session), so it draws with them as long as it serves,
    /// also once Lua no longer reaches its simulation.
    private let styleOptions: LuaReference?
    /// d3's timer: on until the layout cools, on again when restarted (a drag, a reheat, a change from a page).
    var running = true
    /// Paused from a page: no ticks until resumed (Step still ticks once).
    var paused = false
    /// Set when a page sends End (`fl.live(sim, {wait = true})` returns).
    var ended = false
    /// The forces switched off from a page, kept to be put back as they were.
    var switchedOff: [String: ScriptForce] = [:]
    /// The forces' names in the order the panel lists them (first seen first).
    private var forceOrder: [String] = []
    var held: Set<String> = []
    private var nextTickAt = 0.0
    private var lastFrameAt = -Double.infinity
    /// The tick count of the last frame sent to every page.
    private var ticksFramed = -1
    /// What the last scene was made from (the graph's structure and the layout's count of outside edits).
    var sceneMadeFrom: [Int] = []
    /// The node ids in the last scene's order: a page's node index means this node.
    var sceneNodes: [String] = []
    private var lastControls = ""
    /// The last scene message sent to every page.
    private var lastScene = ""
    private var metricsSent = false

    init(simulation: SimulationHandle, server: LiveServer, framesPerSecond: Double, styleOptions: LuaReference?) {
        self.simulation = simulation
        self.server = server
        interval = 1 / framesPerSecond
        self.styleOptions = styleOptions
    }

    /// Whether `stop` ended the session.
    private(set) var isStopped = false

    /// Stops serving; the pages see their socket close.
    func stop() {
        isStopped = true
        server.stop()
    }

    /// Pauses the session after a turn failed (a Lua force's error), telling its pages why.
    func pauseAfter(_ error: Error) {
        paused = true
        server.send(text: LiveServer.errorMessage("the simulation is paused: \(error)"))
    }

    /// Whether the timer ticks now: warm or restarted, not paused, and a page watching.
    private var ticking: Bool { running && !paused && !server.clients.isEmpty }

    /// When the session next needs a turn (seconds on `MonotonicClock`), or nil while only a page can wake it.
    var nextTurn: Double? {
        ticking ? nextTickAt : nil
    }

    // MARK: A turn

    /// One turn on the Lua thread `L` (inside a binding): takes the pages' messages, sends what changed, ticks when
    /// due. A message refused is answered with an error message to its page.
    func turn(_ L: OpaquePointer) throws {
        for event in server.takeEvents() {
            switch event {
            case .connected(let client):
                try welcome(client, L)
            case .message(let client, let text):
                do {
                    try apply(text, L)
                } catch {
                    server.send(text: LiveServer.errorMessage("\(error)"), to: client)
                }
            case .disconnected:
                break
            }
        }
        try publishChanges(L)
        let now = MonotonicClock.seconds()
        if ticking && now >= nextTickAt {
            nextTickAt = now + interval
            try tick(L)
        }
        // Ticks the session made itself (sim:tick, the end of a sim:run between frames) show too.
        if simulation.layout.ticksDone != ticksFramed { sendFrame(now: now) }
    }

    /// Called after each tick of the session's own `sim:run`: a frame at most `fps` a second, and the pages'
    /// messages applied between ticks.
    func afterSessionTick(_ L: OpaquePointer) throws {
        let now = MonotonicClock.seconds()
        guard now >= lastFrameAt + interval else { return }
        for event in server.takeEvents() {
            if case .message(let client, let text) = event {
                do { try apply(text, L) } catch { server.send(text: LiveServer.errorMessage("\(error)"), to: client) }
            } else if case .connected(let client) = event {
                try welcome(client, L)
            }
        }
        try publishChanges(L)
        sendFrame(now: now)
    }

    /// d3's `restart`: the timer ticks again.
    func restart() {
        running = true
        metricsSent = false
    }

    /// Warms the layout to at least `alpha` and restarts it (after a change from a page, as d3's examples do).
    func reheat(to alpha: Double) {
        let engine = simulation.layout.simulation
        engine.alpha = max(engine.alpha, alpha)
        restart()
    }

    /// One tick now, paused or not (a page's Step).
    func stepOnce(_ L: OpaquePointer) throws {
        try tick(L)
    }

    /// Runs an edit the session makes for a page (a drag's fx/fy): it changes no styles, so it makes no new scene
    /// unless the graph had changed already.
    func ownEdit(_ edit: () throws -> Void) throws {
        let layout = simulation.layout
        try layout.synchronize()
        let current = madeFrom == sceneMadeFrom
        try edit()
        try layout.synchronize()
        if current { sceneMadeFrom = madeFrom }
    }

    /// A new page gets the last scene (made again only when the graph changed since), the controls as they are
    /// now, the metrics when the layout is cool, and the positions now, so it draws the graph at once whether the
    /// simulation ticks, is paused or has cooled.
    private func welcome(_ client: LiveServer.ClientID, _ L: OpaquePointer) throws {
        try publishChanges(L)
        server.send(text: lastScene, to: client, dropsPositions: true)
        server.send(text: lastControls, to: client)
        if metricsSent, let metrics = try? metricsText() { server.send(text: metrics, to: client) }
        server.send(positions: frameBytes(), to: client)
    }

    /// One tick as d3's timer makes it (tick handlers called, the end handlers when it cools), then its frame.
    private func tick(_ L: OpaquePointer) throws {
        let layout = simulation.layout
        let outcome = try simulation.running(in: L) {
            try layout.run(maxTicks: 1, check: { try LuaLimits.check(L, cost: layout.graph.nodeCount + layout.graph.edgeCount) })
        }
        try publishChanges(L)
        sendFrame(now: MonotonicClock.seconds())
        if outcome == .converged {
            running = false
            if !metricsSent, let metrics = try? metricsText() {
                server.send(text: metrics)
                metricsSent = true
            }
        }
    }

    /// Sends the positions to every page as one frame (`frameBytes`).
    private func sendFrame(now: Double) {
        lastFrameAt = now
        ticksFramed = simulation.layout.ticksDone
        server.send(positions: frameBytes())
    }

    /// The positions as one binary frame: `[tick, alpha, x0, y0, (z0,) ...]`, little-endian Float64, in the last
    /// scene's order.
    private func frameBytes() -> [UInt8] {
        let engine = simulation.layout.simulation
        let kinetics = engine.kinetics
        let three = engine.dimensions == 3
        var values: [Double] = [Double(simulation.layout.ticksDone), engine.alpha]
        values.reserveCapacity(2 + kinetics.count * (three ? 3 : 2))
        for i in 0..<kinetics.count {
            values.append(kinetics.x[i])
            values.append(kinetics.y[i])
            if three { values.append(kinetics.z[i]) }
        }
        var bytes = [UInt8](repeating: 0, count: values.count * 8)
        bytes.withUnsafeMutableBytes { raw in
            for (i, value) in values.enumerated() { raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: i * 8, as: UInt64.self) }
        }
        return bytes
    }

    // MARK: What changed

    /// Sends the scene when the graph's nodes, edges or data changed since the last one (from the session, a handler
    /// or a drag), and the controls when a force or a setting did.
    private func publishChanges(_ L: OpaquePointer) throws {
        let layout = simulation.layout
        try layout.synchronize()
        if madeFrom != sceneMadeFrom {
            lastScene = try sceneText(L)
            server.send(text: lastScene, dropsPositions: true)
            // The positions in the new scene's order, so the pages draw it even while nothing ticks.
            server.send(positions: frameBytes())
            metricsSent = false
            running = running || simulation.layout.simulation.alpha >= simulation.layout.simulation.alphaMin
        }
        let controls = controlsText()
        if controls != lastControls {
            lastControls = controls
            server.send(text: controls)
        }
        // Cooled, yet alpha is at least alphaMin again: the session set it (sim:alpha(1)), so d3's restart.
        let engine = layout.simulation
        if !running && engine.alpha >= engine.alphaMin { restart() }
    }

    private var madeFrom: [Int] { [simulation.layout.graph.structureVersion, simulation.layout.editsSeen] }

    /// The scene message: nodes with their styles (as `fl.svg.graph` resolves them from `fl.live`'s options),
    /// edges, forces and settings.
    private func sceneText(_ L: OpaquePointer) throws -> String {
        let layout = simulation.layout
        let ids = try layout.nodesInIndexOrder()
        let arguments = LuaArguments(L, function: "fl.live")
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let styleOptions { styleOptions.push(L) } else { lua_createtable(L, 0, 0) }
        // The table is `fl.live`'s argument 2, as its errors say.
        let options = try OptionsReader(LuaTableReader(arguments, tableAt: lua_gettop(L), argument: 2), LiveOptions.table)
        let settings = try GraphPictureOptions.settings.read(options, styling: .init(graph: simulation.graph))
        let scene = try GraphScene(graph: layout.graph, group: settings.group)
        let style = try SceneStyle(scene: scene, options: settings)
        let labelled = SceneStyle.labelsShown(settings, nodeCount: scene.nodes.count)
        var position: [String: Int] = [:]
        for (i, node) in scene.nodes.enumerated() { position[node.id] = i }
        let nodes: [JSONValue] = ids.map { id in
            let i = position[id]!
            var fields = [JSONField("id", .string(id)), JSONField("radius", .number(style.radii[i])),
                          JSONField("fill", .string(style.fills[i])), JSONField("stroke", .string(style.strokes[i]))]
            if labelled { fields.append(JSONField("label", .string(scene.nodes[i].label ?? id))) }
            return .object(fields)
        }
        let order = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let edges: [JSONValue] = scene.edges.enumerated().map { k, edge in
            .object([
                JSONField("source", .number(Double(order[scene.nodes[edge.source].id]!))),
                JSONField("target", .number(Double(order[scene.nodes[edge.target].id]!))),
                JSONField("stroke", .string(style.edgeColours[k])), JSONField("width", .number(style.edgeWidths[k])),
                JSONField("opacity", .number(settings.edgeOpacity)),
            ])
        }
        sceneNodes = ids
        sceneMadeFrom = madeFrom
        return JSONValue.object([
            JSONField("type", .string("scene")), JSONField("dimensions", .number(Double(layout.simulation.dimensions))),
            JSONField("nodes", .array(nodes)), JSONField("edges", .array(edges)),
            JSONField("strokeWidth", .number(settings.nodeStrokeWidth)),
            JSONField("forces", forcesJSON()), JSONField("simulation", settingsJSON()),
        ]).text
    }

    /// The controls message, without alpha (it moves every tick, and every frame carries it), so the same text
    /// means nothing changed.
    private func controlsText() -> String {
        JSONValue.object([
            JSONField("type", .string("controls")), JSONField("forces", forcesJSON()),
            JSONField("simulation", settingsJSON(withAlpha: false)),
        ]).text
    }

    /// Every force, on or off, in the panel's order, with its options' values (infinities as "inf", values given
    /// as functions or edge lists as null).
    private func forcesJSON() -> JSONValue {
        let active = simulation.layout.forceNames
        for name in active + switchedOff.keys.sorted() where !forceOrder.contains(name) { forceOrder.append(name) }
        forceOrder.removeAll { !active.contains($0) && switchedOff[$0] == nil }
        for name in active where switchedOff[name] != nil { switchedOff[name] = nil }
        return .array(forceOrder.map { name in
            let enabled = active.contains(name)
            var force: BuiltInForce?
            if case .builtIn(let builtIn)? = enabled ? simulation.forces[name] : switchedOff[name] { force = builtIn }
            var options: [JSONField] = []
            if let force {
                options = force.kind.table.options.map { option in
                    JSONField(option.name, Self.json(force.given[option.name] ?? option.givenDefault, default: option.numericDefault))
                }
            }
            return .object([
                JSONField("name", .string(name)), JSONField("kind", .string(force?.kind.name ?? "lua")),
                JSONField("enabled", .bool(enabled)), JSONField("options", .object(options)),
            ])
        })
    }

    private static func json(_ value: ForceValue?, default fallback: Double?) -> JSONValue {
        switch value {
        case .number(let number)?: return number.isInfinite ? .string(number > 0 ? "inf" : "-inf") : .number(number)
        case .field(let field)?, .choice(let field)?: return .string(field)
        case .boolean(let value)?: return .bool(value)
        case .vector(let numbers)?: return .array(numbers.map(JSONValue.number))
        case .function?, .ids?: return .null
        case nil: return fallback.map { $0.isInfinite ? .string($0 > 0 ? "inf" : "-inf") : .number($0) } ?? .null
        }
    }

    private func settingsJSON(withAlpha: Bool = true) -> JSONValue {
        let engine = simulation.layout.simulation
        var fields: [JSONField] = withAlpha ? [JSONField("alpha", .number(engine.alpha))] : []
        fields += [
            JSONField("alphaMin", .number(engine.alphaMin)), JSONField("alphaTarget", .number(engine.alphaTarget)),
            JSONField("alphaDecay", .number(engine.alphaDecay)), JSONField("velocityDecay", .number(engine.velocityDecay)),
            JSONField("paused", .bool(paused)),
        ]
        return .object(fields)
    }

    /// The metrics message: `fl.metrics`' figures for the positions now.
    private func metricsText() throws -> String {
        let scene = try GraphScene(graph: simulation.layout.graph, group: nil)
        let result = try Metrics.measure(
            positions: scene.nodes.map { SIMD2($0.x, $0.y) }, edges: scene.edges.map { ($0.source, $0.target) },
            ids: scene.nodes.map(\.id))
        let figures = result.pairs.map { JSONField($0.name, .number($0.value)) }
        return JSONValue.object([JSONField("type", .string("metrics")), JSONField("figures", .object(figures))]).text
    }
}
