/// A field name as a coding key.
struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    /// The key for a field name.
    init(_ name: String) {
        stringValue = name
    }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
