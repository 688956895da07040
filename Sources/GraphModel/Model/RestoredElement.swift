/// A deleted node or edge given back to `Graph.restore`, and its former place as `deleteElements` reported it.
public struct RestoredElement<Element: Sendable>: Sendable {
    /// The node or edge.
    public var element: Element
    /// Its former place, 1-based (nil: after the elements already there).
    public var position: Int?

    /// `element`, at its former `position` when given.
    public init(_ element: Element, position: Int? = nil) {
        self.element = element
        self.position = position
    }

    /// The former place as a 0-based index (nil: none given).
    public var formerIndex: Int? { position.map { $0 - 1 } }

    /// A place is 1 or more.
    public static func range(of field: PartialKeyPath<RestoredElement>) -> ClosedRange<Double>? {
        field == \RestoredElement.position ? 1...Double(Int.max) : nil
    }
}
