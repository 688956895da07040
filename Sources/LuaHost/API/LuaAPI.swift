/// forcelab's whole Lua API, gathered from the declarations beside the bindings: the module's functions and fields
/// by their paths below `fl`, the object types and the options tables. The module is built from it
/// (`ForcelabModule.install`), and `forcelab --api` (`LuaAPIDescription`), the REPL's help and completion and the
/// docs' test read it.
public enum LuaAPI {
    /// What the docs call the module in a path (`fl.graph.new`).
    public static let moduleName = "fl"

    /// Every module function, by its path below the module (`graph.new`), in the docs' order.
    public static let functions: [LuaFunctionDeclaration] =
        ForcelabModule.functions + GraphBindings.functions + GraphFileBindings.functions + GraphAlgorithmBindings.functions
        + SimulationBindings.functions
        + ForceBindings.functions + PictureBindings.functions + RecordingBindings.functions + DataTableBindings.functions
        + LayoutBindings.functions + DisplayBindings.functions + LiveBindings.functions

    /// Every module field that is no function (`version`, `graph.generators`).
    public static let fields: [LuaFieldDeclaration] = ForcelabModule.fields + GraphFileBindings.fields

    /// The paths below the module of its tables of functions (`""` for the module itself, `graph`, `live`), the
    /// parts of the declared paths before their last.
    public static let moduleTables: [String] = {
        let paths = functions.map(\.name) + fields.map(\.name)
        let tables = paths.flatMap { path -> [String] in
            let parts = path.split(separator: ".").dropLast()
            return parts.indices.map { parts[...$0].joined(separator: ".") }
        }
        return [""] + Set(tables).sorted()
    }()

    /// Every kind of object.
    public static let types: [LuaTypeDeclaration] = [
        GraphBindings.type, ElementBindings.nodeType, ElementBindings.edgeType, SimulationBindings.type, ForceBindings.type,
        RecordingBindings.type, RandomBindings.type,
    ]

    /// The type whose metatable is `metatable`, or nil.
    public static func type(metatable: String) -> LuaTypeDeclaration? {
        types.first { $0.metatable == metatable }
    }

    /// Every function as the docs write it (`fl.graph.new`, `g:addNode`), with its declaration.
    public static var documentedFunctions: [(name: String, declaration: LuaFunctionDeclaration)] {
        functions.map { (documentedName(ofFunction: $0.name), $0) } + documentedMethods
    }

    /// Every method of a type as the docs write it (`g:addNode`, `sim:run`), with its declaration.
    static var documentedMethods: [(name: String, declaration: LuaFunctionDeclaration)] {
        types.flatMap { type in type.methods.map { (documentedName(ofMethod: $0.name, receiver: type.receiver), $0) } }
    }

    /// The documented names of the types' methods.
    private static let methodNames = Set(documentedMethods.map(\.name))

    /// Whether the function the docs and messages call `name` is a method of a type (`g:addNode`), not a module
    /// function (`fl.graph.new`) nor a function outside the API.
    public static func isMethod(_ name: String) -> Bool { methodNames.contains(name) }

    /// A module function as the docs and its messages name it: `fl.graph.new` for the path `graph.new`.
    public static func documentedName(ofFunction path: String) -> String { "\(moduleName).\(path)" }

    /// A method as the docs and its messages name it: `g:addNode`, by the name the docs give a value of its type.
    public static func documentedName(ofMethod name: String, receiver: String) -> String { "\(receiver):\(name)" }
}
