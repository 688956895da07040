import CLuaShim
import Foundation
import GraphLayout
import GraphModel

/// `fl.display(value [, options])`: shows a value in a notebook (`forcelab kernel`). A graph is drawn as
/// `fl.svg.graph(value, options)` draws it, a recording plays as `fl.html.replay(value, options)`; a string naming
/// an .svg, .png, .jpg, .gif or .html file shows the file, a string of SVG or HTML markup shows itself, anything else
/// its text.
enum DisplayBindings {
    /// `fl.display`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("display", display, "(value: any, options?: table)", "shows a value in a notebook (forcelab kernel): a graph's picture, a recording's replay, a picture file, markup or text", options: [GraphPictureOptions.table, ReplayOptions.table]),
    ]

    /// The MIME types of the files `fl.display` shows, by extension; the images among them travel as base64.
    private static let fileTypes: [String: String] = [
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "html": "text/html", "htm": "text/html",
    ]

    /// The picture or page the value at `index` displays as, for a notebook's results: a graph's SVG (as
    /// `fl.svg.graph` draws it by default), a recording's replay page; nil for other values.
    static func picture(_ L: OpaquePointer, at index: Int32) throws -> (mimeType: String, text: String)? {
        let function: LuaFunction
        if LuaObject.get(L, index, GraphHandle.self) != nil {
            function = PictureBindings.graph
        } else if LuaObject.get(L, index, LayoutRecording.self) != nil {
            function = RecordingBindings.replay
        } else {
            return nil
        }
        var shown: (mimeType: String, text: String)?
        try InlineDisplay.with({ type, text, _, _ in shown = (type, text) }, in: L) {
            lua_pushnil(L)
            try drawn(by: function, L, value: lua_absindex(L, index), options: lua_gettop(L))
            fl_pop(L, 1)
        }
        return shown
    }

    static let display: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            guard let sink = InlineDisplay.sink(arguments.L) else {
                throw LuaError("fl.display shows a value in a notebook (forcelab kernel); a script writes a file instead, such as fl.svg.graph(g, path)")
            }
            let L = arguments.L
            lua_settop(L, 2)
            if LuaObject.get(L, 1, GraphHandle.self) != nil {
                try drawn(by: PictureBindings.graph, L, value: 1, options: 2)
            } else if LuaObject.get(L, 1, LayoutRecording.self) != nil {
                try drawn(by: RecordingBindings.replay, L, value: 1, options: 2)
            } else if let text = LuaValues.string(L, 1) {
                guard arguments.isNil(2) else { throw arguments.error(2, "options are for a graph or a recording, not a string") }
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if let type = fileTypes[URL(fileURLWithPath: text).pathExtension.lowercased()], !trimmed.hasPrefix("<") {
                    try sink(type, try contents(of: try arguments.path(1), type: type, arguments), nil, false)
                } else if trimmed.hasPrefix("<svg") || trimmed.hasPrefix("<?xml") {
                    try sink("image/svg+xml", text, nil, false)
                } else if trimmed.hasPrefix("<") {
                    try sink("text/html", text, nil, false)
                } else {
                    try sink("text/plain", text, nil, false)
                }
            } else {
                try sink("text/plain", LuaValues.describe(L, 1), nil, false)
            }
            return 0
        }
    }

    /// Calls the picture binding `function` with the value at `value`, no path and the options at `options`, so it
    /// shows its picture.
    private static func drawn(by function: LuaFunction, _ L: OpaquePointer, value: Int32, options: Int32) throws {
        LuaBinding.push(L, function)
        lua_pushvalue(L, value)
        lua_pushnil(L)
        lua_pushvalue(L, options)
        guard fl_pcall(L, 3, 0) == LUA_OK else {
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 1)
            throw LuaError(message.components(separatedBy: "\nstack traceback:\n")[0], isLocated: true)
        }
    }

    /// The file at `path` as the display carries it (text, or base64 for an image), read where the sandbox allows.
    private static func contents(of path: String, type: String, _ arguments: LuaArguments) throws -> String {
        try FileAccess.checkRead(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw arguments.error(1, "cannot read '\(path)'")
        }
        return type.hasPrefix("image/") && type != "image/svg+xml" ? data.base64EncodedString() : String(decoding: data, as: UTF8.self)
    }
}
