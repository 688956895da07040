/// What the XML writers (GraphML, GEXF) start from: the graph checked for text XML cannot hold, its nodes and edges,
/// and the kind each data field is declared as.
struct XMLGraphData {
    /// The XML declaration each file starts with.
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    /// The nodes in order.
    let nodes: [Node]
    /// The edges in order.
    let edges: [Edge]
    /// The kind of each node data field, by name.
    let nodeKinds: [String: DataKeyKind]
    /// The kind of each edge data field that is written as data, by name.
    let edgeKinds: [String: DataKeyKind]

    /// Refuses a graph holding text XML cannot hold (the error names `format`); an edge data field for which
    /// `writtenAsData` is false (one the format writes elsewhere) gets no kind.
    init(_ graph: Graph, format: String, writtenAsData: (String, DataValue) -> Bool = { _, _ in true }) throws {
        try UnwritableText.check(graph, format: format, suspect: XMLText.suspect, cannotHold: XMLText.cannotHold)
        nodes = graph.nodes
        edges = graph.edges
        var nodeData: [String: [DataValue]] = [:]
        var edgeData: [String: [DataValue]] = [:]
        for node in nodes { for (key, value) in node.data { nodeData[key, default: []].append(value) } }
        for edge in edges {
            for (key, value) in edge.data where writtenAsData(key, value) { edgeData[key, default: []].append(value) }
        }
        nodeKinds = nodeData.mapValues(DataKeyKind.init(of:))
        edgeKinds = edgeData.mapValues(DataKeyKind.init(of:))
    }
}
