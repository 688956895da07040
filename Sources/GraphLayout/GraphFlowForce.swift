import ForceSimulation
import GraphModel

/// The flow force over a layout's graph edges (every edge but self-loops, in edge order), with the layout's boxes.
public typealias GraphFlowForce = GraphBoundForce<FlowForce>

extension GraphBoundForce where Engine == FlowForce {
    /// A flow force over `layout`'s edges along `direction` (need not be a unit vector), `separation` the least gap
    /// between an edge's ends along it and `strength` the share of a shortfall closed per tick. Add it with
    /// `layout.setForce`.
    public convenience init(
        layout: GraphLayout, direction: SIMD3<Double>, separation: Double = FlowForce.defaultSeparation,
        strength: Double = FlowForce.defaultStrength
    ) {
        self.init(layout: layout) { layout in
            var links: [(source: Int, target: Int)] = []
            for edge in layout.graph.edges where edge.source != edge.target {
                guard let source = layout.index(of: edge.source), let target = layout.index(of: edge.target) else { continue }
                links.append((source, target))
            }
            return try FlowForce(
                links: links, boxes: try layout.nodeBoxes(), direction: direction, separation: separation, strength: strength)
        }
    }
}
