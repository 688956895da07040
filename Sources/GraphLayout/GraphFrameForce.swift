import ForceSimulation
import GraphModel

/// The frames force over a layout's nodes: each parent in the graph holds its children, and the sizes frames grow
/// to are written back to the graph's nodes with the positions.
public typealias GraphFrameForce = GraphBoundForce<FrameForce>

extension GraphBoundForce where Engine == FrameForce {
    /// A frames force over `layout`'s nodes: `padding` between a frame's side and its children, `labelRoom` more at
    /// its top, `strength` the pull to its middle, and `shrinks` whether it may become smaller than its size in the
    /// graph. Add it with `layout.setForce`.
    public convenience init(
        layout: GraphLayout, padding: Double = FrameForce.defaultPadding, labelRoom: Double = FrameForce.defaultLabelRoom,
        strength: Double = FrameForce.defaultStrength, shrinks: Bool = false
    ) {
        self.init(layout: layout) { layout in
            FrameForce(boxes: try layout.nodeBoxes(), padding: padding, labelRoom: labelRoom, strength: strength, shrinks: shrinks)
        }
    }
}
