import CLuaShim
import DataTables
import Foundation
import LivePage
import LiveServer

/// The Lua face of live pages: `fl.live(sim [, options])` serves a page connected to the running simulation and
/// returns its URL; `fl.live.stop(sim)` ends it. The sessions' turns between the session's calls are `LiveTurns`'.
enum LiveBindings {
    /// `fl.live` and `fl.live.stop`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("live", live, "(sim: Simulation, options?: table): string", "serves a live page of the simulation (drag nodes, switch forces, move their options) and returns its URL", options: [LiveOptions.table]),
        .init("live.stop", stop, "(sim: Simulation): boolean", "ends the simulation's live page; false when it had none"),
    ]

    /// What the server serves: the page's files, and `/api.json`, the Lua API's description its panel is made from.
    static let page: LiveServer.Page = { path in
        path == "/api.json" ? ("application/json", apiDescription) : LivePage.file(path)
    }

    /// The height in pixels of the frame a notebook shows the page in.
    static let pageHeight = 640

    /// `forcelab --api` less the command lines (the panel needs the functions and their options).
    private static let apiDescription = Array(LuaAPIDescription.json(commandLine: .null).text.utf8)

    /// `fl.live(sim [, options])`.
    static let live: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let L = arguments.L
            let simulation = try SimulationBindings.simulation(arguments)
            let settings = try LiveOptions.settings.read(OptionsReader(arguments, 2, LiveOptions.table))
            let context = LuaContext.of(L)
            guard context.liveAllowed else {
                throw LuaError("fl.live: refused in the sandbox (forcelab --sandbox --allow-live lets a script serve a live page)")
            }
            let session = try context.liveSessions.first { $0.simulation === simulation }
                ?? start(simulation, settings, arguments)
            if settings.waits {
                try simulation.running(in: L) { try wait(for: session, L) }
                end(session, in: context)
            }
            LuaValues.push(L, session.server.url)
            return 1
        }
    }

    /// A new session for `simulation`: its server listening, its first scene made (so a style that fails, fails
    /// here); in a notebook the page shown inline (an iframe of the URL), else the URL on standard error when
    /// standard output is no terminal or the call waits (a script waiting has no other way to say where to look).
    private static func start(_ simulation: SimulationHandle, _ settings: LiveSettings, _ arguments: LuaArguments) throws -> LiveSession {
        let L = arguments.L
        let server: LiveServer
        do {
            server = try LiveServer(host: settings.host, port: settings.port, page: page)
        } catch let error as LiveServerError {
            throw LuaError("fl.live: \(error)")
        }
        let styles = arguments.isNil(2) ? nil : LuaReference(L, 2)
        let session = LiveSession(simulation: simulation, server: server, framesPerSecond: settings.framesPerSecond, styleOptions: styles)
        do {
            try simulation.running(in: L) { try session.turn(L) }
        } catch {
            server.stop()
            throw error
        }
        LuaContext.of(L).liveSessions.append(session)
        simulation.live = session
        if let sink = InlineDisplay.sink(L) {
            try sink("text/html", "<iframe src=\"\(server.url)\" style=\"width: 100%; height: \(pageHeight)px; border: 0\"></iframe>", nil, false)
        } else if isatty(STDOUT_FILENO) == 0 || settings.waits {
            FileHandle.standardError.write(Data("fl.live: \(server.url)\n".utf8))
        }
        return session
    }

    /// Turns the session until a page sends End, `fl.live.stop` ends it (from a handler) or Ctrl-C; a limit
    /// reached is the call's error.
    private static func wait(for session: LiveSession, _ L: OpaquePointer) throws {
        while !session.ended && !session.isStopped {
            if fl_interrupted(L) != 0 {
                fl_clear_interrupt(L)
                return
            }
            try LuaLimits.check(L, cost: 1)
            try session.turn(L)
            LiveTurns.waitForInput([session.server.wakeupDescriptor], until: session.nextTurn, atMost: 0.05)
        }
    }

    /// Stops a session and forgets it.
    static func end(_ session: LiveSession, in context: LuaContext) {
        session.stop()
        context.liveSessions.removeAll { $0 === session }
        if session.simulation.live === session { session.simulation.live = nil }
    }

    /// `fl.live.stop(sim)`.
    static let stop: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let simulation = try SimulationBindings.simulation(arguments)
            let context = LuaContext.of(arguments.L)
            let session = context.liveSessions.first { $0.simulation === simulation }
            if let session { end(session, in: context) }
            lua_pushboolean(arguments.L, session == nil ? 0 : 1)
            return 1
        }
    }
}
