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

    /// Whether this case's configuration comes before `other`'s: parameter by parameter in name order, numbers by
    /// value (-100 before -30 before -10), text in code point order, false before true; then by seed.
    func precedes(_ other: SweepCase) -> Bool {
        for (mine, theirs) in zip(parameters, other.parameters) {
            if mine.key != theirs.key { return mine.key < theirs.key }
            if let order = SweepCase.order(mine.value, theirs.value) { return order }
        }
        if parameters.count != other.parameters.count { return parameters.count < other.parameters.count }
        return seed < other.seed
    }

    /// Whether `a` comes before `b` (nil when they are equal): numbers, then text, then booleans, each in its order.
    private static func order(_ a: JSONValue, _ b: JSONValue) -> Bool? {
        func rank(_ value: JSONValue) -> Int {
            switch value {
            case .number: return 0
            case .string: return 1
            case .bool: return 2
            default: return 3
            }
        }
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y ? nil : x < y
        case (.string(let x), .string(let y)): return x == y ? nil : x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
        case (.bool(let x), .bool(let y)): return x == y ? nil : !x
        default: return rank(a) == rank(b) ? (a.text == b.text ? nil : a.text < b.text) : rank(a) < rank(b)
        }
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
