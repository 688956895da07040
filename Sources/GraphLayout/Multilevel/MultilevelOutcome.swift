/// What a multilevel layout did, level by level.
public struct MultilevelOutcome: Sendable, Equatable {
    /// One level's figures.
    public struct Level: Sendable, Equatable {
        /// Its nodes.
        public let nodes: Int
        /// Its edges (self-loops and repeated edges not counted).
        public let edges: Int
        /// The refinement ticks run on it.
        public let ticks: Int
        /// Wall time of its refinement (with its placement from the coarser level) in seconds.
        public let seconds: Double
    }

    /// The levels from the original graph (first) to the coarsest (last).
    public let levels: [Level]
    /// Whether the stress polish ran and was kept (it is dropped when it raises the sampled stress).
    public let polished: Bool
    /// Whether the descent over every pair ran and was kept (it is dropped when it raises the sampled stress).
    public let descended: Bool
    /// Whether the descent over the sparse stress model ran and was kept (it is dropped when it raises the sampled
    /// stress).
    public let sparseDescended: Bool
}
