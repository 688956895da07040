/// One kind of forcelab object as Lua sees it (`Graph`, `Simulation`, `Node`...): its metatable, the name the docs
/// give a value of it (`g`, `sim`), its methods and fields and the metamethods it answers. Its metatable is
/// registered from this, and the API description lists it.
public struct LuaTypeDeclaration: Sendable {
    /// The type's name (`Graph`), as signatures write it.
    public let name: String
    /// The metatable's registry name (`forcelab.Graph`).
    public let metatable: String
    /// The name the docs give a value of the type (`g` in `g:addNode`).
    public let receiver: String
    /// One line of doc.
    public let doc: String
    /// Its methods, called as `value:name(...)`.
    public let methods: [LuaFunctionDeclaration]
    /// Its fields, read as `value.name` (a node's data fields are read so too, undeclared).
    public let fields: [LuaFieldDeclaration]
    /// The metamethods besides `__index` and `__gc` (`__tostring`, `__len`, `__eq`, `__call`, `__newindex`).
    let metamethods: [(String, LuaFunction)]
    /// The `__index` binding that reads fields once methods are looked up, or nil when there are only methods.
    let index: LuaFunction?

    /// Declares a type.
    init(
        _ name: String, metatable: String, receiver: String, _ doc: String, methods: [LuaFunctionDeclaration],
        fields: [LuaFieldDeclaration] = [], metamethods: [(String, LuaFunction)] = [], index: LuaFunction? = nil
    ) {
        self.name = name
        self.metatable = metatable
        self.receiver = receiver
        self.doc = doc
        self.methods = methods
        self.fields = fields
        self.metamethods = metamethods
        self.index = index
    }

    /// The names of the metamethods it answers, for the description (`__tostring`...).
    public var metamethodNames: [String] { metamethods.map(\.0) }

    /// The method called `name`, or nil.
    public func method(_ name: String) -> LuaFunctionDeclaration? {
        methods.first { $0.name == name }
    }

    /// Registers the metatable.
    func register(_ L: OpaquePointer) {
        LuaObject.register(L, name: metatable, receiver: receiver, methods: methods, metamethods: metamethods, index: index)
    }
}
