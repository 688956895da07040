/// The fields of the tables that describe graph elements and changes (`g:addNode{...}`, `g:addEdge{...}`,
/// `g:connect{...}`, change lists, `g:deleteElements{...}`, `g:restore(...)`): declared like options, so a misspelt
/// field is refused with the nearest name instead of being dropped.
public enum GraphRecordOptions {
    private static let nodeFields: [LuaOption] = [
        LuaOption("id", .string, default: .required, "the node's id (a number is turned into a string)"),
        .number("x", described: "placed by a simulation", in: -Double.infinity...Double.infinity, "position x (relative to the parent)"),
        .number("y", described: "placed by a simulation", in: -Double.infinity...Double.infinity, "position y"),
        .number("z", in: -Double.infinity...Double.infinity, "position z (3D)"),
        .number("fx", in: -Double.infinity...Double.infinity, "fixed x (d3's fx): a simulation keeps the node there"),
        .number("fy", in: -Double.infinity...Double.infinity, "fixed y"),
        .number("fz", in: -Double.infinity...Double.infinity, "fixed z"),
        LuaOption("data", .table("{name = value, ...}"), "free-form data fields"),
        .string("parent", "the parent node's id (React Flow's parentId)"),
        .string("parentId", "the same as `parent`"),
        .number("width", in: -Double.infinity...Double.infinity, "width (a node with width and height is drawn as a box)"),
        .number("height", in: -Double.infinity...Double.infinity, "height"),
        LuaOption("handles", .table("{{id =, type = \"source\" | \"target\", position = \"top\" | ...}, ...}"), "connection points"),
        .string("label", "display label"),
        .string("type", "node type"),
        .boolean("selected", default: false, "selected"),
        .boolean("deletable", default: true, "whether deleteElements may remove it"),
        .boolean("hidden", default: false, "hidden"),
    ]

    private static let edgeFields: [LuaOption] = [
        LuaOption("source", .string, default: .required, "the source node's id"),
        LuaOption("target", .string, default: .required, "the target node's id"),
        .string("id", described: "`xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, made unique", "the edge's id"),
        .string("sourceHandle", "the source handle's id"),
        .string("targetHandle", "the target handle's id"),
        LuaOption("data", .table("{name = value, ...}"), "free-form data fields"),
        .string("label", "display label"),
        .string("type", "edge type"),
        .boolean("selected", default: false, "selected"),
        .boolean("deletable", default: true, "whether deleteElements may remove it"),
    ]

    private static let formerIndex = LuaOption.integer("position", in: 1...Int.max, "its former place (1-based), as `g:deleteElements` returns it")

    /// `g:addNode{...}`: a node, and the velocity it starts with in the graph's simulation.
    public static let node = LuaOptionTable("g:addNode", nodeFields + [
        .number("vx", described: "0", "velocity x (d3's vx), kept by the graph's simulation; needs one made on the graph"),
        .number("vy", described: "0", "velocity y"),
        .number("vz", described: "0", "velocity z (3D)"),
    ])
    /// The `item` of node changes.
    public static let nodeItem = LuaOptionTable("g:applyNodeChanges item", nodeFields)
    /// `g:addEdge{...}`, and the `item` of edge changes.
    public static let edge = LuaOptionTable("g:addEdge", edgeFields)
    /// A node given back to `g:restore`.
    public static let deletedNode = LuaOptionTable("g:restore node", nodeFields + [formerIndex])
    /// An edge given back to `g:restore`.
    public static let deletedEdge = LuaOptionTable("g:restore edge", edgeFields + [formerIndex])
    /// `g:connect{...}`.
    public static let connect = LuaOptionTable("g:connect", edgeFields.filter { ["source", "target", "sourceHandle", "targetHandle", "id", "data"].contains($0.name) })
    /// `g:deleteElements{...}`.
    public static let deleteElements = LuaOptionTable("g:deleteElements", [
        LuaOption("nodes", .table("{id or node, ...}"), "the nodes to delete, with their deletable descendants and edges"),
        LuaOption("edges", .table("{id or edge, ...}"), "the edges to delete"),
    ])
    /// One change of `g:applyNodeChanges{...}`.
    public static let nodeChange = LuaOptionTable("g:applyNodeChanges change", [
        .choice("type", ["add", "remove", "replace", "position", "dimensions", "select"], default: nil, "what the change does"),
        .string("id", "the node (all but add)"),
        LuaOption("item", .table("a node, as g:addNode takes it, without vx, vy, vz"), "the node to add or the replacement"),
        .integer("index", in: 1...Int.max, "where to add (1-based; default: at the end)"),
        LuaOption("position", .table("{x =, y = [, z =]}"), "the new position"),
        .boolean("dragging", "whether the node is being dragged"),
        LuaOption("dimensions", .table("{width =, height =}"), "the new size"),
        .boolean("selected", "the new selection state"),
    ])
    /// One change of `g:applyEdgeChanges{...}`.
    public static let edgeChange = LuaOptionTable("g:applyEdgeChanges change", [
        .choice("type", ["add", "remove", "replace", "select"], default: nil, "what the change does"),
        .string("id", "the edge (all but add)"),
        LuaOption("item", .table("an edge, as g:addEdge takes it"), "the edge to add or the replacement"),
        .integer("index", in: 1...Int.max, "where to add (1-based; default: at the end)"),
        .boolean("selected", "the new selection state"),
    ])
}
