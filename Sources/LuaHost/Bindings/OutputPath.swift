import CLuaShim
import GraphModel
import Foundation

/// The path a picture or page is written to: its extension may not name another picture or page format, so that
/// `fl.svg.graph(g, "x.png")` is refused rather than writing SVG into a file every viewer takes for a PNG. In a
/// notebook (the state's `InlineDisplay.sink`) the picture is also shown, and no path means it is only shown.
enum OutputPath {
    /// Picture and page formats by their file extensions.
    private static let formats: [String: String] = [
        "svg": "SVG", "png": "PNG", "jpg": "JPEG", "jpeg": "JPEG", "gif": "GIF", "webp": "WebP", "bmp": "BMP",
        "tif": "TIFF", "tiff": "TIFF", "pdf": "PDF", "eps": "EPS", "ps": "PostScript", "html": "HTML", "htm": "HTML",
        "svgz": "gzip-compressed SVG",
    ]

    /// Argument `n` as the path of a file the caller writes in `format` ("SVG" or "HTML", whose extension is
    /// `ext`); a path whose extension names another format is refused. Nil in a notebook when none is given;
    /// elsewhere a missing path (or a table in its place: the options given first) is refused saying why.
    static func argument(_ arguments: LuaArguments, _ n: Int32, writing format: String, ext: String) throws -> String? {
        let L = arguments.L
        if InlineDisplay.sink(L) != nil {
            if arguments.isNil(n) { return nil }
        } else if arguments.isNil(n) || lua_type(L, n) == LUA_TTABLE {
            let got = lua_type(L, n) == LUA_TNONE ? "no value" : LuaValues.typeName(L, n)
            throw arguments.error(n, "the path of the .\(ext) file to write expected, got \(got): only a notebook shows \(format) without writing a file")
        }
        let path = try arguments.path(n)
        let named = URL(fileURLWithPath: path).pathExtension
        if let other = formats[named.lowercased()], other != format {
            let advice = other == "PNG" && format == "SVG" ? " (rsvg-convert makes a PNG of it)" : ""
            throw arguments.error(n, "'\(path)' ends in .\(named), the extension of \(other) files, but this writes \(format): give a path ending in .\(ext)\(advice)")
        }
        return path
    }

    /// Writes `text` atomically to `path` when there is one, a failure named after the call `function`; in a
    /// notebook (the state `L` is in one), also shows it as `mimeType` (a picture written by a cell appears below it,
    /// as the file it wrote).
    static func deliver(_ text: String, to path: String?, as mimeType: String, by function: String, in L: OpaquePointer) throws {
        if let path { try FileCallErrors.naming(function) { try AtomicFile.write(text, to: path) } }
        try InlineDisplay.sink(L)?(mimeType, text, nil, false)
    }

    /// In a notebook, `f(spec)` for `f(path, spec)` (a picture made from a table only): a nil path is put before it.
    static func pathOmitted(_ L: OpaquePointer) {
        guard InlineDisplay.sink(L) != nil, lua_type(L, 1) == LUA_TTABLE else { return }
        lua_pushnil(L)
        lua_rotate(L, 1, 1)
    }
}
