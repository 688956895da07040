/// The store's rule for parents: a node's parent exists, and following parents never leads back to the node.
extension Graph {
    /// Throws when nodes about to be written (`changed`, which replace any nodes of their ids) would have a parent
    /// that does not exist or a parent chain that comes back to them; `removed` are ids leaving at the same time.
    func checkParents(of changed: [Node], removing removed: Set<String> = []) throws {
        guard changed.contains(where: { $0.parentId != nil }) else { return }
        var incoming: [String: Node] = [:]
        for node in changed { incoming[node.id] = node }
        func exists(_ id: String) -> Bool { incoming[id] != nil || (containsNode(id) && !removed.contains(id)) }
        func parent(of id: String) -> String? { incoming[id].map(\.parentId) ?? node(id)?.parentId }
        for node in changed {
            guard let first = node.parentId else { continue }
            guard exists(first) else {
                throw GraphError("node '\(node.id)': parent '\(first)' does not exist")
            }
            var chain = [node.id]
            var current: String? = first
            while let id = current, exists(id), chain.count <= nodeCount + changed.count {
                chain.append(id)
                if id == node.id {
                    throw GraphError("node '\(node.id)': its parents would form a cycle (\(chain.joined(separator: " -> ")))")
                }
                current = parent(of: id)
            }
        }
    }
}
