/// An invalid operation on a graph, with a message naming the ids involved.
public struct GraphError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public let message: String

    /// An error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Two nodes with one id.
    static func duplicateNode(_ id: String) -> GraphError { GraphError("duplicate node id '\(id)'") }

    /// Two edges with one id.
    static func duplicateEdge(_ id: String) -> GraphError { GraphError("duplicate edge id '\(id)'") }

    /// An edge whose endpoint is missing.
    static func dangling(_ edge: Edge, missing: String) -> GraphError {
        GraphError("edge '\(edge.id)' (\(edge.source) -> \(edge.target)): node '\(missing)' does not exist")
    }

    /// An id that names no node.
    static func unknownNode(_ id: String) -> GraphError { GraphError("no node with id '\(id)'") }

    /// An id that names no edge.
    static func unknownEdge(_ id: String) -> GraphError { GraphError("no edge with id '\(id)'") }
}

extension Optional {
    /// The value, or the error that a change of `kind` (a record's `type`) requires field `name`.
    func required(_ name: String, by kind: some RawRepresentable<String>) throws -> Wrapped {
        guard let self else { throw GraphError("field '\(name)' is required by a '\(kind.rawValue)' change") }
        return self
    }
}
