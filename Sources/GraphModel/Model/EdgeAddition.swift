/// An edge as a script adds it (`g:addEdge`, `g:connect`, `g:restore`, an `add` change's item): the edge's ends and
/// fields, and its id only when the script gave one, so whoever adds it can name it otherwise (React Flow's
/// connection id) without mistaking a missing id for a given one.
public struct EdgeAddition: Sendable {
    /// The edge's ends and fields; its own `id` is not read (see `id`).
    public var edge = Edge()
    /// The id given (nil: not given).
    public var id: String?

    /// An edge with no ends, no fields and no id given.
    public init() {}

    /// The edge with the id given, or else with the id `defaultId` makes from its source, target and handles.
    public func named(by defaultId: (_ source: String, _ target: String, _ sourceHandle: String?, _ targetHandle: String?) -> String) -> Edge {
        var named = edge
        named.id = id ?? defaultId(edge.source, edge.target, edge.sourceHandle, edge.targetHandle)
        return named
    }

    /// None: an edge has no numeric field.
    public static func range(of field: PartialKeyPath<EdgeAddition>) -> ClosedRange<Double>? { nil }
}
