import GraphModel

/// The options of `fl.graph.generate(kind, options)`: each kind's parameters as GraphModel declares them
/// (`GraphGenerator.parameters`), written into a `GeneratorParameters` through their key paths.
public enum GenerateOptions {
    /// The declaration for `kind`.
    public static func table(_ kind: GraphGenerator) -> LuaOptionTable {
        settings(kind).table
    }

    /// The declaration and reader for `kind`.
    public static func settings(_ kind: GraphGenerator) -> LuaSettingsTable<GeneratorParameters> {
        tables[kind]!
    }

    /// Every kind's declaration and reader.
    private static let tables: [GraphGenerator: LuaSettingsTable<GeneratorParameters>] = Dictionary(uniqueKeysWithValues: GraphGenerator.allCases.map { kind in
        (kind, LuaSettingsTable("fl.graph.generate(\"\(kind.rawValue)\")", kind.parameters.map(setting)))
    })

    /// A parameter as a Lua option, written through its property.
    private static func setting(_ parameter: GeneratorParameter) -> LuaSetting<GeneratorParameters> {
        let fallback: LuaOption.Default = parameter.isRequired ? .required : parameter.fallback.map(LuaOption.Default.number) ?? .none
        let range = parameter.range
        let value: LuaOption.Value = parameter.isWhole
            ? .integer(Int(range.lowerBound)...(range.upperBound == .infinity ? Int.max : Int(range.upperBound)))
            : .number(range)
        let option = LuaOption(parameter.name, value, default: fallback, parameter.doc)
        switch parameter.property {
        case .count(let property): return LuaSetting(declared: option, property)
        case .number(let property): return LuaSetting(declared: option, property)
        case .seed(let property): return LuaSetting(declared: option, property)
        }
    }
}
