import CLuaShim

/// One function of forcelab's Lua API, declared beside its binding: its name, its signature, one line of doc, the
/// options tables it reads and whether it only reads. The module and the metatables are registered from these, and
/// `forcelab --api`, the REPL's help and completion and the docs' test read them: nothing else names a function.
public struct LuaFunctionDeclaration: Sendable {
    /// The name: a method's key (`addNode`), or a module function's path below the module (`graph.new`).
    public let name: String
    /// The binding the name is registered with.
    let binding: LuaFunction
    /// A value pushed as the binding's upvalue (a force maker's kind, an accessor's option), or nil.
    let upvalue: String?
    /// Its parameters and results.
    public let signature: LuaSignature
    /// One line of doc.
    public let doc: String
    /// The options tables it reads, by their function names (`LuaOptionTables.all`).
    public let options: [String]
    /// The argument counts with which a call only reads and changes nothing, so completion may evaluate it
    /// (`g:node(id)`, `sim:alpha()`); nil when no call is free of effects.
    public let reads: ClosedRange<Int>?

    /// Declares a function: `signature` in Lua's language-server notation (`LuaSignature`).
    public init(
        _ name: String, _ binding: LuaFunction, upvalue: String? = nil, _ signature: String, _ doc: String,
        options: [LuaOptionTable] = [], reads: ClosedRange<Int>? = nil
    ) {
        self.name = name
        self.binding = binding
        self.upvalue = upvalue
        self.signature = LuaSignature(signature)
        self.doc = doc
        self.options = options.map(\.function)
        self.reads = reads
    }

    /// Sets `table[key] = function` for the table at `index`, the key being the last part of the name, and names the
    /// function `documentedName` for its messages (`LuaCallNames`).
    func register(_ L: OpaquePointer, table index: Int32, key: String? = nil, as documentedName: String) {
        let table = lua_absindex(L, index)
        var upvalues: Int32 = 0
        if let upvalue {
            LuaValues.push(L, upvalue)
            upvalues = 1
        }
        LuaBinding.push(L, binding, upvalues: upvalues)
        LuaCallNames.name(L, functionAt: -1, documentedName)
        lua_setfield(L, table, key ?? String(name.split(separator: ".").last ?? ""))
    }
}

/// A value of forcelab's Lua API that is no function: a module field (`fl.version`) or a field of an object
/// (`g.directed`, `node.x`).
public struct LuaFieldDeclaration: Sendable {
    /// The name: a field's key, or a module field's path below the module (`graph.generators`).
    public let name: String
    /// What it holds, in the signatures' notation (`string`, `string[]`, `number?`).
    public let kind: String
    /// Whether a script may set it (`g.directed = false`).
    public let writable: Bool
    /// One line of doc.
    public let doc: String
    /// Pushes a module field's value when the module is made (an object's fields are read by its `__index`).
    let push: (@Sendable (OpaquePointer) -> Void)?

    /// Declares a field; a module field gives `push`, which pushes its value.
    public init(_ name: String, _ kind: String, writable: Bool = false, _ doc: String, push: (@Sendable (OpaquePointer) -> Void)? = nil) {
        self.name = name
        self.kind = kind
        self.writable = writable
        self.doc = doc
        self.push = push
    }
}
