import Foundation
import Testing
@testable import GraphModel

/// The path of a fixture in Tests/Fixtures/formats.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/formats/\(name)").path
}

/// The graph read back from `graph` written in `format`.
private func roundTrip(_ graph: Graph, _ format: GraphFormat) throws -> Graph {
    try Graph.load(string: try graph.string(format: format), format: format)
}

@Test func dotStringsWithBackslashesQuotesAndLineBreaksReadBackUnchanged() throws {
    // Read by cgraph, as Graphviz reads them: a backslash is written as one, `\\` is a pair Graphviz keeps.
    let values = [#"\\"#, #"\\""#, #"ends with \\"#, "two\nlines", #"C:\Users\x"#, #"\\ twice"#, #"\N"#, "<a|<b>", #"a\b"#]
    let graph = Graph()
    for (index, value) in values.enumerated() {
        // A label `\N` is Graphviz's "the node's name": no label.
        try graph.addNode(Node(id: "n\(index) \(value)", data: ["v": .string(value)], label: value == #"\N"# ? nil : value))
    }
    try graph.addEdge(Edge(id: #"e\\"#, source: "n0 \\\\", target: "n1 \\\\\"", label: #"say "hi"\\"#))
    let text = try graph.string(format: .dot)
    #expect(text.contains(#""n8 a\b" ["label"="a\b", "v"="a\b"];"#), "\(text)")
    let loaded = try Graph.load(string: text, format: .dot)
    #expect(loaded.nodes == graph.nodes)
    #expect(loaded.edges == graph.edges)
    // A lone backslash before a quote, a line break or the end would be read as an escape: refused.
    for value in [#"\"#, #"a\"b"#, "a\\\nb", #"C:\Users\"#] {
        let one = Graph()
        try one.addNode(Node(id: "n", label: value))
        #expect(throws: GraphError.self, "\(value)") { try one.string(format: .dot) }
    }
}

@Test func dotRefusesANulAndXMLAControlCharacterAtSave() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "a\0b"))
    #expect(throws: GraphError(#"node "a\0b": the id holds U+0000, which DOT cannot hold"#)) {
        try graph.string(format: .dot)
    }
    let xml = Graph()
    try xml.addNode(Node(id: "a", data: ["note": .array([.string("x\u{02}")])]))
    try xml.addNode(Node(id: "c\u{01}"))
    #expect(throws: GraphError(#"node "a": data field 'note' holds U+0002, which GraphML cannot hold"#)) {
        try xml.string(format: .graphml)
    }
    try xml.updateNode("a") { $0.data = [:] }
    #expect(throws: GraphError(#"node "c\u{01}": the id holds U+0001, which GEXF cannot hold"#)) {
        try xml.string(format: .gexf)
    }
    // Tab, line feed and carriage return are fine.
    let fine = Graph()
    try fine.addNode(Node(id: "t\tl\nc\r", label: "x\ty"))
    for format in [GraphFormat.graphml, .gexf] { #expect(try roundTrip(fine, format).nodes == fine.nodes) }
}

@Test func dotHTMLLabelsComeBackAsHTMLLabels() throws {
    let graph = try Graph.load(path: fixture("html-label.dot"))
    #expect(graph.node("a")?.label == "<<b>bold</b> &amp; <i>italic</i>>")
    #expect(graph.node("b")?.label == "<f0> left|<f1> right")
    #expect(graph.edges.first?.label == "<x<sub>1</sub>>")
    let text = try graph.string(format: .dot)
    #expect(text.contains(#""label"=<<b>bold</b> &amp; <i>italic</i>>"#))
    #expect(text.contains(#""label"="<f0> left|<f1> right""#))
    let again = try Graph.load(string: text, format: .dot)
    #expect(again.nodes == graph.nodes && again.edges == graph.edges)
}

@Test func dotIsDecodedPerItsCharset() throws {
    let graph = try Graph.load(path: fixture("latin1.dot"))
    #expect(graph.nodeIds == ["café", "cafe"])
    #expect(graph.node("café")?.label == "crème brûlée")
    #expect(!graph.directed)
    // Written back as UTF-8, it reads the same.
    #expect(try roundTrip(graph, .dot).nodes == graph.nodes)
    #expect(throws: GraphFileError(file: "g", message: "charset 'big-5' is not supported (UTF-8 or Latin-1)")) {
        try Graph.load(string: #"graph { charset="big-5"; a }"#, format: .dot, name: "g")
    }
    #expect(throws: GraphFileError(file: "g", line: 1, column: 10, message: "DOT: a NUL byte")) {
        try Graph.load(data: Data("graph { a\0 }".utf8), format: .dot, name: "g")
    }
    // Bytes that are not UTF-8 in a UTF-8 file are read as Latin-1, as Graphviz does.
    #expect(try Graph.load(data: Data([0x67, 0x72, 0x61, 0x70, 0x68, 0x7B, 0x22, 0xE9, 0x22, 0x7D]), format: .dot).nodeIds == ["é"])
}

@Test func dotNodesAndClustersOfTheSameNameStayDistinct() throws {
    // Node a sits outside cluster_a, so the cluster is node "cluster_a"; the cluster_a nested in it is the same
    // parent node (its attributes added), never its own parent.
    let graph = try Graph.load(path: fixture("node-and-cluster.dot"))
    #expect(graph.nodeIds == ["a", "b", "c", "cluster_a"])
    #expect(graph.node("cluster_a")?.label == "inner" && graph.node("cluster_a")?.parentId == nil)
    #expect(graph.node("a")?.parentId == nil && graph.node("b")?.parentId == "cluster_a")
    #expect(graph.node("c")?.parentId == "cluster_a")
    // A node inside a cluster of its name is that cluster's parent node (Graphviz's own tests name clusters so).
    let inside = try Graph.load(string: "digraph { subgraph cluster_0 { 0; 1 } 0 -> 1 }", format: .dot)
    #expect(inside.nodeIds == ["0", "1"] && inside.node("1")?.parentId == "0" && inside.node("0")?.parentId == nil)
    let again = try roundTrip(graph, .dot)
    #expect(Set(again.nodes.map(\.id)) == Set(graph.nodeIds))
    for node in graph.nodes { #expect(again.node(node.id) == node) }
    // A parent with edges is written as a cluster whose id names it, so the edge's node and the cluster stay one.
    let flow = Graph()
    try flow.addNode(Node(id: "p"))
    try flow.addNode(Node(id: "q", parentId: "p"))
    try flow.addEdge(Edge(id: "e", source: "p", target: "q"))
    // (DOT lists a cluster's members before the node the edge makes: node order is not kept.)
    let back = try roundTrip(flow, .dot)
    #expect(back.nodes.sorted { $0.id < $1.id } == flow.nodes.sorted { $0.id < $1.id })
    #expect(back.edges == flow.edges)
}

@Test func filesWithAParentCycleAreRefused() throws {
    let text = """
    {"nodes": [{"id": "a", "parentId": "b"}, {"id": "b", "parentId": "c"}, {"id": "c", "parentId": "a"}], "edges": []}
    """
    #expect(throws: GraphFileError(file: "g", message: "nodes[0]: node 'a': its parents form a cycle (a -> b -> c -> a)")) {
        try Graph.load(string: text, format: .reactFlow, name: "g")
    }
}

@Test(arguments: [GraphFormat.d3, .reactFlow, .graphml, .gexf, .dot])
func directedAndUndirectedGraphsAndParallelEdgesKeepWhatTheyAre(format: GraphFormat) throws {
    for directed in [true, false] {
        let graph = Graph()
        graph.directed = directed
        try graph.addNode(Node(id: "a"))
        try graph.addNode(Node(id: "b"))
        try graph.addEdge(Edge(id: "1", source: "a", target: "b"))
        try graph.addEdge(Edge(id: "2", source: "a", target: "b"))
        try graph.addEdge(Edge(id: "3", source: "b", target: "a"))
        let loaded = try roundTrip(graph, format)
        #expect(loaded.directed == directed, "\(format)")
        #expect(loaded.edges == graph.edges, "\(format)")
    }
}

@Test func eachFormatSaysHowItTellsDirectedness() throws {
    #expect(try Graph.load(string: "<graphml><graph><node id=\"a\"/></graph></graphml>", format: .graphml).directed)
    #expect(try !Graph.load(string: "<graphml><graph edgedefault=\"undirected\"/></graphml>", format: .graphml).directed)
    #expect(try !Graph.load(path: fixture("default-undirected.gexf")).directed, "GEXF's default is undirected")
    #expect(try Graph.load(string: "<gexf><graph defaultedgetype=\"directed\"/></gexf>", format: .gexf).directed)
    #expect(try Graph.load(string: "digraph { a -> b }", format: .dot).directed)
    #expect(try !Graph.load(string: "graph { a -- b }", format: .dot).directed)
    #expect(try Graph.load(string: #"{"nodes": [], "links": []}"#).directed)
    #expect(try !Graph.load(string: #"{"directed": false, "nodes": [], "edges": []}"#, format: .reactFlow).directed)
}

@Test func dataNamedLikeAFormatsOwnFieldsKeepsItsPlace() throws {
    // A React Flow node with the usual data.label, and data named like every field GraphML and d3 have.
    let graph = Graph()
    var data: [String: DataValue] = [:]
    for name in ["label", "type", "x", "y", "parent", "id", "fx", "width", "data", "source"] { data[name] = .string("d-" + name) }
    try graph.addNode(Node(id: "a", position: Point(x: 1, y: 2), data: data, type: "custom", label: "A"))
    try graph.addNode(Node(id: "b", position: Point(x: 3, y: 4)))
    try graph.addEdge(Edge(id: "e", source: "a", target: "b", data: ["label": .string("el"), "id": .number(4),
                                                                        "source": .bool(true), "data": .number(1)], label: "E"))
    let graphML = try roundTrip(graph, .graphml)
    #expect(graphML.nodes == graph.nodes && graphML.edges == graph.edges)
    #expect(throws: GraphError("d3 JSON cannot hold node 'a': its label (React Flow JSON keeps every field)")) {
        try graph.string(format: .d3)
    }
    let d3 = try Graph.load(string: try graph.string(format: .d3, lossy: true), format: .d3)
    #expect(d3.node("a")?.data == data && d3.node("a")?.position == Point(x: 1, y: 2))
    #expect(d3.edges.first?.data == graph.edges.first?.data && d3.edges.first?.source == "a")
}

@Test func networkxNodeLinkDataLoadsAsD3() throws {
    let graph = try Graph.load(path: fixture("networkx-node-link.json"))
    #expect(graph.nodeIds == ["[0,1]", "[1,0]", "plain"])
    #expect(graph.node("[0,1]")?.data == ["colour": .string("red")])
    #expect(graph.node("plain")?.position.x == 3)
    #expect(!graph.directed)
    #expect(graph.edges.map(\.source) == ["[0,1]", "[0,1]", "plain"])
    #expect(graph.edges.map { $0.data["weight"] } == [.integer(2), .integer(5), nil])
    #expect(graph.edges.map { $0.data["key"] } == [.integer(0), .integer(1), .integer(0)])
    let forced = try Graph.load(path: fixture("networkx-node-link.json"), format: .given(.d3))
    #expect(forced.edgeCount == 3)
}

@Test func graphMLCDATAIsKeptAndNumericCDATAParses() throws {
    let graph = try Graph.load(path: fixture("yed-cdata.graphml"))
    #expect(graph.node("n0")?.data == ["description": .string(#"A <b>tagged</b> & "quoted" text"#), "weight": .number(2.5)])
    #expect(graph.node("n1")?.data == ["description": .string("plain and cdata")])
}

@Test func networkxMultigraphGraphMLReadsWithUniqueEdgeIds() throws {
    let graph = try Graph.load(path: fixture("networkx-multigraph.graphml"))
    #expect(!graph.directed)
    // The repeated id is dropped: the edge gets the id it would have without one, which saving leaves out again.
    #expect(graph.edges.map(\.id) == ["0", "1", "e2"])
    #expect(graph.edges.map { "\($0.source)\($0.target)" } == ["ab", "ab", "bc"])
    #expect(graph.edges.map { $0.data["weight"] } == [.integer(1), .integer(2), .integer(3)])
}

@Test func nonFiniteCoordinatesAreRefusedAtTheirPlace() throws {
    func failure(_ text: String, _ format: GraphFormat) -> String? {
        do { _ = try Graph.load(string: text, format: format, name: "g"); return nil } catch { return "\(error)" }
    }
    for value in ["1e999", "inf", "nan", "-INF"] {
        #expect(failure(#"digraph { a [pos="\#(value),1"] }"#, .dot)
            == #"g: node 'a': pos "\#(value),1" is not "x,y" or "x,y,z" of finite numbers"#)
        #expect(failure(#"digraph { a [width="\#(value)"] }"#, .dot) == #"g: node 'a': width "\#(value)" is not a finite number"#)
        let graphML = "<graphml><key id=\"x\" for=\"node\" attr.name=\"x\" attr.type=\"double\"/><graph>\n"
            + "<node id=\"a\"><data key=\"x\">\(value)</data></node></graph></graphml>"
        #expect(failure(graphML, .graphml)?.hasSuffix("node 'a': x must be a finite number") == true)
        #expect(failure(graphML, .graphml)?.hasPrefix("g:2:") == true)
        let gexf = "<gexf xmlns:viz=\"http://gexf.net/1.3/viz\"><graph><nodes>\n<node id=\"a\"><viz:position x=\"\(value)\" y=\"0\"/></node></nodes></graph></gexf>"
        #expect(failure(gexf, .gexf)?.hasSuffix("<viz:position> needs finite numbers") == true)
    }
    #expect(failure(#"{"nodes": [{"id": "a", "x": 1e999}]}"#, .d3)
        == "g:1:37: invalid JSON: Number 1e999 is not representable in Swift.")
    // A data value that is not a finite number stays text in DOT, and JSON refuses to write one.
    let graph = try Graph.load(string: #"digraph { a [w="1e999"] }"#, format: .dot)
    #expect(graph.node("a")?.data == ["w": .string("1e999")])
    try graph.updateNode("a") { $0.data = ["w": .number(.infinity)] }
    #expect(throws: GraphError(#"node "a": data field 'w' holds a number that is not finite, which JSON cannot hold"#)) {
        try graph.string(format: .d3)
    }
}

@Test(arguments: [GraphFormat.graphml, .gexf])
func xmlDataOfAnyKindReadsBack(format: GraphFormat) throws {
    // Flowise keeps arrays and objects in data; Graphviz attributes mix numbers and text under one name.
    let graph = Graph()
    try graph.addNode(Node(id: "a", data: ["list": .array([.string("x"), .number(1)]), "mixed": .number(3),
                                           "flag": .bool(true), "empty": .null], width: 4, height: 4))
    try graph.addNode(Node(id: "b", data: ["list": .object(["k": .bool(false)]), "mixed": .string("3"),
                                           "flag": .string("true"), "text": .string("")]))
    try graph.addEdge(Edge(id: "e", source: "a", target: "b", data: ["weight": .number(2), "tags": .array([]),
                                                                        "nj.looks": .string("like JSON's key")]))
    let loaded = try roundTrip(graph, format)
    #expect(loaded.nodes == graph.nodes)
    #expect(loaded.edges == graph.edges)
}

@Test func eachFormatRefusesWhatItCannotHoldUnlessToldToLeaveItOut() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "a", position: Point(x: 1, y: 2), data: ["k": .string("7")]))
    try graph.addNode(Node(id: "b", handles: [Handle(id: "in", type: .target, position: .left)]))
    try graph.addEdge(Edge(id: "e", source: "a", target: "b", targetHandle: "in", type: "step"))
    #expect(throws: GraphError("GEXF cannot hold node 'b': its handles (React Flow JSON keeps every field)")) {
        try graph.string(format: .gexf)
    }
    #expect(throws: GraphError("DOT cannot hold node 'a': its data field 'k' (the text \"7\", which would read back as a number or a boolean) (React Flow JSON keeps every field)")) {
        try graph.string(format: .dot)
    }
    #expect(throws: GraphError("CSV cannot hold node 'a': its position (an edge list keeps node ids and edges with their data; React Flow JSON keeps every field)")) {
        try graph.string(format: .csv)
    }
    try graph.updateNode("a") { $0.data = [:] }
    #expect(throws: GraphError("DOT cannot hold node 'b': its handles (DOT keeps the ports edges use, without sides) (React Flow JSON keeps every field)")) {
        try graph.string(format: .dot)
    }
    #expect(try roundTrip(graph, .graphml).nodes == graph.nodes)
    graph.directed = false
    #expect(throws: GraphError("TSV cannot hold an undirected graph (an edge list keeps node ids and edges with their data; React Flow JSON keeps every field)")) {
        try graph.string(format: .tsv, lossy: false)
    }
    let lossy = try Graph.load(string: try graph.string(format: .gexf, lossy: true), format: .gexf)
    #expect(lossy.node("b")?.handles == [] && lossy.edges.first?.type == nil && lossy.node("a")?.position == Point(x: 1, y: 2))
}

@Test func emptyIdsRoundTripInCSVAndTSV() throws {
    let graph = Graph()
    try graph.addNode(Node(id: ""))
    try graph.addNode(Node(id: "x"))
    try graph.addNode(Node(id: " "))
    try graph.addEdge(Edge(id: "e0", source: "", target: "x"))
    for format in [GraphFormat.csv, .tsv] {
        let text = try graph.string(format: format)
        #expect(text.contains("\"\""), "\(text)")
        let loaded = try roundTrip(graph, format)
        #expect(loaded.nodeIds == ["", "x", " "] && loaded.edges == graph.edges)
    }
    #expect(throws: GraphFileError(file: "g", line: 2, message: "empty node id (write an empty id as \"\")")) {
        try Graph.load(string: "a,b\n,c\n", format: .csv, name: "g")
    }
}

@Test func whiteSpaceEdgeListsReadAndWrite() throws {
    // What networkx's write_edgelist writes, with its dictionaries, bare weights and comments.
    let text = """
    # written by networkx
    1 2 {'weight': 3, 'colour': 'red', 'seen': True, 'note': None, "d": "it's"}
    2   3\t7.5
    3 1 {}
    4
    """
    let graph = try Graph.load(string: text, format: .edgelist)
    #expect(graph.nodeIds == ["1", "2", "3", "4"] && graph.directed)
    #expect(graph.edges.map(\.data) == [
        ["weight": .integer(3), "colour": .string("red"), "seen": .bool(true), "note": .null, "d": .string("it's")],
        ["weight": .number(7.5)], [:],
    ])
    #expect(graph.edges.map(\.id) == ["e0", "e1", "e2"])
    #expect(try roundTrip(graph, .edgelist).edges == graph.edges)
    #expect(try graph.string(format: .edgelist).hasPrefix("1 2 {\"colour\": \"red\", \"d\": \"it's\", \"note\": None, \"seen\": True, \"weight\": 3}\n2 3 {\"weight\": 7.5}\n3 1\n4\n"))
    try graph.addEdge(Edge(id: "named", source: "4", target: "4"))
    #expect(try roundTrip(graph, .edgelist).edges.map(\.id) == ["e0", "e1", "e2", "named"])
    try graph.addNode(Node(id: "a b"))
    #expect(throws: GraphError(#"an edge list cannot hold node "a b"'s id (empty, white space, '#' or a leading '{')"#)) {
        try graph.string(format: .edgelist)
    }
    #expect(throws: GraphFileError(file: "g", line: 1, message: "the data {'a': } is not a dictionary literal")) {
        try Graph.load(string: "1 2 {'a': }", format: .edgelist, name: "g")
    }
    #expect(GraphFormat.fromExtension(of: "x.edgelist") == .edgelist && GraphFormat(name: "edgelist") == .edgelist)
}

@Test func graphMLRefusesARepeatedKeyId() throws {
    let text = "<graphml>\n<key id=\"d\" for=\"edge\" attr.type=\"double\"/><key id=\"d\" for=\"edge\"/><graph/></graphml>"
    #expect(throws: GraphFileError(file: "g", line: 2, column: 66, message: "duplicate key id 'd'")) {
        try Graph.load(string: text, format: .graphml, name: "g")
    }
}

@Test func dotRefusesCoordinatesGraphvizsFrameWouldRound() throws {
    // A box is placed by its centre in DOT: 0.1 + 10 - 10 is not 0.1.
    let graph = Graph()
    try graph.addNode(Node(id: "a", position: Point(x: 0.1, y: 2), width: 20, height: 20))
    #expect(throws: GraphError("DOT cannot hold node 'a': its x 0.1 exactly (it would read back as 0.09999999999999964 through Graphviz's absolute, centred coordinates) (React Flow JSON keeps every field)")) {
        try graph.string(format: .dot)
    }
    let lossy = try Graph.load(string: try graph.string(format: .dot, lossy: true), format: .dot)
    #expect(abs(lossy.node("a")!.position.x - 0.1) < 1e-12)
    try graph.updateNode("a") { $0.position = Point(x: 1.5, y: 2) }
    #expect(try roundTrip(graph, .dot).nodes == graph.nodes)
}

@Test func graphMLKeyDefaultsApplyWhereDataIsMissing() throws {
    let text = """
    <graphml>
      <key id="c" for="node" attr.name="colour" attr.type="string"><default>yellow</default></key>
      <key id="w" for="edge" attr.name="weight" attr.type="double"><default>1.5</default></key>
      <key id="l" for="node" attr.name="label"><default>unnamed</default></key>
      <graph>
        <node id="a"><data key="c">red</data></node>
        <node id="b"><data key="l">B</data></node>
        <edge source="a" target="b"/>
        <edge source="b" target="a"><data key="w">3</data></edge>
      </graph>
    </graphml>
    """
    let graph = try Graph.load(string: text, format: .graphml)
    #expect(graph.node("a")?.data == ["colour": .string("red")] && graph.node("a")?.label == "unnamed")
    #expect(graph.node("b")?.data == ["colour": .string("yellow")] && graph.node("b")?.label == "B")
    #expect(graph.edges.map { $0.data["weight"] } == [.number(1.5), .number(3)])
    let bad = "<graphml><key id=\"w\" for=\"edge\" attr.type=\"double\"><default>x</default></key><graph>"
        + "<node id=\"a\"/><edge source=\"a\" target=\"a\"/></graph></graphml>"
    #expect(throws: GraphFileError(file: "g", message: "'x' is not a valid double for key 'w'")) {
        try Graph.load(string: bad, format: .graphml, name: "g")
    }
}

@Test func anEdgeAgainstItsGraphsDirectionKeepsItAsData() throws {
    let graphML = """
    <graphml><graph edgedefault="directed"><node id="a"/><node id="b"/>
    <edge source="a" target="b"/><edge source="b" target="a" directed="false"/><edge source="a" target="a" directed="true"/>
    </graph></graphml>
    """
    let mixed = try Graph.load(string: graphML, format: .graphml)
    #expect(mixed.directed && mixed.edges.map { $0.data["directed"] } == [nil, .bool(false), nil])
    let gexf = """
    <gexf><graph defaultedgetype="undirected"><nodes><node id="a"/></nodes>
    <edges><edge source="a" target="a" type="directed"/><edge source="a" target="a" type="mutual"/></edges></graph></gexf>
    """
    let other = try Graph.load(string: gexf, format: .gexf)
    #expect(!other.directed && other.edges.map { $0.data["directed"] } == [.bool(true), nil])
    #expect(try roundTrip(mixed, .gexf).edges == mixed.edges)
}

@Test func linesThatDoNotFitAreErrorsNamingFileAndLine() throws {
    // networkx's edge list of Davis Southern Women: ids with spaces cannot be split from the data.
    #expect(throws: GraphFileError(file: "d", line: 2, message: "4 fields ('Evelyn' 'Jefferson' 'E1' '{}'): expected source and target (ids without white space), then a {...} dictionary or one number (the weight)")) {
        try Graph.load(string: "# davis\nEvelyn Jefferson E1 {}\n", format: .edgelist, name: "d")
    }
    #expect(throws: GraphFileError.self) { try Graph.load(string: "a b red\n", format: .edgelist) }
    #expect(throws: GraphFileError.self) { try Graph.load(string: "0 1 2 3 4\n", format: .edgelist) }
    #expect(try Graph.load(string: "a b 2.0 # weight\n", format: .edgelist).edges.first?.data == ["weight": .number(2)])
    // CSV and TSV: no more fields than the header, or without one the first edge row; no '#' comments.
    #expect(throws: GraphFileError(file: "c", line: 2, message: "4 fields, but the first row has 3")) {
        try Graph.load(string: "a,b,1\nb,c,2,3\n", format: .csv, name: "c")
    }
    #expect(throws: GraphFileError(file: "c", line: 2, message: "3 fields, but the header names 2")) {
        try Graph.load(string: "source,target\na,b,1\n", format: .csv, name: "c")
    }
    #expect(throws: GraphFileError.self) { try Graph.load(string: "# SNAP header\n1\t2\n", format: .tsv) }
    let hashed = Graph()
    try hashed.addNode(Node(id: "#1"))
    #expect(try roundTrip(hashed, .csv).nodeIds == ["#1"])
    // pandas writes booleans True and False.
    #expect(try Graph.load(string: "source,target,ok\na,b,True\nb,a,FALSE\n", format: .csv).edges.map { $0.data["ok"] } == [.bool(true), .bool(false)])
}

@Test func refusedExtensionsSayWhetherTheFormatIsUnsupportedOrNeedsNaming() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-ext-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["g.g6", "g.txt", "g"] { FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data("a b\n".utf8)) }
    let names = GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")
    #expect(throws: GraphFileError(file: "\(folder)/g.g6", message: "'.g6' is graph6, a format forcelab does not support (its formats: \(names))")) {
        try Graph.load(path: "\(folder)/g.g6")
    }
    #expect(throws: GraphFileError(file: "\(folder)/g.txt", message: "the extension '.txt' names no format; give one with format = (\(names))")) {
        try Graph.load(path: "\(folder)/g.txt")
    }
    #expect(throws: GraphFileError(file: "\(folder)/g", message: "the file has no extension; give one with format = (\(names))")) {
        try Graph().save(path: "\(folder)/g")
    }
    #expect(try Graph.load(path: "\(folder)/g.txt", format: .given(.edgelist)).edgeCount == 1)
}

@Test func lossySavesLeaveOutWhatTheFormatCannotHoldAndSaySo() throws {
    // networkx's special floats (inf, -inf, nan in GraphML; INF, -INF, NaN in GEXF) have no place in JSON.
    for name in ["networkx-specialfloats.graphml", "networkx-specialfloats.gexf"] {
        let graph = try Graph.load(path: fixture(name))
        #expect(graph.node("0")?.data["speed"] == .number(.infinity) && graph.node("0")?.data["loss"] == .number(-.infinity))
        #expect(throws: GraphError.self) { try graph.string(format: .d3) }
        let (text, leftOut) = try graph.written(format: .d3, lossy: true)
        #expect(leftOut.filter { $0.hasPrefix("data") }.map { $0.prefix(while: { $0 != ":" }) } == [
            "data field 'loss' (a number that is not finite)", "data field 'score' (a number that is not finite)",
            "data field 'speed' (a number that is not finite)", "data field 'w' (a number that is not finite)",
        ], "\(name)")
        #expect(leftOut.first == "data field 'loss' (a number that is not finite): node '0'")
        let back = try Graph.load(string: text)
        #expect(back.node("0")?.data == ["ok": .number(1.5)] && back.node("1")?.data == graph.node("1")?.data)
        #expect(back.edges.first?.data == [:])
    }
    // A parent's data field `id` (Flowise's group nodes) has no place in DOT, which writes the cluster's id there.
    let flow = Graph()
    try flow.addNode(Node(id: "group", data: ["id": .string("group"), "name": .string("Group")]))
    try flow.addNode(Node(id: "child", parentId: "group"))
    #expect(throws: GraphError.self) { try flow.string(format: .dot) }
    let (dot, dropped) = try flow.written(format: .dot, lossy: true)
    #expect(dropped == ["data field 'id' (named like DOT's own attribute): node 'group'"])
    #expect(try Graph.load(string: dot, format: .dot).node("group")?.data == ["name": .string("Group")])
    // Fields a format has no place for are listed too, with how many others have them.
    let placed = Graph()
    for id in ["a", "b", "c"] { try placed.addNode(Node(id: id, position: Point(x: 1, y: 2), label: id.uppercased())) }
    #expect(try placed.written(format: .csv, lossy: true).leftOut == ["position: node 'a' and 2 others", "label: node 'a' and 2 others"])
    #expect(try placed.written(format: .reactFlow, lossy: true).leftOut == [])
}

@Test func nodeLinkJSONStatesWhatNetworkxNeedsAndNumbersKeepTheirKind() throws {
    let text = #"""
    {"directed": true, "multigraph": true, "graph": {}, "nodes": [{"id": 0, "r": 2.0, "n": 38, "e": 1e2,
     "big": 9007199254740993, "list": [1, 2.0]}, {"id": 1}],
     "edges": [{"source": 0, "target": 1, "key": 0, "w": 0.5}, {"source": 0, "target": 1, "key": 1, "w": -0.0}]}
    """#
    let graph = try Graph.load(string: text)
    #expect(graph.node("0")?.data == [
        "r": .number(2), "n": .integer(38), "e": .number(100), "big": .integer(9007199254740993),
        "list": .array([.integer(1), .number(2)]),
    ])
    #expect(graph.nodeLinkStyle == { var style = NodeLinkStyle(); style.edgesKey = "edges"; style.multigraph = true; style.integerIds = true; return style }())
    let written = try graph.string(format: .d3)
    #expect(written.hasPrefix("{\n  \"directed\": true,\n  \"multigraph\": true,\n  \"edges\": [\n    {\"key\":0,\"source\":0,\"target\":1,\"w\":0.5},"), "\(written)")
    #expect(written.contains(#"{"big":9007199254740993,"e":100.0,"id":0,"list":[1,2.0],"n":38,"r":2.0}"#), "\(written)")
    let again = try Graph.load(string: written)
    #expect(again.nodes == graph.nodes && again.edges == graph.edges && again.nodeLinkStyle == graph.nodeLinkStyle)
    // A d3 graph of forcelab's own says it is not a multigraph until two edges join the same nodes.
    let own = Graph()
    try own.addNode(Node(id: "a"))
    try own.addEdge(Edge(id: "e0", source: "a", target: "a"))
    #expect(try own.string(format: .d3).hasPrefix("{\n  \"directed\": true,\n  \"multigraph\": false,\n  \"links\": [\n    {\"source\":\"a\",\"target\":\"a\"}"))
    try own.addEdge(Edge(id: "named", source: "a", target: "a"))
    #expect(try own.string(format: .d3).contains("\"multigraph\": true,"))
}
