import DataTables

/// The machine-readable description of forcelab's Lua API that `forcelab --api` prints (as `nvim --api-info` does
/// for Neovim's), made from `LuaAPI`'s declarations and the options tables: its shape is docs/api.md's, and a
/// change to it raises `schema`.
public enum LuaAPIDescription {
    /// The version of the description's shape; readers check it.
    public static let schema = 1

    /// The description, with `commandLine` (the executable's commands and options) as its last field.
    public static func json(commandLine: JSONValue) -> JSONValue {
        .object([
            JSONField("schema", .number(Double(schema))),
            JSONField("version", .string(ForcelabModule.version)),
            JSONField("module", .object([
                JSONField("name", .string("forcelab")), JSONField("global", .string(LuaAPI.moduleName)),
            ])),
            JSONField("functions", .array(LuaAPI.functions.map { function(LuaAPI.moduleName + "." + $0.name, $0) })),
            JSONField("fields", .array(LuaAPI.fields.map { field(LuaAPI.moduleName + "." + $0.name, $0) })),
            JSONField("types", .array(LuaAPI.types.map(type))),
            JSONField("options", .array(LuaOptionTables.all.map(table))),
            JSONField("commandLine", commandLine),
        ])
    }

    private static func function(_ name: String, _ function: LuaFunctionDeclaration) -> JSONValue {
        var fields = [
            JSONField("name", .string(name)),
            JSONField("signature", .string(function.signature.text)),
            JSONField("parameters", .array(function.signature.parameters.map { parameter in
                .object([
                    JSONField("name", .string(parameter.name)), JSONField("kind", .string(parameter.kind)),
                    JSONField("optional", .bool(parameter.optional)),
                ])
            })),
            JSONField("results", .array(function.signature.results.map(JSONValue.string))),
            JSONField("doc", .string(function.doc)),
            JSONField("options", .array(function.options.map(JSONValue.string))),
        ]
        if let reads = function.reads {
            fields.append(JSONField("reads", .array([.number(Double(reads.lowerBound)), .number(Double(reads.upperBound))])))
        }
        return .object(fields)
    }

    private static func field(_ name: String, _ field: LuaFieldDeclaration) -> JSONValue {
        .object([
            JSONField("name", .string(name)), JSONField("kind", .string(field.kind)),
            JSONField("writable", .bool(field.writable)), JSONField("doc", .string(field.doc)),
        ])
    }

    private static func type(_ type: LuaTypeDeclaration) -> JSONValue {
        .object([
            JSONField("name", .string(type.name)),
            JSONField("metatable", .string(type.metatable)),
            JSONField("receiver", .string(type.receiver)),
            JSONField("doc", .string(type.doc)),
            JSONField("methods", .array(type.methods.map { function("\(type.receiver):\($0.name)", $0) })),
            JSONField("fields", .array(type.fields.map { field($0.name, $0) })),
            JSONField("metamethods", .array(type.metamethodNames.map(JSONValue.string))),
        ])
    }

    private static func table(_ table: LuaOptionTable) -> JSONValue {
        .object([
            JSONField("function", .string(table.function)),
            JSONField("options", .array(table.options.map(option))),
        ] + (table.hasOwnFields ? [JSONField("ownFields", .bool(true))] : []))
    }

    /// One option: `kind` (the `LuaOption.Value` case), its range (`min`, `max`: absent when unbounded among
    /// finite numbers, the strings `"inf"`/`"-inf"` when infinity is accepted), `choices`, `shape`, the default
    /// (`default` a value, `defaultText` a computed one described, `required`), `accepts` as the docs say it, `doc`.
    private static func option(_ option: LuaOption) -> JSONValue {
        var fields = [JSONField("name", .string(option.name))]
        switch option.value {
        case .number(let range):
            fields.append(JSONField("kind", .string("number")))
            if range.lowerBound != LuaOption.finite.lowerBound { fields.append(JSONField("min", bound(range.lowerBound))) }
            if range.upperBound != LuaOption.finite.upperBound { fields.append(JSONField("max", bound(range.upperBound))) }
        case .integer(let range):
            fields.append(JSONField("kind", .string("integer")))
            if range.lowerBound != Int.min { fields.append(JSONField("min", .number(Double(range.lowerBound)))) }
            if range.upperBound != Int.max { fields.append(JSONField("max", .number(Double(range.upperBound)))) }
        case .boolean: fields.append(JSONField("kind", .string("boolean")))
        case .string: fields.append(JSONField("kind", .string("string")))
        case .stringOrNumber: fields.append(JSONField("kind", .string("stringOrNumber")))
        case .choice(let names):
            fields.append(JSONField("kind", .string("choice")))
            fields.append(JSONField("choices", .array(names.map(JSONValue.string))))
        case .choiceOrVector(let names):
            fields.append(JSONField("kind", .string("choiceOrVector")))
            fields.append(JSONField("choices", .array(names.map(JSONValue.string))))
        case .choices(let names):
            fields.append(JSONField("kind", .string("choices")))
            fields.append(JSONField("choices", .array(names.map(JSONValue.string))))
        case .function(let shape): fields += [JSONField("kind", .string("function")), JSONField("shape", .string(shape))]
        case .table(let shape): fields += [JSONField("kind", .string("table")), JSONField("shape", .string(shape))]
        case .object(let type, let shape):
            fields += [JSONField("kind", .string("object")), JSONField("type", .string(type)), JSONField("shape", .string(shape))]
        case .custom(let shape): fields += [JSONField("kind", .string("custom")), JSONField("shape", .string(shape))]
        case .nodeNumber: fields.append(JSONField("kind", .string("nodeNumber")))
        case .nodeColour: fields.append(JSONField("kind", .string("nodeColour")))
        case .edgeNumber: fields.append(JSONField("kind", .string("edgeNumber")))
        case .edgeColour: fields.append(JSONField("kind", .string("edgeColour")))
        case .nodeAccessor: fields.append(JSONField("kind", .string("nodeAccessor")))
        case .edgeAccessor: fields.append(JSONField("kind", .string("edgeAccessor")))
        }
        switch option.default {
        case .none: break
        case .required: fields.append(JSONField("required", .bool(true)))
        case .number(let value): fields.append(JSONField("default", .number(value)))
        case .boolean(let value): fields.append(JSONField("default", .bool(value)))
        case .text(let text): fields.append(JSONField("default", .string(text)))
        case .described(let text): fields.append(JSONField("defaultText", .string(text)))
        }
        fields.append(JSONField("accepts", .string(option.accepts)))
        fields.append(JSONField("doc", .string(option.doc)))
        return .object(fields)
    }

    /// A range's bound: a number, or `"inf"`/`"-inf"`, which JSON has no number for.
    private static func bound(_ value: Double) -> JSONValue {
        value.isInfinite ? .string(value > 0 ? "inf" : "-inf") : .number(value)
    }
}
