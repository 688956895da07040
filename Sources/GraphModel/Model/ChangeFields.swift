/// The kinds of change to an element list, by React Flow's names; every list takes `add`.
public protocol ChangeKind: RawRepresentable<String>, CaseIterable, Sendable {
    /// Adds an element.
    static var add: Self { get }
}

/// A change to an element list (`NodeChange`, `EdgeChange`), made from the fields React Flow writes for one.
public protocol ElementChange: Sendable {
    /// The kinds of change.
    associatedtype Kind: ChangeKind
    /// The element a change adds or puts in place.
    associatedtype Element: Sendable
    /// The fields only this list's changes take (a node's position, dragging and size).
    associatedtype Extra: Sendable
    /// The extra fields, none given.
    static var noExtra: Extra { get }
    /// The change `fields` describe; a field its kind needs and does not have is named (`field 'id' is required by
    /// a 'remove' change`).
    init(_ fields: ChangeFields<Self>) throws
}

/// A change as React Flow writes one (`{type = "remove", id = "e1"}`, `{type = "position", id = "a", position =
/// {...}}`): the fields any kind takes, filled field by field by a reader (the Lua records) and made into the change
/// by `change()`.
public struct ChangeFields<Change: ElementChange>: Sendable {
    /// What the change does.
    public var type = Change.Kind.add
    /// The element (all kinds but add).
    public var id: String?
    /// The element to add, or the replacement.
    public var item: Change.Element?
    /// Where to add (1-based); nil: at the end.
    public var index: Int?
    /// The new selection state (nil: not selected).
    public var selected: Bool?
    /// The fields only this list's changes take.
    public var extra = Change.noExtra

    /// No fields given, for readers that fill them field by field.
    public init() {}

    /// An index counts from 1.
    public static func range(of field: PartialKeyPath<ChangeFields>) -> ClosedRange<Double>? {
        field == \ChangeFields.index ? 1...Double(Int.max) : nil
    }

    /// The change the fields describe.
    public func change() throws -> Change { try Change(self) }

    /// The id, or the error naming it as required by the change's kind.
    func requiredId() throws -> String { try id.required("id", by: type) }

    /// The item, or the error naming it as required by the change's kind.
    func requiredItem() throws -> Change.Element { try item.required("item", by: type) }
}
