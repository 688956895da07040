import CLuaShim
import Foundation
import GraphLayout
import GraphModel
import Render

/// The Lua face of recordings (`sim:record`), the HTML replay and terminal previews.
enum RecordingBindings {
    static let metatable = "forcelab.Recording"

    /// The Lua type of recordings.
    static let type = LuaTypeDeclaration(
        "Recording", metatable: metatable, receiver: "rec", "what sim:record keeps after every tick", methods: [
            .init("series", series, "(name: string): number[]", "the values of a recorded series, one per tick", reads: 1...1),
            .init("ticks", ticks, "(): integer", "the ticks recorded", reads: 0...0),
            .init("stop", stop, "(): Recording", "stops recording"),
            .init("frameCount", frameCount, "(): integer", "the frames of positions kept", reads: 0...0),
        ], metamethods: [("__tostring", describe)])

    /// `fl.html.replay`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("html.replay", replay, "(recording: Recording, path: string, options?: table)", "writes one self-contained HTML file that plays the recording", options: [ReplayOptions.table]),
    ]

    /// `g:show`, a graph's method declared here beside its binding.
    static let showDeclaration = LuaFunctionDeclaration(
        "show", show, "(columns?: integer|table, rows?: integer)", "prints the layout in braille dots, sized to the terminal", options: [ShowOptions.table])

    private static func recording(_ arguments: LuaArguments) throws -> LayoutRecording {
        try arguments.object(1, LayoutRecording.self, name: "Recording")
    }

    static let describe: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "tostring") { arguments in
            let recording = try recording(arguments)
            LuaValues.push(arguments.L, "Recording(\(recording.ticks.count) ticks, \(recording.frameTicks.count) frames, series: \(recording.seriesNames.joined(separator: ", ")))")
            return 1
        }
    }

    static let series: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let recording = try recording(arguments)
            let name = try arguments.string(2)
            guard let values = recording.series(name) else {
                throw arguments.error(2, "no series '\(name)' (\(recording.seriesNames.joined(separator: ", ")))")
            }
            LuaValues.push(arguments.L, .array(values.map(DataValue.number)))
            return 1
        }
    }

    static let ticks: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            LuaValues.push(arguments.L, .array(try recording(arguments).ticks.map { .number(Double($0)) }))
            return 1
        }
    }

    static let frameCount: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            lua_pushinteger(arguments.L, lua_Integer(try recording(arguments).frameTicks.count))
            return 1
        }
    }

    static let stop: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            try recording(arguments).stop()
            return arguments.returningFirst()
        }
    }

    /// `forcelab.html.replay(recording, path [, options])`: one self-contained HTML file (options: `ReplayOptions`).
    static let replay: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let recording = try recording(arguments)
            let path = try OutputPath.argument(arguments, 2, writing: "HTML", ext: "html")
            let options = try OptionsReader(arguments, 3, ReplayOptions.table)
            guard !recording.frameTicks.isEmpty, recording.keepsFrames else { throw arguments.error(1, "the recording has no frames (run the simulation after sim:record)") }
            let graph = recording.graph
            let recorded = ElementStyles.Elements(graph: GraphHandle(graph, in: arguments.L), nodeIds: recording.ids, edgeIds: recording.edgeIds)
            let settings = try ReplayOptions.settings.read(options, styling: recorded)
            var frames = Replay.Recording(
                ids: recording.ids, data: recording.dataText, groups: recording.groups, edges: recording.edges,
                frames: recording.frames, ticks: recording.frameTicks)
            frames.styledNodes = recording.ids.map { GraphScene.Node(id: $0, x: 0, y: 0, data: graph.node($0)?.data ?? [:]) }
            frames.styledEdges = zip(recording.edges, recording.edgeIds).map { ends, id in
                GraphScene.Edge(source: ends.0, target: ends.1, id: id, data: graph.edge(id)?.data ?? [:])
            }
            frames.fixed = recording.frameFixed
            let alpha = recording.series("alpha") ?? [], energy = recording.series("energy") ?? []
            frames.cooling = [(recording.frameTicks[0], recording.start.alpha, recording.start.energy)]
                + zip(recording.ticks, zip(alpha, energy)).map { ($0, $1.0, $1.1) }
            let page: String
            do {
                page = try Replay(recording: frames, options: settings).html(check: LuaLimits.checker(arguments.L))
            } catch let error as RenderError {
                guard let setting = error.setting else { throw error }
                throw arguments.error(3, "field '\(setting)': \(error.problem)")
            }
            try OutputPath.deliver(page, to: path, as: "text/html", by: "fl.html.replay", in: arguments.L)
            return 0
        }
    }

    /// `g:show([columns, rows])` or `g:show{columns =, rows =, labels =}`: prints the layout in braille, sized to
    /// the terminal by default, nodes told from edges (in colour on a terminal that has it), a few nodes labelled.
    static let show: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let handle = try GraphBindings.graph(arguments)
            var size = PreviewSettings()
            if lua_type(arguments.L, 2) == LUA_TTABLE {
                size = try ShowOptions.settings.read(OptionsReader(arguments, 2, ShowOptions.table), styling: ElementStyles.Elements(graph: handle))
            } else {
                // The positional form, checked against the same declarations as the table's.
                for (n, name, side) in [(Int32(2), "columns", \PreviewSettings.columns), (3, "rows", \PreviewSettings.rows)] {
                    guard !arguments.isNil(n) else { continue }
                    let value = try arguments.integer(n)
                    if let refusal = ShowOptions.table.option(name)?.refusal(of: Double(value)) { throw arguments.error(n, "\(name): \(refusal)") }
                    size[keyPath: side] = value
                }
            }
            let sides = size.resolved(in: TerminalSize.current())
            var preview = GraphPreview(columns: sides.columns, rows: sides.rows)
            preview.labels = size.labels
            preview.colour = TerminalColour.onStandardOutput
            let text = try preview.text(of: handle.graph, check: LuaLimits.checker(arguments.L))
            try StandardStream.writeOutput(text.hasSuffix("\n") ? text : text + "\n")
            return 0
        }
    }
}
