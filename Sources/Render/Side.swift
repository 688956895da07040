/// A side of a node, where an edge leaves or enters.
enum Side: String {
    case top, right, bottom, left

    /// The outward unit direction of this side (screen coordinates, y down).
    var direction: SIMD2<Double> {
        switch self {
        case .top: return [0, -1]
        case .right: return [1, 0]
        case .bottom: return [0, 1]
        case .left: return [-1, 0]
        }
    }

    /// Whether edges leave this side horizontally.
    var isHorizontal: Bool { self == .left || self == .right }
}
