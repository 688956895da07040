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

    /// The kinds to try for a field name, the one it held last first.
    func order(for key: String) -> [Kind] {
        Self.orders[last[key] ?? .number]!
    }

    /// Notes the kind a field held.
    func note(_ kind: Kind, for key: String) {
        if last[key] != kind { last[key] = kind }
    }
}
