import GraphModel

/// The levels of a layered layout of a graph with parents: one per parent (and one for the top), holding that
/// parent's children and the edges between them. An edge between nodes of different parents belongs to the level
/// of their lowest common ancestor, between the children of it that hold its ends; an edge between a node and its
/// own ancestor belongs to none, nor does a self loop.
struct LayeredLevels {
    /// The nodes of each level by node index; `members[nil]` is the top level.
    let members: [Int?: [Int]]
    /// The edges of each level, as pairs of node indices (members of that level), in edge order.
    let edges: [Int?: [(Int, Int)]]
    /// Each node's parent's index.
    let parent: [Int?]

    /// The levels of `graph`; `check` is called with the work of each edge.
    init(_ graph: Graph, check: (Int) throws -> Void) throws {
        let index = Dictionary(uniqueKeysWithValues: graph.nodeIds.enumerated().map { ($1, $0) })
        let parent = graph.nodes.map { $0.parentId.flatMap { index[$0] } }
        var members: [Int?: [Int]] = [:], edges: [Int?: [(Int, Int)]] = [:]
        for (node, up) in parent.enumerated() { members[up, default: []].append(node) }
        for edge in graph.edges {
            guard let source = index[edge.source], let target = index[edge.target], source != target else { continue }
            var sourceLine = [source]   // the source and its ancestors, nearest first
            while let up = parent[sourceLine.last!] { sourceLine.append(up) }
            let onSourceLine = Dictionary(uniqueKeysWithValues: sourceLine.enumerated().map { ($1, $0) })
            var targetChild = target, meeting: Int? = nil, sourceDepth = sourceLine.count
            while true {
                if let depth = onSourceLine[targetChild] { meeting = targetChild; sourceDepth = depth; break }
                guard let up = parent[targetChild] else { break }
                if let depth = onSourceLine[up] { meeting = up; sourceDepth = depth; break }
                targetChild = up
            }
            try check(sourceLine.count)
            if let meeting, meeting == source || meeting == target { continue }   // a node and its own ancestor
            edges[meeting, default: []].append((sourceLine[sourceDepth - 1], targetChild))
        }
        self.members = members
        self.edges = edges
        self.parent = parent
    }
}
