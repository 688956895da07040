/// Errors of a layout bound to a graph.
public enum LayoutError: Error, Equatable, CustomStringConvertible {
    /// A call that ticks, syncs or changes forces or nodes came while the layout was already doing such work (from
    /// inside one of its own forces, parameter functions, or code they set off); the payload names the call.
    case busy(String)
    /// A node id the graph does not hold.
    case unknownNode(String)
    /// A per-element parameter read from a data field the element does not have as a number.
    case missingField(parameter: String, element: String, field: String)
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
        case .nodeSetChangedDuringRecording(let from, let to):
            "the graph changed from \(from) to \(to) nodes during a recording, which stops it; start a new one"
        }
    }
}
