/// Applying React Flow change lists.
extension Graph {
    /// Applies node changes as React Flow does: grouped per id, a remove or replace wins over the id's other
    /// changes, the rest apply in order, adds go in after the pass, unknown ids are ignored.
    /// Invalid adds or replaces (a duplicate id, a replace changing the id) throw before anything changes.
    public func applyNodeChanges(_ changes: [NodeChange]) throws {
        let (grouped, order, adds) = group(changes)
        var removed: Set<String> = []
        for id in order where containsNode(id) {
            switch grouped[id]![0] {
            case .remove: removed.insert(id)
            case .replace(_, let item) where item.id != id:
                throw GraphError("replace of node '\(id)' must keep its id, not '\(item.id)'")
            default: break
            }
        }
        try checkAdds(adds.map(\.id), existing: containsNode, removed: removed, kind: "node")
        var replacements: [Node] = []
        for id in order where containsNode(id) && !removed.contains(id) {
            if case .replace(_, let item) = grouped[id]![0] { replacements.append(item) }
        }
        try checkParents(of: replacements + adds.compactMap { if case .add(let node, _) = $0 { node } else { nil } },
                         removing: removed)
        operation {
            for id in order {
                guard let slot = nodeStore.slot(of: id), let list = grouped[id] else { continue }
                switch list[0] {
                case .remove: removeNode(slot: slot)
                case .replace(_, let item): writeNode(slot: slot, item)
                default:
                    var node = nodeStore[slot].node
                    for change in list { apply(change, to: &node) }
                    writeNode(slot: slot, node)
                }
            }
            for case .add(let node, let index) in adds { insertNode(node, at: index) }
        }
    }

    /// Applies edge changes with the same grouping rules; an added or replacing edge must have both endpoints.
    public func applyEdgeChanges(_ changes: [EdgeChange]) throws {
        let (grouped, order, adds) = group(changes)
        var removed: Set<String> = []
        for id in order where containsEdge(id) {
            switch grouped[id]![0] {
            case .remove: removed.insert(id)
            case .replace(_, let item):
                guard item.id == id else {
                    throw GraphError("replace of edge '\(id)' must keep its id, not '\(item.id)'")
                }
                try checkEndpoints(item)
            default: break
            }
        }
        try checkAdds(adds.map(\.id), existing: containsEdge, removed: removed, kind: "edge")
        for case .add(let edge, _) in adds { try checkEndpoints(edge) }
        operation {
            for id in order {
                guard let slot = edgeStore.slot(of: id), let list = grouped[id] else { continue }
                switch list[0] {
                case .remove: removeEdge(slot: slot)
                case .replace(_, let item): writeEdge(slot: slot, item)
                default:
                    var edge = edgeStore[slot]
                    for case .select(_, let selected) in list { edge.selected = selected }
                    writeEdge(slot: slot, edge)
                }
            }
            for case .add(let edge, let index) in adds { insertEdge(edge, at: index) }
        }
    }

    /// Applies one position, dimensions or select change to a node record.
    private func apply(_ change: NodeChange, to node: inout Node) {
        switch change {
        case .position(_, let position, let dragging):
            if let position { node.position = position }
            if let dragging { node.dragging = dragging }
        case .dimensions(_, let width, let height):
            node.width = width
            node.height = height
        case .select(_, let selected):
            node.selected = selected
        case .add, .remove, .replace:
            break
        }
    }

    /// Groups changes per id (a remove or replace resets the id's list), keeping first-seen id order and the adds.
    private func group<Change: GroupedChange>(
        _ changes: [Change]
    ) -> (grouped: [String: [Change]], order: [String], adds: [Change]) {
        var grouped: [String: [Change]] = [:]
        var order: [String] = []
        var adds: [Change] = []
        for change in changes {
            let role = change.role
            if role == .add {
                adds.append(change)
                continue
            }
            if grouped[change.id] == nil { order.append(change.id) }
            if role == .wins { grouped[change.id] = [change] } else { grouped[change.id, default: []].append(change) }
        }
        return (grouped, order, adds)
    }

    /// Throws when an added id is taken (and not removed in the same list) or added twice.
    private func checkAdds(
        _ ids: [String], existing: (String) -> Bool, removed: Set<String>, kind: String
    ) throws {
        var seen: Set<String> = []
        for id in ids {
            if (existing(id) && !removed.contains(id)) || !seen.insert(id).inserted {
                throw GraphError("duplicate \(kind) id '\(id)'")
            }
        }
    }
}

/// A React Flow change as grouping a change list sees it: the id it is about and its role.
protocol GroupedChange {
    /// The id of the element the change is about.
    var id: String { get }
    /// How the change takes part in its id's group.
    var role: ChangeRole { get }
}

/// How a change takes part in grouping: an add goes in after the pass; a remove or replace wins over the id's other
/// changes; the rest apply in order.
enum ChangeRole {
    /// Added after the pass.
    case add
    /// Resets the id's group.
    case wins
    /// Applied in order after the group's first change.
    case inOrder
}

extension NodeChange: GroupedChange {
    /// A node change's role in grouping.
    var role: ChangeRole {
        switch self {
        case .add: .add
        case .remove, .replace: .wins
        case .position, .dimensions, .select: .inOrder
        }
    }
}

extension EdgeChange: GroupedChange {
    /// An edge change's role in grouping.
    var role: ChangeRole {
        switch self {
        case .add: .add
        case .remove, .replace: .wins
        case .select: .inOrder
        }
    }
}
