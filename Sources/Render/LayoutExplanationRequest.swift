/// What a graph picture is asked to explain about a simulation of the graph it draws (`fl.svg.graph`'s `arrows` and
/// `cells`): the arrows drawn from every node, and the node whose Barnes-Hut cells are drawn. The figures themselves
/// come from the layout and reach the picture as `GraphSVGOptions.arrows` and `.cells`.
public struct LayoutExplanationRequest: Equatable, Sendable {
    /// The kinds of arrow drawn from every node, in `NodeArrows.Kind`'s order (none: no arrows).
    public var arrows: [NodeArrows.Kind] = []
    /// The node whose many-body sum's cells are drawn, or nil for none.
    public var cells: Cells?

    /// Which cells of which node: the Barnes-Hut cells one node's many-body sum visits.
    public struct Cells: Equatable, Sendable {
        /// The id of the node whose sum is drawn (required: the empty id is no node).
        public var node = ""
        /// The Barnes-Hut theta (a cell is one body when its width / distance < theta); nil: the force's own.
        public var theta: Double?
        /// The name of the many-body force; nil: the simulation's one many-body force.
        public var force: String?

        /// No node, the force's theta, the one many-body force.
        public init() {}

        /// The range a numeric setting must lie in, for readers that check settings by key path (the Lua options).
        public static func range(of setting: PartialKeyPath<Cells>) -> ClosedRange<Double>? {
            setting == \Cells.theta ? 0...1e6 : nil
        }
    }

    /// Nothing asked for.
    public init() {}

    /// Whether anything is asked for.
    public var isEmpty: Bool { arrows.isEmpty && cells == nil }

    /// No numeric settings: every range is the reader's default.
    public static func range(of setting: PartialKeyPath<LayoutExplanationRequest>) -> ClosedRange<Double>? { nil }
}
