/// A live reference to one node or edge of a graph, as Lua sees it: fields read and written by name.
final class ElementReference {
    /// Which kind of element.
    enum Kind { case node, edge }

    let graph: GraphHandle
    let kind: Kind
    let id: String

    init(_ graph: GraphHandle, _ kind: Kind, _ id: String) {
        self.graph = graph
        self.kind = kind
        self.id = id
    }
}
