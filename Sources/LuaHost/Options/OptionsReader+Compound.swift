import CLuaShim
import GraphModel
import Render

/// An option given either as a table of a record's settings or as a name.
enum LuaRecordOrName<Record> {
    /// A table, read into the record.
    case record(Record)
    /// One of the names the option takes.
    case name(String)
}

/// Reading the options whose Lua value is more than one kind (`LuaSetting+Compound`).
extension OptionsReader {
    /// Option `name` as one of an enumeration's cases, given by name or as a boolean naming `ifTrue` or `ifFalse`; nil
    /// when absent.
    func choiceOrBoolean<T: CaseIterable & RawRepresentable<String>>(_ name: String, as type: T.Type, ifTrue: T, ifFalse: T) throws -> T? {
        let L = fields.arguments.L
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return nil
        case LUA_TBOOLEAN: return lua_toboolean(L, -1) != 0 ? ifTrue : ifFalse
        case LUA_TSTRING:
            let value = LuaValues.string(L, -1)!
            guard let choice = T(rawValue: value) else {
                let names = ["true", "false"] + T.allCases.map(\.rawValue)
                throw fields.arguments.error(fields.argument, "field '\(name)': unknown value '\(value)' (\(names.joined(separator: ", ")))")
            }
            return choice
        default: throw fields.fieldError(name, expected: "boolean or string")
        }
    }

    /// Option `name` as a table read against `record`'s declaration (its own unknown keys, kinds and ranges checked by
    /// the one reader) or as one of `names`; nil when absent. Anything else is refused as not the `expected`.
    func record<Record: LuaSettable>(
        _ name: String, _ record: LuaSettingsTable<Record>, orOneOf names: [String], expected: String
    ) throws -> LuaRecordOrName<Record>? {
        let L = fields.arguments.L
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return nil
        case LUA_TTABLE:
            let table = LuaTableReader(fields.arguments, tableAt: lua_gettop(L), argument: fields.argument)
            return .record(try record.read(OptionsReader(table, record.table)))
        case LUA_TSTRING where names.contains(LuaValues.string(L, -1) ?? ""): return .name(LuaValues.string(L, -1)!)
        default: throw fields.fieldError(name, expected: expected)
        }
    }

    /// Option `name` as cases of an enumeration, given as one name or a list of names, in the order given; empty when
    /// absent.
    func oneOrMoreChoices<T: CaseIterable & RawRepresentable<String>>(_ name: String, as type: T.Type) throws -> [T] {
        let arguments = fields.arguments, L = arguments.L
        let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        func choice(_ type: Int32, _ place: String) throws -> T {
            guard type == LUA_TSTRING, let choice = T(rawValue: LuaValues.string(L, -1)!) else {
                let got = type == LUA_TSTRING ? "'\(LuaValues.string(L, -1)!)'" : LuaValues.typeName(L, -1)
                throw arguments.error(fields.argument, "field '\(place)': \(names) expected, got \(got)")
            }
            return choice
        }
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return []
        case LUA_TTABLE:
            let list = LuaTableReader(arguments, tableAt: lua_gettop(L), argument: fields.argument)
            return try list.elements(of: LuaOption.subject(name, inTable: true)) { type, i in try choice(type, "\(name)[\(i)]") }
        case let type: return [try choice(type, name)]
        }
    }

    /// Option `name`, the nodes a preview labels: a list of ids of `graph`'s nodes or a count (none when absent).
    func previewLabels(_ name: String, of graph: Graph) throws -> GraphPreview.Labels {
        let L = fields.arguments.L
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return .none
        case LUA_TNUMBER:
            guard lua_isinteger(L, -1) != 0, fl_tointeger(L, -1) >= 0 else {
                throw error(name, expected: "a count of 0 or more", got: LuaValues.describe(L, -1))
            }
            return .mostConnected(Int(fl_tointeger(L, -1)))
        case LUA_TTABLE:
            let list = LuaTableReader(fields.arguments, tableAt: lua_absindex(L, -1), argument: fields.argument)
            return .nodes(try list.elements(of: LuaOption.subject(name, inTable: true)) { type, position in
                guard type == LUA_TSTRING, let id = LuaValues.string(L, -1) else {
                    throw error(name, expected: "a node id at [\(position)]", got: LuaValues.typeName(L, -1))
                }
                guard graph.node(id) != nil else {
                    throw error(name, expected: "a node id at [\(position)]", got: "'\(id)', which is not in the graph")
                }
                return id
            })
        default:
            throw error(name, expected: "a list of node ids or a count", got: LuaValues.typeName(L, -1))
        }
    }
}
