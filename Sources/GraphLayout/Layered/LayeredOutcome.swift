/// What a layered layout did.
public struct LayeredOutcome: Equatable, Sendable {
    /// The layers of the top level.
    public let layers: Int
    /// The edge crossings the orders of all levels leave (edges drawn straight between neighbouring layers).
    public let crossings: Int
    /// The bends put in long edges, all levels together.
    public let bends: Int
}
