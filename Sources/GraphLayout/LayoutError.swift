/// Errors of a layout bound to a graph.
public enum LayoutError: Error, Equatable, CustomStringConvertible {
    /// A call that ticks, syncs or changes forces or nodes came while the layout was already doing such work (from
    /// inside one of its own forces, parameter functions, or code they set off); the payload names the call.
    case busy(String)
    /// A node id the graph does not hold.
    case unknownNode(String)
    /// A per-element parameter read from a data field the element does not have as a number.
    case missingField(parameter: String, element: String, field: String)
    /// A coordinate or velocity component the layout's dimensions do not have (vz in 2D).
    case noSuchAxis(String, dimensions: Int)
    /// A link force's edge whose end matches no node (by id, or by the force's id accessor).
    case unmatchedEnd(edge: String, end: String)
    /// A link force's edge data field that holds something other than a boolean.
    case notBoolean(edge: String, field: String, value: String)
    /// An edge listed twice in a link force's edges.
    case repeatedEdge(String)
    /// An edge id the graph does not hold.
    case unknownEdge(String)
    /// A link force's id accessor that gives two nodes the same key.
    case repeatedKey(String, nodes: String, String)
    /// A random source function returned a value outside [0, 1).
    case randomOutOfRange(Double)
    /// A recording that keeps frames saw the node count change, which ends it.
    case nodeSetChangedDuringRecording(from: Int, to: Int)

    /// The message shown to users.
    public var description: String {
        switch self {
        case .busy(let call):
            "'\(call)' cannot be called from inside the simulation's own forces or parameter functions"
        case .unknownNode(let id): "no node with id '\(id)'"
        case .missingField(let parameter, let element, let field):
            "\(parameter): \(element) has no numeric data field '\(field)'"
                + (Double(field) == nil ? "" : " (a string names a data field: give the number \(field) without quotes)")
        case .noSuchAxis(let name, let dimensions): "'\(name)' needs a 3D simulation (this one has \(dimensions) dimensions)"
        case .unmatchedEnd(let edge, let end): "link: edge '\(edge)': no node has the id '\(end)'"
        case .notBoolean(let edge, let field, let value):
            "link: edges: edge '\(edge)' has data field '\(field)' = \(value), a boolean expected"
        case .repeatedEdge(let id): "link: edges: edge '\(id)' is listed twice"
        case .unknownEdge(let id): "link: edges: no edge with id '\(id)'"
        case .repeatedKey(let key, let first, let second):
            "link: the id accessor gives nodes '\(first)' and '\(second)' the same id '\(key)'"
        case .randomOutOfRange(let value): "randomSource: the function returned \(value), a number in [0, 1) expected"
        case .nodeSetChangedDuringRecording(let from, let to):
            "the graph changed from \(from) to \(to) nodes during a recording, which stops it; start a new one"
        }
    }
}
