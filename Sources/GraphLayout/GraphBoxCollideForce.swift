import ForceSimulation
import GraphModel

/// The box collision force over a layout's nodes: their boxes from the graph's widths and heights (or the values
/// given), circles of `radius` for nodes without a size, all shared with the layout's other flow forces.
public typealias GraphBoxCollideForce = GraphBoundForce<BoxCollideForce>

extension GraphBoundForce where Engine == BoxCollideForce {
    /// A box collision force over `layout`'s nodes, `margin` the least gap between outlines, `strength` the share
    /// of an overlap resolved per pass and `iterations` the passes per tick; `width` and `height` replace the
    /// graph's sizes (evaluated as d3 evaluates radii) when given. Add it with `layout.setForce`.
    public convenience init(
        layout: GraphLayout, width: ElementValue? = nil, height: ElementValue? = nil, radius: NodeParameter = .constant(1),
        margin: Double = 0, strength: Double = 1, iterations: Int = 1
    ) {
        self.init(layout: layout) { layout in
            let boxes = try layout.nodeBoxes()
            let widths = width.map { layout.nodeParameter($0, name: "collide: width") }
            let heights = height.map { layout.nodeParameter($0, name: "collide: height") }
            for i in 0..<boxes.count {
                try boxes.setOutline(
                    i, width: try widths?.value(i) ?? boxes.widths[i], height: try heights?.value(i) ?? boxes.heights[i],
                    radius: try radius.value(i))
            }
            return BoxCollideForce(boxes: boxes, margin: margin, strength: strength, iterations: iterations)
        }
    }
}
