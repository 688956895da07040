import GraphModel

/// The options of `fl.graph.generate(kind, options)`: each kind's parameters as GraphModel declares them
/// (`GraphGenerator.parameters`).
public enum GenerateOptions {
    /// The declaration for `kind`.
    public static func table(_ kind: GraphGenerator) -> LuaOptionTable {
        tables[kind]!
    }

    /// Every kind's declaration.
    public static let tables: [GraphGenerator: LuaOptionTable] = Dictionary(uniqueKeysWithValues: GraphGenerator.allCases.map { kind in
        (kind, LuaOptionTable("fl.graph.generate(\"\(kind.rawValue)\")", kind.parameters.map(option)))
    })

    /// A parameter as a Lua option.
    private static func option(_ parameter: GeneratorParameter) -> LuaOption {
        let fallback: LuaOption.Default = parameter.isRequired ? .required : parameter.fallback.map(LuaOption.Default.number) ?? .none
        let range = parameter.range
        let value: LuaOption.Value = parameter.isWhole
            ? .integer(Int(range.lowerBound)...(range.upperBound == .infinity ? Int.max : Int(range.upperBound)))
            : .number(range)
        return LuaOption(parameter.name, value, default: fallback, parameter.doc)
    }
}
