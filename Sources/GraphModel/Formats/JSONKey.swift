/// A field name as a coding key.
struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    /// The key for a field name.
    init(_ name: String) {
        stringValue = name
    }

    /// The key named `stringValue`.
    init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// None: JSON objects have no integer keys.
    init?(intValue: Int) {
        nil
    }
}
