import DataTables

/// One run of a sweep: a configuration of named parameters and a seed.
struct SweepCase: Equatable {
    /// The parameters, sorted by name.
    let parameters: [JSONField]
    /// The seed.
    let seed: Int

    /// Makes a case; the parameters are sorted by name.
    init(parameters: [JSONField], seed: Int) {
        self.parameters = parameters.sorted { $0.key < $1.key }
        self.seed = seed
    }

    /// `{"parameters":{...},"seed":n}`: what workers are sent and what tells finished cases apart.
    var key: String {
        JSONValue.object([JSONField("parameters", .object(parameters)), JSONField("seed", .number(Double(seed)))]).text
    }

    /// The configuration alone (without the seed), as JSON text.
    var configuration: String { JSONValue.object(parameters).text }

    /// `charge=-30 graph=tree seed=3`, for messages.
    var label: String {
        (parameters.map { "\($0.key)=\(SweepCase.plain($0.value))" } + ["seed=\(seed)"]).joined(separator: " ")
    }

    /// A parameter value as plain text: strings without quotes.
    static func plain(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.text
    }

    /// The case a key or a record names; nil when `value` has no object `parameters` and integer `seed`.
    init?(record value: JSONValue) {
        guard case .object(let parameters)? = value["parameters"], case .number(let seed)? = value["seed"],
              seed == seed.rounded(), abs(seed) < 1e15
        else { return nil }
        self.init(parameters: parameters, seed: Int(seed))
    }
}
