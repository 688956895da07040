/// A luacheck standard for forcelab's globals: `fl` and `forcelab` with every field of the module, read-only, so
/// luacheck flags a misspelt function (`fl.graph.genrate`) as well as an assignment into the module; a table of
/// data (`fl.graph.generators`) may be indexed freely.
public enum LuacheckStandard {
    /// The standard as a Lua file returning its table (`stds.forcelab = dofile(...)` in a `.luacheckrc`).
    public static func file(_ source: DefinitionsSource) -> String {
        let module = fields(source, below: "", indent: "      ")
        return """
            -- luacheck standard for forcelab's globals, written by `forcelab --definitions` (docs/editors.md). In a .luacheckrc:
            --   stds.forcelab = dofile("/usr/share/forcelab/luacheck/forcelab.lua")
            --   std = "lua54+forcelab"
            local module = {
              fields = {
            \(module)
              },
            }
            return {read_globals = {fl = module, forcelab = module}}

            """
    }

    /// The entries of the fields below `prefix` (a module table's path and a dot, or nothing for the module).
    private static func fields(_ source: DefinitionsSource, below prefix: String, indent: String) -> String {
        let names = (source.functions.map(\.name) + source.fields.map(\.path) + source.tables)
            .filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }
            .map { String($0.dropFirst(prefix.count)) }
        let dataTables = Set(source.fields.filter { $0.type == "table" }.map(\.path))
        return Set(names).sorted().map { name in
            let path = prefix + name
            if dataTables.contains(path) { return "\(indent)\(name) = {other_fields = true}," }
            guard source.tables.contains(path) else { return "\(indent)\(name) = {}," }
            return "\(indent)\(name) = {fields = {\n\(fields(source, below: path + ".", indent: indent + "  "))\n\(indent)}},"
        }.joined(separator: "\n")
    }
}
