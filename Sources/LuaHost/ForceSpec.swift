import CLuaShim

/// A built-in force as a script describes it (`forcelab.force.manyBody{strength = -50}`), before it is bound to a simulation.
final class ForceSpec {
    /// The d3 force it makes.
    enum Kind: String, CaseIterable {
        case center, manyBody, link, collide, x, y, z, radial
    }

    /// A parameter: a number, a Lua function of (element, index), or the name of a data field.
    enum Parameter {
        case number(Double)
        case function(LuaReference)
        case field(String)
    }

    let kind: Kind
    /// The parameters given, by name.
    var parameters: [String: Parameter]
    /// The simulations this force was added to, and under which name, so a changed parameter reaches them.
    var attachments: [(simulation: WeakSimulation, name: String)] = []

    init(kind: Kind, parameters: [String: Parameter]) {
        self.kind = kind
        self.parameters = parameters
    }

    /// The parameter names each kind accepts, and which of them may vary per node or link.
    static let accepted: [Kind: (all: Set<String>, perElement: Set<String>)] = [
        .center: (["x", "y", "z", "strength"], []),
        .manyBody: (["strength", "theta", "distanceMin", "distanceMax"], ["strength"]),
        .link: (["distance", "strength", "iterations"], ["distance", "strength"]),
        .collide: (["radius", "strength", "iterations"], ["radius"]),
        .x: (["x", "strength"], ["x", "strength"]),
        .y: (["y", "strength"], ["y", "strength"]),
        .z: (["z", "strength"], ["z", "strength"]),
        .radial: (["radius", "x", "y", "z", "strength"], ["radius", "strength"]),
    ]

    /// Reads the options table at argument `n` for a force of `kind` and pushes the force as a Lua object (first,
    /// so the functions it keeps have their owner reachable from the start).
    static func push(_ kind: Kind, _ arguments: LuaArguments, _ n: Int32, metatable: String) throws {
        let L = arguments.L
        let hasOptions = try arguments.optionalTable(n)
        let spec = ForceSpec(kind: kind, parameters: [:])
        LuaObject.push(L, spec, metatable: metatable)
        guard hasOptions else { return }
        let (all, perElement) = accepted[kind]!
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushnil(L)
        while lua_next(L, n) != 0 {
            guard let name = LuaValues.string(L, -2), all.contains(name) else {
                let key = LuaValues.string(L, -2) ?? LuaValues.describe(L, -2)
                throw arguments.error(n, "unknown option '\(key)' for \(kind.rawValue) (options: \(all.sorted().joined(separator: ", ")))")
            }
            spec.parameters[name] = try spec.parameter(name, arguments, at: lua_gettop(L), argument: n, perElement: perElement)
            fl_pop(L, 1)
        }
    }

    /// The value at stack `index` as parameter `name`: a number, or (for per-element parameters) a function or a
    /// data field name.
    func parameter(_ name: String, _ arguments: LuaArguments, at index: Int32, argument n: Int32, perElement: Set<String>) throws -> Parameter {
        let L = arguments.L
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            return .number(try ForceSpec.checked(fl_tonumber(L, index), name, kind, arguments, n))
        case LUA_TFUNCTION where perElement.contains(name):
            return .function(LuaReference(L, index, owner: self))
        case LUA_TSTRING where perElement.contains(name):
            return .field(LuaValues.string(L, index)!)
        default:
            let expected = perElement.contains(name) ? "number, function or data field name" : "number"
            throw arguments.error(n, "option '\(name)': \(expected) expected, got \(LuaValues.typeName(L, index))")
        }
    }

    /// Refuses option values the engine cannot run with: iterations must be a whole number from 0 to 1000,
    /// theta and distanceMin non-negative numbers, and only targets and distanceMax may be infinite.
    private static func checked(_ value: Double, _ name: String, _ kind: Kind, _ arguments: LuaArguments, _ n: Int32) throws -> Double {
        switch name {
        case "iterations":
            guard value == value.rounded(), (0...1000).contains(value) else {
                throw arguments.error(n, "option 'iterations': a whole number from 0 to 1000 expected, got \(value)")
            }
        case "theta", "distanceMin":
            guard value >= 0, value.isFinite else { throw arguments.error(n, "option '\(name)': a non-negative number expected, got \(value)") }
        case "distanceMax":
            guard value >= 0 else { throw arguments.error(n, "option 'distanceMax': a non-negative number expected, got \(value)") }
        default:
            let isTarget = [Kind.x, .y, .z].contains(kind) && name == kind.rawValue
            guard value.isFinite || isTarget else { throw arguments.error(n, "option '\(name)': a finite number expected, got \(value)") }
        }
        return value
    }

    /// A plain number parameter with a default.
    func number(_ name: String, _ fallback: Double) -> Double {
        if case .number(let value)? = parameters[name] { return value }
        return fallback
    }
}
