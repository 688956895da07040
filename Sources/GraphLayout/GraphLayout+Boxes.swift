import ForceSimulation
import GraphModel

/// The outlines the flow forces share: each node's parent, width and height as the graph holds them.
extension GraphLayout {
    /// The nodes' outlines in engine order (React Flow's: a node with a width and a height is a box by its top-left
    /// corner, any other a circle of radius 0 until a force gives it one; a child placed relative to its parent),
    /// one object per node set, shared by the layout's flow forces so that frames grown by one are seen by all.
    public func nodeBoxes() throws -> NodeBoxes {
        if let boxesMade { return boxesMade }
        var parents: [Int] = [], widths: [Double] = [], heights: [Double] = []
        for id in nodeIds {
            let node = graph.node(id)
            parents.append(node?.parentId.flatMap { index(of: $0) } ?? -1)
            widths.append(node?.width ?? 0)
            heights.append(node?.height ?? 0)
        }
        let boxes = try NodeBoxes(parents: parents, widths: widths, heights: heights, radii: widths.map { _ in 0 })
        boxesMade = boxes
        return boxes
    }

    /// Writes the sizes frames grew to back to the graph's nodes (write-back's second half).
    func writeFrameSizes() throws {
        guard let boxes = boxesMade, boxes.count == nodeIds.count else { return }
        for i in 0..<boxes.count where !boxes.children[i].isEmpty && boxes.isBox(i) {
            let id = nodeIds[i], width = boxes.widths[i], height = boxes.heights[i]
            guard let node = graph.node(id), node.width != width || node.height != height else { continue }
            try graph.updateNode(id) {
                $0.width = width
                $0.height = height
            }
        }
    }
}
