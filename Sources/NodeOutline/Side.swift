/// A side of a node, where an edge leaves or enters.
public enum Side: String, Sendable {
    case top, right, bottom, left

    /// The side a handle's side name means, in any case ("Right" is `.right`); nil for another name.
    public init?(named name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The outward unit direction of this side (screen coordinates, y down).
    public var direction: SIMD2<Double> {
        switch self {
        case .top: return [0, -1]
        case .right: return [1, 0]
        case .bottom: return [0, 1]
        case .left: return [-1, 0]
        }
    }

    /// Whether edges leave this side horizontally.
    public var isHorizontal: Bool { self == .left || self == .right }
}
