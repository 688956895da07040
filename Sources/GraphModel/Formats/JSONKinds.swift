/// The kind of value each field name held last in a document, so reading tries that kind first.
final class JSONKinds {
    /// A kind of JSON value other than null.
    enum Kind: CaseIterable {
        case number, string, bool, object, array
    }

    private var last: [String: Kind] = [:]
    /// The kinds in their usual order, and that order with each kind first.
    private static let orders: [Kind: [Kind]] = Dictionary(
        uniqueKeysWithValues: Kind.allCases.map { kind in (kind, [kind] + Kind.allCases.filter { $0 != kind }) })

    /// The value `decode` gives for the first kind that fits a field named `key`, trying first the kind a field of
    /// that name held last (a kind that does not fit costs the decoder microseconds, and documents repeat
    /// themselves); nil if no kind fits.
    func first(for key: String, _ decode: (Kind) throws -> DataValue?) rethrows -> DataValue? {
        for kind in Self.orders[last[key] ?? .number]! {
            if let found = try decode(kind) {
                if last[key] != kind { last[key] = kind }
                return found
            }
        }
        return nil
    }
}
