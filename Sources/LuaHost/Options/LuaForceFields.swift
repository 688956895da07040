/// The fields of a table force, `sim:force(name, {force =, initialize =, arrays =})`: the one declaration
/// `LuaForceShape` reads a table force by, and the docs, `--api`, help and editor files describe. The table's other
/// fields are its own (its state, its helpers).
public enum LuaForceFields {
    /// `force`, called every tick.
    public static let force = LuaOption("force", .function("function(alpha)"), default: .required, "called every tick; with `arrays`, as `force(alpha, x, y, vx, vy, n)` (3D: `x, y, z, vx, vy, vz, n`), one array per coordinate")
    /// `initialize`, called when the node set changes.
    public static let initialize = LuaOption("initialize", .function("function(nodes, random)"), "called when the force is added and whenever the node set changes; with `arrays`, as `initialize(ids, random)`, the node ids in array order")
    /// `arrays`, which hands `force` arrays instead of node tables.
    public static let arrays = LuaOption("arrays", .boolean, default: .boolean(false), "hand `force` one Lua array per coordinate instead of the node tables")

    /// The declaration.
    public static let table = LuaOptionTable("sim:force table", record: true, ownFields: true, [force, initialize, arrays])

    /// What a table force holds, as refusals say it: `a table force has force(alpha), may have
    /// initialize(nodes, random) and arrays = true`, made from the declaration.
    static var summary: String {
        let required = table.options.filter(\.isRequired).map(usage)
        var optional = table.options.filter { !$0.isRequired }.map(usage)
        let last = optional.popLast()
        let mayHave = optional.isEmpty ? last : last.map { optional.joined(separator: ", ") + " and " + $0 }
        return "a table force has " + required.joined(separator: ", ") + (mayHave.map { ", may have " + $0 } ?? "")
    }

    /// A field as a table force writes it: `force(alpha)`, `arrays = true`.
    private static func usage(_ field: LuaOption) -> String {
        switch field.value {
        case .function(let signature): field.name + signature.dropFirst("function".count)
        case .boolean: field.name + " = true"
        default: field.name
        }
    }
}
