import GraphModel

extension Graph {
    /// Writes `coordinates` (`dimensions` per node, in node order, absolute) as the nodes' positions, a child's
    /// relative to its parent; `z` is cleared in 2D.
    func writeLayout(_ coordinates: [Double], dimensions d: Int) throws {
        let index = Dictionary(uniqueKeysWithValues: nodeIds.enumerated().map { ($1, $0) })
        var relative = coordinates
        for (i, node) in nodes.enumerated() {
            guard let parent = node.parentId.flatMap({ index[$0] }) else { continue }
            for axis in 0..<d { relative[i * d + axis] -= coordinates[parent * d + axis] }
        }
        let n = nodeCount
        try setPositions(x: (0..<n).map { relative[$0 * d] }, y: (0..<n).map { relative[$0 * d + 1] },
                         z: d == 3 ? (0..<n).map { relative[$0 * d + 2] } : nil)
    }
}
