/// Errors raised by the engine itself (forces defined elsewhere throw their own).
public enum SimulationError: Error, Equatable, CustomStringConvertible {
    /// A link names a node that does not exist; the payload is the id or index as written.
    case nodeNotFound(String)
    /// A simulation was asked for a dimension count other than 2 or 3.
    case unsupportedDimensions(Int)
    /// A force needs an axis the simulation does not have (a z force in 2D).
    case axisUnavailable(String)
    /// `replaceNodes` got a mapping of the wrong length or an old index out of range.
    case invalidNodeMapping(String)
    /// Node boxes that do not fit the simulation or each other (counts, sizes, parents).
    case invalidBoxes(String)

    /// The message shown to users, e.g. `node not found: a`.
    public var description: String {
        switch self {
        case .nodeNotFound(let id): "node not found: \(id)"
        case .unsupportedDimensions(let n): "dimensions must be 2 or 3, got \(n)"
        case .axisUnavailable(let what): what
        case .invalidNodeMapping(let what): what
        case .invalidBoxes(let what): what
        }
    }
}
