import GraphLayout
import GraphModel

/// The fields of the tables that describe graph elements and changes (`g:addNode{...}`, `g:addEdge{...}`,
/// `g:connect{...}`, change lists, `g:deleteElements{...}`, `g:restore(...)`): declared like options, so a misspelt
/// field is refused with the nearest name instead of being dropped.
public enum GraphRecordOptions {
    private static let parent = LuaSetting<Node>("parent", \.parentId, "the parent node's id (React Flow's parentId)").takingNumbers()

    /// The fields of a node: GraphModel's `Node`, each field one line.
    private static let nodeFields: [LuaSetting<Node>] = [
        LuaSetting("id", \.id, "the node's id (a number is turned into a string)").required().takingNumbers(),
        LuaSetting("x", \.position.x, described: "placed by a simulation", "position x (relative to the parent)"),
        LuaSetting("y", \.position.y, described: "placed by a simulation", "position y"),
        LuaSetting("z", \.position.z, "position z (3D)"),
        LuaSetting("fx", \.fx, "fixed x (d3's fx): a simulation keeps the node there"),
        LuaSetting("fy", \.fy, "fixed y"),
        LuaSetting("fz", \.fz, "fixed z"),
        LuaSetting("data", \.data, "free-form data fields"),
        parent, LuaSetting("parentId", alias: parent, \.parentId),
        LuaSetting("width", \.width, "width (a node with width and height is drawn as a box)"),
        LuaSetting("height", \.height, "height"),
        LuaSetting("handles", \.handles, handle, shape: "{{id =, type = \"source\" | \"target\", position = \"top\" | ...}, ...}", "connection points"),
        LuaSetting("label", \.label, "display label").takingNumbers(),
        LuaSetting("type", \.type, "node type"),
        LuaSetting("selected", \.selected, "selected"),
        LuaSetting("deletable", \.deletable, "whether deleteElements may remove it"),
        LuaSetting("hidden", \.hidden, "hidden"),
    ]

    /// The fields of one of a node's `handles`: GraphModel's `Handle`.
    public static let handle = LuaSettingsTable<Handle>("g:addNode handle", record: true, [
        LuaSetting("id", \.id, "the handle's id (none: the node's default handle of its type)").takingNumbers(),
        LuaSetting("type", \.type, "whether edges leave or arrive here"),
        LuaSetting("position", \.position, "the side of the node"),
    ])

    /// The fields of an edge as a script adds it: GraphModel's `EdgeAddition`, each field one line; the id is kept
    /// apart from the edge so that one not given is named by the method adding it.
    private static let edgeFields: [LuaSetting<EdgeAddition>] = [
        LuaSetting("source", \.edge.source, "the source node's id").required().takingNumbers(),
        LuaSetting("target", \.edge.target, "the target node's id").required().takingNumbers(),
        LuaSetting("id", \.id, described: "`xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, made unique", "the edge's id").takingNumbers(),
        LuaSetting("sourceHandle", \.edge.sourceHandle, "the source handle's id").takingNumbers(),
        LuaSetting("targetHandle", \.edge.targetHandle, "the target handle's id").takingNumbers(),
        LuaSetting("data", \.edge.data, "free-form data fields"),
        LuaSetting("label", \.edge.label, "display label").takingNumbers(),
        LuaSetting("type", \.edge.type, "edge type"),
        LuaSetting("selected", \.edge.selected, "selected"),
        LuaSetting("deletable", \.edge.deletable, "whether deleteElements may remove it"),
    ]

    /// The former place of an element given back to `g:restore`.
    private static func formerPlace<Element>() -> LuaSetting<RestoredElement<Element>> {
        LuaSetting("position", \.position, "its former place (1-based), as `g:deleteElements` returns it")
    }

    /// `g:addNode{...}`: a node, and the velocity it starts with in the graph's simulation (GraphLayout's `NodeAddition`).
    public static let addedNode = LuaSettingsTable<NodeAddition>("g:addNode", record: true, nodeFields.map { LuaSetting($0, of: \.node) } + [
        LuaSetting("vx", \.vx, described: "0", "velocity x (d3's vx), kept by the graph's simulation; needs one made on the graph"),
        LuaSetting("vy", \.vy, described: "0", "velocity y"),
        LuaSetting("vz", \.vz, described: "0", "velocity z (3D)"),
    ])
    /// The `item` of node changes.
    public static let nodeItem = LuaSettingsTable<Node>("g:applyNodeChanges item", record: true, nodeFields)
    /// `g:addEdge{...}`, and the `item` of edge changes.
    public static let addedEdge = LuaSettingsTable<EdgeAddition>("g:addEdge", record: true, edgeFields)
    /// A node given back to `g:restore`, and its former place.
    public static let restoredNode = LuaSettingsTable<RestoredElement<Node>>("g:restore node", record: true, nodeFields.map { LuaSetting($0, of: \.element) } + [formerPlace()])
    /// An edge given back to `g:restore`, and its former place.
    public static let restoredEdge = LuaSettingsTable<RestoredElement<EdgeAddition>>("g:restore edge", record: true, edgeFields.map { LuaSetting($0, of: \.element) } + [formerPlace()])
    /// `g:connect{...}`.
    public static let connection = LuaSettingsTable<EdgeAddition>("g:connect", record: true, edgeFields.filter {
        ["source", "target", "sourceHandle", "targetHandle", "id", "data"].contains($0.option.name)
    })

    /// The declaration of `g:addNode{...}`.
    public static var node: LuaOptionTable { addedNode.table }
    /// The declaration of `g:addEdge{...}`.
    public static var edge: LuaOptionTable { addedEdge.table }
    /// The declaration of a node given back to `g:restore`.
    public static var deletedNode: LuaOptionTable { restoredNode.table }
    /// The declaration of an edge given back to `g:restore`.
    public static var deletedEdge: LuaOptionTable { restoredEdge.table }
    /// The declaration of `g:connect{...}`.
    public static var connect: LuaOptionTable { connection.table }
    /// `g:deleteElements{...}`: GraphModel's `Graph.Deletion`.
    public static let deletion = LuaSettingsTable<Graph.Deletion>("g:deleteElements", [
        LuaSetting("nodes", elements: \.nodes, shape: "{id or node, ...}", "the nodes to delete, with their deletable descendants and edges"),
        LuaSetting("edges", elements: \.edges, shape: "{id or edge, ...}", "the edges to delete"),
    ])
    /// The declaration of `g:deleteElements{...}`.
    public static var deleteElements: LuaOptionTable { deletion.table }
    /// One change of `g:applyNodeChanges{...}`: GraphModel's `NodeChange.Fields`.
    public static let nodeChangeFields = LuaSettingsTable<NodeChange.Fields>("g:applyNodeChanges change", record: true, changeFields(
        "node", item: nodeItem, { $0 }, shape: "a node, as g:addNode takes it, without vx, vy, vz", placing: [
            LuaSetting("position", \.extra.position, point, shape: "{x =, y = [, z =]}", expected: "a position", { point, _ in point }, "the new position"),
            LuaSetting("dragging", \.extra.dragging, "whether the node is being dragged"),
            LuaSetting("dimensions", \.extra.dimensions, size, shape: "{width =, height =}", expected: "a size", { size, _ in size }, "the new size"),
        ]))

    /// One change of `g:applyEdgeChanges{...}`: GraphModel's `EdgeChange.Fields`.
    public static let edgeChangeFields = LuaSettingsTable<EdgeChange.Fields>("g:applyEdgeChanges change", record: true, changeFields(
        "edge", item: addedEdge, { $0.named(by: Edge.connectionId) }, shape: "an edge, as g:addEdge takes it", placing: []))

    /// The fields of a change of `element`s (GraphModel's `ChangeFields`): those every change takes, `item` read by
    /// `item`'s declaration (`shape` for the docs) and made the element by `made`, and before `selected` the
    /// fields only this list's changes take.
    private static func changeFields<Change: ElementChange, Item: LuaSettable>(
        _ element: String, item: LuaSettingsTable<Item>, _ made: @escaping @Sendable (Item) -> Change.Element, shape: String,
        placing extra: [LuaSetting<ChangeFields<Change>>]
    ) -> [LuaSetting<ChangeFields<Change>>] {
        [
            LuaSetting("type", \.type, "what the change does").required(),
            LuaSetting("id", \.id, "the \(element) (all but add)").takingNumbers(),
            LuaSetting("item", \.item, item, shape: shape, expected: "a\(element.first == "e" ? "n" : "") \(element)", { item, _ in made(item) },
                       "the \(element) to add or the replacement"),
            LuaSetting("index", \.index, "where to add (1-based; default: at the end)"),
        ] + extra + [LuaSetting("selected", \.selected, "the new selection state")]
    }

    /// The declaration of one change of `g:applyNodeChanges{...}`.
    public static var nodeChange: LuaOptionTable { nodeChangeFields.table }
    /// The declaration of one change of `g:applyEdgeChanges{...}`.
    public static var edgeChange: LuaOptionTable { edgeChangeFields.table }
    /// The declaration of one of a node's `handles`.
    public static var nodeHandle: LuaOptionTable { handle.table }
    /// The declaration of a position change's `position`.
    public static var changedPosition: LuaOptionTable { point.table }
    /// The declaration of a dimensions change's `dimensions`.
    public static var changedDimensions: LuaOptionTable { size.table }

    /// The fields of a position change's `position`: GraphModel's `Point`.
    static let point = LuaSettingsTable<Point>("g:applyNodeChanges position", record: true, [
        LuaSetting("x", \.x, described: "unplaced", "the new x"),
        LuaSetting("y", \.y, described: "unplaced", "the new y"),
        LuaSetting("z", \.z, "the new z (3D)"),
    ])

    /// The fields of a dimensions change's `dimensions`: GraphModel's `NodeChange.Size`.
    static let size = LuaSettingsTable<NodeChange.Size>("g:applyNodeChanges dimensions", record: true, [
        LuaSetting("width", \.width, "the new width"),
        LuaSetting("height", \.height, "the new height"),
    ])
}
