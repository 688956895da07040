import CLuaShim
import Foundation
import GraphModel
import Render

/// The Lua face of recordings (`sim:record`), the HTML replay and terminal previews.
enum RecordingLua {
    static let metatable = "forcelab.Recording"

    /// Registers the metatable, `html = {replay}` in the module table on top of the stack, `sim:record` and `g:show`.
    static func register(_ L: OpaquePointer) {
        LuaObject.register(L, name: metatable, methods: [
            ("series", series), ("ticks", ticks), ("stop", stop), ("frameCount", frameCount),
        ], metamethods: [("__tostring", describe)])
        lua_createtable(L, 0, 1)
        LuaBinding.set(L, table: -1, "replay", replay)
        lua_setfield(L, -2, "html")
        addMethod(L, SimulationLua.metatable, "record", record)
        addMethod(L, GraphLua.metatable, "show", show)
    }

    private static func addMethod(_ L: OpaquePointer, _ metatable: String, _ name: String, _ function: LuaFunction) {
        _ = fl_getmetatable_named(L, metatable)
        lua_getfield(L, -1, "__index")
        LuaBinding.set(L, table: -1, name, function)
        fl_pop(L, 2)
    }

    private static func recording(_ arguments: LuaArguments) throws -> LuaRecording {
        try arguments.object(1, LuaRecording.self, name: "Recording")
    }

    /// `sim:record([{frames = true, every = 1, values = {name = function(sim) ... end}}])`: starts recording after
    /// every tick; returns the recording.
    static let record: LuaFunction = { L in
        LuaBinding.run(L, "record") { arguments in
            try SimulationLua.running(arguments) { simulation in
                let options = try LuaTableReader(arguments, 2, optional: true)
                let L = arguments.L
                var custom: [(name: String, reference: LuaReference)] = []
                if options.push("values") == LUA_TTABLE {
                    let table = lua_gettop(L)
                    lua_pushnil(L)
                    while lua_next(L, table) != 0 {
                        guard let name = LuaValues.string(L, -2), lua_type(L, -1) == LUA_TFUNCTION else {
                            throw arguments.error(2, "field 'values': name = function(sim) pairs expected")
                        }
                        custom.append((name: name, reference: LuaReference(L, -1, owner: simulation)))
                        fl_pop(L, 1)
                    }
                    custom.sort { $0.name < $1.name }
                } else if lua_type(L, -1) != LUA_TNIL {
                    throw options.fieldError("values", expected: "table")
                }
                fl_pop(L, 1)
                try simulation.pullFromGraph()
                let recording = LuaRecording(
                    graph: simulation.graph.graph, nodeIds: simulation.nodeIds, keepsFrames: options.boolean("frames") ?? true,
                    every: try options.integer("every") ?? 1, custom: custom)
                simulation.recordings.append(recording)
                LuaObject.push(L, recording, metatable: metatable)
                return 1
            }
        }
    }

    static let describe: LuaFunction = { L in
        LuaBinding.run(L, "tostring") { arguments in
            let recording = try recording(arguments)
            LuaValues.push(arguments.L, "Recording(\(recording.ticks.count) ticks, \(recording.frames.count) frames, series: \(recording.seriesNames.joined(separator: ", ")))")
            return 1
        }
    }

    static let series: LuaFunction = { L in
        LuaBinding.run(L, "series") { arguments in
            let recording = try recording(arguments)
            let name = try arguments.string(2)
            guard let values = recording.series(name) ?? (recording.seriesNames.contains(name) ? [] : nil) else {
                throw arguments.error(2, "no series '\(name)' (\(recording.seriesNames.joined(separator: ", ")))")
            }
            LuaValues.push(arguments.L, .array(values.map(DataValue.number)))
            return 1
        }
    }

    static let ticks: LuaFunction = { L in
        LuaBinding.run(L, "ticks") { arguments in
            LuaValues.push(arguments.L, .array(try recording(arguments).ticks.map { .number(Double($0)) }))
            return 1
        }
    }

    static let frameCount: LuaFunction = { L in
        LuaBinding.run(L, "frameCount") { arguments in
            lua_pushinteger(arguments.L, lua_Integer(try recording(arguments).frames.count))
            return 1
        }
    }

    static let stop: LuaFunction = { L in
        LuaBinding.run(L, "stop") { arguments in
            try recording(arguments).isRecording = false
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    /// `forcelab.html.replay(recording, path [, options])`: one self-contained HTML file (options: `ReplayOptions`).
    static let replay: LuaFunction = { L in
        LuaBinding.run(L, "replay") { arguments in
            let recording = try recording(arguments)
            let path = try arguments.string(2)
            let options = try OptionsReader(arguments, 3, ReplayOptions.table)
            guard !recording.frames.isEmpty else { throw arguments.error(1, "the recording has no frames (run the simulation after sim:record)") }
            var settings = Replay.Options()
            settings.title = try options.string("title")
            settings.framesPerSecond = try options.number("fps")
            settings.nodeRadius = try options.number("radius")
            settings.palette = try options.choice("palette", as: Palette.Name.self).colours
            try Replay(recording: recording.replay, options: settings).write(to: path)
            return 0
        }
    }

    /// `g:show([columns, rows])`: prints the layout in braille dots, sized to the terminal by default.
    static let show: LuaFunction = { L in
        LuaBinding.run(L, "show") { arguments in
            let graph = try GraphLua.graph(arguments).graph
            let size = TerminalSize.current()
            let columns = try arguments.integer(2, default: size.columns)
            let rows = try arguments.integer(3, default: max(4, size.rows - 2))
            let points = try GraphPoints(graph)
            let text = try BrailleCanvas.preview(positions: points.positions, edges: points.edges, columns: columns, rows: rows)
            FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
            return 0
        }
    }
}
