import GraphLayout
import Render

/// What `fl.svg.graph` takes to explain a simulation: what to draw (Render's `LayoutExplanationRequest`) and the
/// simulation it is drawn from.
struct LayoutExplanationSettings: LuaSettable {
    /// The arrows and cells asked for.
    var request = LayoutExplanationRequest()
    /// The simulation whose figures are drawn; nil: none given.
    var simulation: SimulationHandle?

    /// Nothing asked for, no simulation.
    init() {}

    /// None of its own: the request's cells carry theirs.
    static func range(of setting: PartialKeyPath<LayoutExplanationSettings>) -> ClosedRange<Double>? { nil }
}

/// What `fl.svg.graph` draws over a graph to explain its layout, converted from GraphLayout's figures to the plain
/// types Render draws: velocities and net forces as `NodeArrows`, one node's Barnes-Hut walk as a `CellOverlay`.
enum LayoutExplanations {
    /// One set of arrows per kind asked for, in `layout`'s node order.
    static func arrows(_ kinds: [NodeArrows.Kind], of layout: GraphLayout) throws -> [NodeArrows] {
        try kinds.map { kind in
            NodeArrows(kind: kind, vectors: try kind == .velocity ? layout.velocities() : layout.netForces())
        }
    }

    /// The cells the many-body force `request.force` (nil: the layout's one) visits for `request.node` at
    /// `request.theta` (nil: the force's), as Render draws them; throws GraphLayout's `ExplainError` or
    /// `LayoutError.unknownNode`.
    static func cells(_ request: LayoutExplanationRequest.Cells, in layout: GraphLayout) throws -> CellOverlay {
        let visit = try layout.barnesHutCells(node: request.node, force: request.force, theta: request.theta)
        return CellOverlay(node: layout.index(of: request.node)!, cells: visit.cells.map {
            CellOverlay.Cell(lower: $0.lower, upper: $0.upper, use: CellOverlay.Use(rawValue: $0.use.rawValue)!)
        })
    }
}
