import CLuaShim
import GraphLayout

/// The Lua face of built-in forces (`forcelab.force.KIND`, `forcelab.Force`): constructors taking an options table
/// (or d3's positional arguments), d3's chained accessors, and `tostring` — all driven by each force's face
/// (`ManyBodyFace`, ...: `ForceKind.all`).
enum ForceBindings {
    static let metatable = "forcelab.Force"

    /// A force's methods: `links` and one accessor per option name of any built-in force (each one binding with the
    /// option's name as its upvalue).
    static let methods: [LuaFunctionDeclaration] = [
        .init("links", links, "(): Edge[]", "a link force's edges, in link order, in the simulation it was added to last"),
    ] + Set(ForceKind.all.flatMap(\.table.names)).sorted().map { name in
        let kinds = ForceKind.all.filter { $0.table.option(name) != nil }.map(\.name).joined(separator: ", ")
        return .init(name, accessor, upvalue: name, "(value?: any): any|Force", "reads the option '\(name)' in force, or sets it and returns the force (\(kinds))", reads: 0...0)
    }

    /// The Lua type of built-in forces.
    static let type = LuaTypeDeclaration(
        "Force", metatable: metatable, receiver: "f", "one of d3's forces, to hand to sim:force", methods: methods,
        metamethods: [("__tostring", describe)])

    /// `fl.force.KIND` for each built-in force: one binding with the kind's name as its upvalue.
    static let functions: [LuaFunctionDeclaration] = ForceKind.all.map { kind in
        let positional = kind.positional.enumerated().map { $0 == 0 ? "\($1)?: number|table" : "\($1)?: number" }
        let parameters = positional.isEmpty ? "options?: table" : positional.joined(separator: ", ")
        return .init("force." + kind.name, construct, upvalue: kind.name, "(\(parameters)): Force", kind.doc, options: [kind.table])
    }

    /// `forcelab.force.KIND{options}` or `forcelab.force.KIND(positional...)`: a force to hand to `sim:force`.
    static let construct: LuaFunction = { L in
        let kind = L.flatMap { LuaValues.string($0, fl_upvalueindex(2)) }.flatMap(ForceKind.named) ?? ForceKind.all[0]
        return LuaBinding.run(L) { arguments in
            let L = arguments.L
            let force = BuiltInForce(kind: kind)
            // Pushed first, so the functions it keeps have their owner reachable from the start.
            LuaObject.push(L, force, metatable: metatable)
            let result = lua_gettop(L)
            if lua_type(L, 1) == LUA_TTABLE && !LuaObject.isObject(L, 1) {
                try readOptions(arguments, into: force)
            } else {
                try readPositional(arguments, into: force, count: result - 1)
            }
            lua_settop(L, result)
            return 1
        }
    }

    /// The kind of force the function at `index` makes when it is one of `forcelab.force`'s makers (each a binding of
    /// `construct` with its kind's name as an upvalue), or nil for any other function.
    static func makerKind(_ L: OpaquePointer, at index: Int32) -> ForceKind? {
        guard lua_iscfunction(L, index) != 0, lua_getupvalue(L, index, 1) != nil else { return nil }
        let binding = lua_touserdata(L, -1)
        fl_pop(L, 1)
        guard binding == unsafeBitCast(construct, to: UnsafeMutableRawPointer.self), lua_getupvalue(L, index, 2) != nil else { return nil }
        defer { fl_pop(L, 1) }
        return LuaValues.string(L, -1).flatMap(ForceKind.named)
    }

    /// Reads the options table at argument 1.
    private static func readOptions(_ arguments: LuaArguments, into force: BuiltInForce) throws {
        let L = arguments.L
        let kind = force.kind
        lua_pushnil(L)
        while lua_next(L, 1) != 0 {
            let key = LuaValues.string(L, -2) ?? LuaValues.describe(L, -2)
            guard let option = kind.table.option(key) else { throw LuaError(kind.table.unknownOptionMessage(key)) }
            force.give(key, try value(option, of: force, arguments, at: lua_gettop(L), argument: 1, inTable: true))
            fl_pop(L, 1)
        }
    }

    /// Reads d3's positional arguments (`fl.force.center(400, 300)`), nil ones leaving their default.
    private static func readPositional(_ arguments: LuaArguments, into force: BuiltInForce, count: Int32) throws {
        let kind = force.kind
        guard count <= kind.positional.count else {
            throw arguments.error(
                Int32(kind.positional.count + 1),
                kind.positional.isEmpty ? "it takes an options table"
                    : "it takes at most \(kind.positional.count) positional arguments (\(kind.positional.joined(separator: ", ")))")
        }
        for (offset, name) in kind.positional.prefix(Int(count)).enumerated() where !arguments.isNil(Int32(offset + 1)) {
            force.give(name, try value(kind.table.option(name)!, of: force, arguments, at: Int32(offset + 1), argument: Int32(offset + 1)))
        }
    }

    /// The value at stack `index` for `option`: a number in its range, or (per-element options) a function or a
    /// data field name.
    static func value(
        _ option: LuaOption, of force: BuiltInForce, _ arguments: LuaArguments, at index: Int32,
        argument n: Int32, inTable: Bool = false
    ) throws -> ForceValue {
        let L = arguments.L
        let name = option.name
        let subject = LuaOption.subject(name, inTable: inTable)
        switch (option.value, lua_type(L, index)) {
        case (.function, LUA_TFUNCTION), (.custom, LUA_TFUNCTION):
            return .function(LuaReference(L, index, owner: force))
        case (.function, _):
            throw arguments.error(n, "\(subject): function expected, got \(LuaValues.typeName(L, index))")
        case (.custom, LUA_TSTRING):
            return .field(LuaValues.string(L, index)!)
        case (.custom, LUA_TTABLE):
            return .ids(try edgeIds(arguments, at: index, argument: n, subject: subject))
        case (.custom, _):
            throw arguments.error(n, "\(subject): function, data field name or list of edge ids expected, got \(LuaValues.typeName(L, index))")
        case (.boolean, LUA_TBOOLEAN):
            return .boolean(lua_toboolean(L, index) != 0)
        case (.boolean, _):
            throw arguments.error(n, "\(subject): boolean expected, got \(LuaValues.typeName(L, index))")
        case (.choiceOrVector, LUA_TTABLE):
            return .vector(try vector(arguments, at: index, argument: n, subject: subject))
        case (.choice(let names), LUA_TSTRING), (.choiceOrVector(let names), LUA_TSTRING):
            let name = LuaValues.string(L, index)!
            guard names.contains(name) else {
                let hint = LuaOptionTable.nearest(to: name, among: names).map { "did you mean '\($0)'?" }
                    ?? "one of \(names.joined(separator: ", "))"
                throw arguments.error(n, "\(subject): unknown value '\(name)' (\(hint))")
            }
            return .choice(name)
        case (.choice(let names), _):
            throw arguments.error(n, "\(subject): one of \(names.joined(separator: ", ")) expected, got \(LuaValues.typeName(L, index))")
        case (.choiceOrVector(let names), _):
            throw arguments.error(
                n, "\(subject): one of \(names.joined(separator: ", ")) or {x, y} expected, got \(LuaValues.typeName(L, index))")
        default:
            break
        }
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            let value = fl_tonumber(L, index)
            if let problem = numberProblem(value, for: option, of: force.kind) { throw arguments.error(n, "\(subject): \(problem)") }
            return .number(value)
        case LUA_TFUNCTION where option.perElement:
            return .function(LuaReference(L, index, owner: force))
        case LUA_TSTRING where option.perElement:
            return .field(LuaValues.string(L, index)!)
        default:
            let expected = option.perElement ? "number, function or data field name" : "number"
            throw arguments.error(n, "\(subject): \(expected) expected, got \(LuaValues.typeName(L, index))")
        }
    }

    /// What is wrong with `value` as option `option` of a `kind` force (out of its range, not an integer, not
    /// finite), or nil when it is accepted.
    static func numberProblem(_ value: Double, for option: LuaOption, of kind: ForceKind) -> String? {
        option.perElement && kind.acceptsAnyNumber.contains(option.name) ? nil : option.refusal(of: value)
    }

    /// Checks a number for option `option` of a `kind` force as its setter does (a live page's slider).
    static func checkNumber(_ value: Double, for option: LuaOption, of kind: ForceKind) throws {
        if let problem = numberProblem(value, for: option, of: kind) {
            throw LuaError("\(kind.table.function): option '\(option.name)': \(problem)")
        }
    }

    /// The vector `{x, y}` at stack `index`: two finite numbers, not both zero.
    private static func vector(_ arguments: LuaArguments, at index: Int32, argument n: Int32, subject: String) throws -> [Double] {
        let L = arguments.L
        let numbers = try LuaTableReader(arguments, tableAt: index, argument: n).elements(of: subject) { type, i in
            guard type == LUA_TNUMBER, fl_tonumber(L, -1).isFinite else {
                throw arguments.error(n, "\(subject): element \(i) is \(type == LUA_TNUMBER ? LuaValues.describe(L, -1) : LuaValues.typeName(L, -1)), a finite number expected")
            }
            return fl_tonumber(L, -1)
        }
        guard numbers.count == 2, numbers.contains(where: { $0 != 0 }) else {
            throw arguments.error(n, "\(subject): {x, y} with two numbers, not both 0, expected")
        }
        return numbers
    }

    /// The edge ids of the list at stack `index` (ids, numbers or edge references).
    private static func edgeIds(_ arguments: LuaArguments, at index: Int32, argument n: Int32, subject: String) throws -> [String] {
        let L = arguments.L
        return try LuaTableReader(arguments, tableAt: index, argument: n).elements(of: subject) { type, i in
            if let edge = LuaObject.get(L, -1, ElementReference.self), edge.kind == .edge { return edge.id }
            if type == LUA_TSTRING || type == LUA_TNUMBER { return LuaValues.describe(L, -1) }
            throw arguments.error(n, "\(subject): element \(i) is \(LuaValues.typeName(L, -1)), an edge id expected")
        }
    }

    /// The link force's default id accessor, as `link:id()` returns it: a node's id.
    static let nodeId: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "id") { arguments in
            guard let node = LuaObject.get(arguments.L, 1, ElementReference.self), node.kind == .node else {
                throw arguments.typeError(1, expected: "Node")
            }
            LuaValues.push(arguments.L, node.id)
            return 1
        }
    }

    /// `link:links()`: the edges the link force links in the simulation it was added to last, in link order (as of
    /// its last initialisation), as d3's `link.links()`.
    static let links: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let force = try arguments.object(1, BuiltInForce.self, name: "Force")
            guard force.kind.name == LinkFace.name else { throw LuaError("a \(force.kind.name) force has no links") }
            guard let (simulation, name) = force.lastUse, let links = simulation.layout.force(named: name) as? GraphLinkForce
            else { throw LuaError("links: the force is in no simulation yet (its links are edges of a simulation's graph)") }
            ElementBindings.pushList(arguments.L, simulation.graph, .edge, links.edgeIds)
            return 1
        }
    }

    /// `f:NAME()` reads the option in force (its default when not given), `f:NAME(v)` sets it and returns the force;
    /// a force already added to simulations takes the new value at once, keeping its place in their order.
    static let accessor: LuaFunction = { L in
        let name = L.flatMap { LuaValues.string($0, fl_upvalueindex(2)) } ?? ""
        return LuaBinding.run(L) { arguments in
            let force = try arguments.object(1, BuiltInForce.self, name: "Force")
            let kind = force.kind
            guard let option = kind.table.option(name) else {
                throw LuaError("a \(kind.name) force has no option '\(name)' (options: \(kind.table.names.joined(separator: ", ")))")
            }
            let L = arguments.L
            if arguments.count < 2 {
                if force.given[name] == nil, case .function = option.value {
                    LuaBinding.push(L, nodeId)
                } else {
                    push(L, force.given[name] ?? option.givenDefault, default: option.numericDefault, integer: option.isInteger)
                }
                return 1
            }
            try force.change(name, to: try value(option, of: force, arguments, at: 2, argument: 2), from: L)
            lua_settop(L, 1)
            return 1
        }
    }

    /// Pushes an option's value: the number (a Lua integer for an integer option), function or field name given, or
    /// the default (nil when computed).
    private static func push(_ L: OpaquePointer, _ value: ForceValue?, default fallback: Double?, integer: Bool) {
        switch (value ?? fallback.map(ForceValue.number)) {
        case .number(let number)? where integer && lua_Integer(exactly: number) != nil: lua_pushinteger(L, lua_Integer(number))
        case .number(let number)?: lua_pushnumber(L, number)
        case .function(let function)?: function.push(L)
        case .field(let field)?, .choice(let field)?: LuaValues.push(L, field)
        case .boolean(let value)?: lua_pushboolean(L, value ? 1 : 0)
        case .vector(let numbers)?:
            lua_createtable(L, Int32(numbers.count), 0)
            for (i, number) in numbers.enumerated() {
                lua_pushnumber(L, number)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        case .ids(let ids)?: GraphConversions.pushStrings(L, ids)
        case nil: lua_pushnil(L)
        }
    }

    /// `tostring(f)`: the kind and the options given, in declaration order.
    static let describe: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "tostring") { arguments in
            let force = try arguments.object(1, BuiltInForce.self, name: "Force")
            let parts = force.kind.table.options.compactMap { option -> String? in
                switch force.given[option.name] {
                case .number(let value)?: return "\(option.name) = \(ElementBindings.format(value))"
                case .function?: return "\(option.name) = function"
                case .field(let field)?, .choice(let field)?: return "\(option.name) = \"\(field)\""
                case .boolean(let value)?: return "\(option.name) = \(value)"
                case .vector(let numbers)?: return "\(option.name) = {\(numbers.map(ElementBindings.format).joined(separator: ", "))}"
                case .ids(let ids)?: return "\(option.name) = {\(ids.count) edge ids}"
                case nil: return nil
                }
            }
            LuaValues.push(arguments.L, "Force.\(force.kind.name){\(parts.joined(separator: ", "))}")
            return 1
        }
    }
}
