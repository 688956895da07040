import Foundation
import Testing
@testable import GraphModel

/// A graph using what every format can hold: ids, positions, a number and a string in data, edge weights.
private func sample() throws -> Graph {
    let graph = Graph()
    try graph.addNode(Node(id: "a", x: 1.5, y: -2, data: ["group": .number(1), "name": .string("Ann, \"A\"")]))
    try graph.addNode(Node(id: "b c", x: 0.1, y: 3e-5, data: ["group": .number(2)]))
    try graph.addNode(Node(id: "d", x: 7, y: 8))
    try graph.addEdge(Edge(id: "e1", source: "a", target: "b c", data: ["weight": .number(0.25)]))
    try graph.addEdge(Edge(id: "e2", source: "b c", target: "a", data: ["weight": .number(3)]))
    return graph
}

/// What loading `bytes` (as `format`, or JSON by content) named `name` throws, as its text; nil when it loads.
private func loadFailure(_ bytes: [UInt8], _ format: GraphFormat? = nil, name: String = "g") -> String? {
    do {
        _ = try Graph.load(data: Data(bytes), format: format, name: name)
        return nil
    } catch {
        return "\(error)"
    }
}

/// `loadFailure` of a text's UTF-8 bytes.
private func loadFailure(_ text: String, _ format: GraphFormat? = nil, name: String = "g") -> String? {
    loadFailure(Array(text.utf8), format, name: name)
}

/// A temporary folder for files.
private func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "graphmodel-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Test(arguments: [GraphFormat.d3, .reactFlow, .graphml, .gexf, .dot])
func roundTripKeepsNodesEdgesAndData(format: GraphFormat) throws {
    let graph = try sample()
    let text = try graph.string(format: format)
    let loaded = try Graph.load(string: text, format: format)
    #expect(Set(loaded.nodeIds) == Set(graph.nodeIds))
    for node in graph.nodes {
        let copy = try #require(loaded.node(node.id))
        #expect(copy.position == node.position, "\(format) position of \(node.id)")
        #expect(copy.data == node.data, "\(format) data of \(node.id)")
    }
    #expect(loaded.edges.map(\.id) == ["e1", "e2"])
    #expect(loaded.edges.map(\.data) == graph.edges.map(\.data))
    #expect(try loaded.string(format: format) == text, "saving is deterministic")
}

@Test(arguments: [GraphFormat.csv, .tsv])
func edgeListsRoundTripEdgesAndLoneNodes(format: GraphFormat) throws {
    let graph = try sample()
    let text = try graph.string(format: format, lossy: true)
    let loaded = try Graph.load(string: text, format: format)
    #expect(loaded.nodeIds == ["a", "b c", "d"])
    #expect(loaded.edges == graph.edges)
    // A separator followed by a combining mark is one character to Swift but still a separator byte to the reader.
    let tricky = Graph()
    try tricky.addNode(Node(id: "a"))
    try tricky.addEdge(Edge(id: "x", source: "a", target: "a", data: ["note": .string("x,\u{301}y\t\u{301}z")]))
    #expect(try Graph.load(string: try tricky.string(format: format), format: format).edges == tricky.edges)
}

@Test func reactFlowKeepsEveryField() throws {
    let graph = Graph()
    try graph.addNode(Node(
        id: "p", position: Point(x: 1, y: 2, z: 3), fx: 1, data: ["k": .array([.bool(true), .null])],
        width: 10, height: 20, handles: [Handle(id: "out", type: .source, position: .right)], selected: true,
        deletable: false, hidden: true, type: "group", label: "P"))
    try graph.addNode(Node(id: "c", parentId: "p"))
    try graph.addEdge(Edge(id: "x", source: "p", target: "c", sourceHandle: "out", selected: true, label: "L", type: "step"))
    graph.viewport = SavedViewport(x: 5, y: 6, zoom: 2)
    let loaded = try Graph.load(string: try graph.string(format: .reactFlow))
    #expect(loaded.nodes == graph.nodes)
    #expect(loaded.edges == graph.edges)
    #expect(loaded.viewport == graph.viewport)
    #expect(loaded.selectedNodeIds == ["p"] && loaded.selectedEdgeIds == ["x"])
}

@Test func dotMapsPortsClustersAndPinnedPositions() throws {
    let text = """
    digraph {
      a [pos="1,2!"];
      subgraph cluster_g { label="Group"; b; c [pos="3,4", group=2]; }
      a:out -> b:in [weight=2];
      c -> a;
    }
    """
    let graph = try Graph.load(string: text, format: .dot)
    // Without a bb, Graphviz's y-up coordinates are negated into forcelab's y-down frame.
    #expect(graph.node("a")?.fx == 1 && graph.node("a")?.fy == -2 && graph.node("a")?.position == Point(x: 1, y: -2))
    #expect(graph.node("b")?.parentId == "g" && graph.node("c")?.parentId == "g")
    #expect(graph.node("g")?.label == "Group")
    #expect(graph.node("c")?.data == ["group": .integer(2)])
    #expect(graph.node("a")?.handles == [Handle(id: "out", type: .source)])
    let edge = try #require(graph.edges.first)
    #expect(edge.source == "a" && edge.sourceHandle == "out" && edge.targetHandle == "in")
    #expect(edge.data == ["weight": .integer(2)])
    #expect(graph.edges.map(\.target) == ["b", "a"])
    let again = try Graph.load(string: try graph.string(format: .dot), format: .dot)
    #expect(again.node("c")?.parentId == "g" && again.node("g")?.label == "Group")
    #expect(again.edges.map(\.sourceHandle) == ["out", nil])
}

@Test func graphMLReadsNestedGraphsAndPorts() throws {
    let text = """
    <?xml version="1.0"?>
    <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
      <key id="w" for="edge" attr.name="weight" attr.type="double"/>
      <graph edgedefault="directed">
        <node id="outer">
          <graph><node id="inner"><port name="p"/></node></graph>
        </node>
        <edge source="outer" target="inner" targetport="p"><data key="w">2.5</data></edge>
      </graph>
    </graphml>
    """
    let graph = try Graph.load(string: text, format: .graphml)
    #expect(graph.node("inner")?.parentId == "outer")
    #expect(graph.node("inner")?.handles == [Handle(id: "p", type: .target)])
    #expect(graph.edges.first?.data["weight"] == .number(2.5))
    #expect(graph.edges.first?.id == "e0")
}

@Test func d3LinksByIndexAndExtraFieldsAsData() throws {
    let graph = try Graph.load(string: """
    {"nodes": [{"name": "x", "fx": null}, {"id": "y", "vx": 1}], "links": [{"source": 0, "target": "y", "value": 3}]}
    """)
    #expect(graph.nodeIds == ["0", "y"])
    #expect(graph.node("0")?.data == ["name": .string("x")])
    #expect(graph.node("0")?.position.isPlaced == false && graph.node("0")?.fx == nil)
    #expect(graph.edges.first?.data == ["value": .integer(3)])
}

@Test func jsonFieldsMayChangeKindFromObjectToObject() throws {
    // Reading tries first the kind a field of that name held last; each node here breaks that guess somewhere.
    let graph = try Graph.load(string: """
    {"nodes": [
      {"id": 1, "v": 2.5, "tags": ["a", 1, true, null, {"k": [1, "x"]}]},
      {"id": "b", "v": "text", "tags": {"nested": {"deep": [[], {}]}}},
      {"id": 3, "v": true, "tags": null},
      {"id": "d", "v": [false, -0.0], "tags": 7},
      {"v": {"x": 1}}
    ], "links": [{"source": 1, "target": "b"}, {"source": "d", "target": 3}, {"source": {"id": 1}, "target": 4}]}
    """)
    #expect(graph.nodeIds == ["1", "b", "3", "d", "4"])
    #expect(graph.node("1")?.data == [
        "v": .number(2.5),
        "tags": .array([.string("a"), .integer(1), .bool(true), .null, .object(["k": .array([.integer(1), .string("x")])])]),
    ])
    #expect(graph.node("b")?.data == [
        "v": .string("text"), "tags": .object(["nested": .object(["deep": .array([.array([]), .object([:])])])]),
    ])
    #expect(graph.node("3")?.data == ["v": .bool(true), "tags": .null])
    #expect(graph.node("d")?.data == ["v": .array([.bool(false), .number(-0.0)]), "tags": .integer(7)])
    #expect(graph.node("d")?.data["v"] == .array([.bool(false), .number(-0.0)]))
    #expect(graph.node("4")?.data == ["v": .object(["x": .integer(1)])])
    #expect(graph.edges.map { "\($0.source)>\($0.target)" } == ["1>b", "d>3", "1>4"])
}

@Test func jsonFieldsOfTheWrongKindAreNamedByTheirPath() throws {
    func message(_ text: String) -> String? { loadFailure(text, name: "g.json") }
    #expect(message(#"[1, 2]"#) == "g.json: document: expected an object")
    #expect(message(#"{"nodes": {"id": "a"}}"#) == "g.json: document.nodes must be an array")
    #expect(message(#"{"nodes": [{"id": "a"}, 5]}"#) == "g.json: nodes[1]: expected an object")
    #expect(message(#"{"nodes": [{"id": "a", "x": 1}, {"id": "b", "x": "1"}]}"#) == "g.json: nodes[1].x must be a number")
    #expect(message(#"{"nodes": [{"id": true}]}"#) == "g.json: nodes[0].id must be a string")
    // A boolean is not a node index (Foundation's JSONSerialization gave booleans as numbers).
    #expect(message(#"{"nodes": [{"id": "a"}, {"id": "b"}], "links": [{"source": true, "target": "a"}]}"#)
        == "g.json: links[0].source must be a string")
    #expect(message(#"{"nodes": [{"id": "a"}], "links": [{"source": {"name": "a"}, "target": "a"}]}"#)
        == "g.json: links[0].source has no id")
    #expect(message(#"{"nodes": [], "edges": [{"id": "e", "source": "a"}]}"#) == "g.json: edges[0] needs a source and a target")
    #expect(message(#"{"nodes": [{"id": "a", "position": [1, 2]}], "edges": []}"#)
        == "g.json: nodes[0].position: expected an object")
    #expect(message(#"{"nodes": [{"id": "a", "data": 3}], "edges": []}"#) == "g.json: nodes[0].data must be an object")
    #expect(message("{\"nodes\": [\n  {\"id\": \"a\"} {\"id\": \"b\"}]}")?.hasPrefix("g.json:2:") == true)
}

@Test func malformedInputNamesTheFileLineAndColumn() throws {
    func failure(_ text: String, _ format: GraphFormat?) -> GraphFileError? {
        do {
            _ = try Graph.load(string: text, format: format, name: "in.txt")
            return nil
        } catch {
            return error as? GraphFileError
        }
    }
    let json = try #require(failure("{\n  \"nodes\": [\n    {\"id\": 1},,\n  ]}", nil))
    #expect(json.file == "in.txt" && json.line == 3 && json.column == 15, "\(json)")
    let dangling = try #require(failure(#"{"nodes": [{"id": "a"}], "links": [{"source": "a", "target": "q"}]}"#, .d3))
    #expect(dangling.description == "in.txt: links[0]: edge a -> q: node 'q' does not exist")
    let duplicate = try #require(failure("source,target\na,b\nb,c,1,2\n", .csv))
    #expect(duplicate.line == 3 && duplicate.message.contains("header"))
    let csvDup = try #require(failure("source,target,id\na,b,x\nb,c,x\n", .csv))
    #expect(csvDup.description == "in.txt:3: duplicate edge id 'x'")
    let xml = try #require(failure("<graphml><graph>", .graphml))
    #expect(xml.line == 1 && xml.message.contains("malformed XML"))
    let xmlDup = try #require(failure("<graphml><graph>\n<node id=\"a\"/>\n<node id=\"a\"/></graph></graphml>", .graphml))
    #expect(xmlDup.line == 3 && xmlDup.message == "duplicate node id 'a'")
    let gexf = try #require(failure("<gexf><graph><nodes><node id=\"a\"/></nodes><edges>\n<edge source=\"a\" target=\"b\"/></edges></graph></gexf>", .gexf))
    #expect(gexf.line == 2 && gexf.message.contains("node 'b' does not exist"))
    let dot = try #require(failure("digraph {\n a -> b;\n c -> ; }", .dot))
    #expect(dot.line == 3 && dot.message.contains("syntax error"), "\(dot)")
    #expect(try Graph.load(string: "digraph { x -> y }\n\n", format: .dot).edgeCount == 1, "cgraph recovers after an error")
    #expect(try Graph.load(string: "digraph { a } digraph { b }", format: .dot).nodeIds == ["a"])
    #expect(try Graph.load(string: "digraph { c }", format: .dot).nodeIds == ["c"], "nothing leaks into the next parse")
    let again = try #require(failure("digraph {\n a -> b;\n c -> ; }", .dot))
    #expect(again.line == 3)
}

@Test func filesPickTheirFormatFromTheExtensionAndSaveAtomically() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let graph = try sample()
    for name in ["g.json", "g.graphml", "g.gexf", "g.gv", "g.csv", "g.tsv"] {
        // Edge lists keep no positions or node data: they are left out only when asked.
        try graph.save(path: "\(folder)/\(name)", lossy: name.hasSuffix("sv"))
        let loaded = try Graph.load(path: "\(folder)/\(name)")
        #expect(loaded.edges.map(\.source) == ["a", "b c"], "\(name)")
    }
    try graph.save(path: "\(folder)/rf.json", format: .given(.reactFlow))
    #expect(try Graph.load(path: "\(folder)/rf.json").nodes == graph.nodes)
    #expect(try String(contentsOfFile: "\(folder)/g.json", encoding: .utf8).hasPrefix("{\n  \"directed\": true,\n  \"multigraph\": false,\n  \"links\": [\n    {\"id\":\"e1\""))
    #expect(throws: GraphFileError.self) { try graph.save(path: "\(folder)/g.unknown") }
    #expect(throws: GraphFileError(file: "\(folder)/none.csv", message: "no such file")) {
        try Graph.load(path: "\(folder)/none.csv")
    }
    // A relative path that leads nowhere says which folder it was looked for from.
    let here = FileManager.default.currentDirectoryPath
    #expect(throws: GraphFileError(file: "no-such-folder/none.csv", message: "no such file (the current folder is '\(here)')")) {
        try Graph.load(path: "no-such-folder/none.csv")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty)
}

@Test func dotClustersBecomeFramesWithTheirMembersRelativeToThem() throws {
    // What `dot -Tdot` prints for a -> b -> c with b in cluster g and c in cluster h inside g: absolute positions.
    let text = """
    digraph {
    \tgraph [bb="0,0,102,210"];
    \tsubgraph cluster_g {
    \t\tgraph [bb="8,8,94,166", label=G];
    \t\tsubgraph cluster_h {
    \t\t\tgraph [bb="16,16,86,91"];
    \t\t\tc [height=0.5, pos="51,42", width=0.75];
    \t\t}
    \t\tb [height=0.5, pos="51,117", width=0.75];
    \t}
    \ta [height=0.5, pos="51,192", width=0.75];
    \ta -> b; b -> c;
    }
    """
    let graph = try Graph.load(string: text, format: .dot)
    let g = try #require(graph.node("g")), h = try #require(graph.node("h"))
    #expect(g.position == Point(x: 8, y: 44) && g.width == 86 && g.height == 158, "bb's top-left in the y-down frame")
    #expect(h.parentId == "g" && h.position == Point(x: 8, y: 75) && h.width == 70 && h.height == 75)
    // Boxes (54 x 36 points) are placed by their top-left corner: Graphviz's centre minus half the size.
    #expect(graph.node("b")?.position == Point(x: 16, y: 31), "b relative to g")
    #expect(graph.node("c")?.position == Point(x: 8, y: 31), "c relative to h")
    #expect(graph.absolutePosition(of: "c") == Point(x: 24, y: 150))
    #expect(graph.node("a")?.position == Point(x: 24, y: 0))
    try graph.updateNode("b") { $0.fx = 1; $0.fy = 2 }
    let written = try graph.string(format: .dot)
    #expect(written.contains(#""pos"="51,-168""#), "members are written with absolute centres: \(written)")
    #expect(written.contains(#""bb"="16,-194,86,-119""#) && written.contains(#""fx"="36""#) && written.contains(#""fy"="-64""#))
    let again = try Graph.load(string: written, format: .dot)
    for node in graph.nodes {
        let copy = try #require(again.node(node.id))
        #expect(copy.position == node.position && copy.parentId == node.parentId, "\(node.id)")
        #expect(copy.width == node.width && copy.height == node.height && copy.fx == node.fx && copy.fy == node.fy)
    }
}

@Test func dotKeepsMembersOfAPlacedParentUnderAnUnplacedOne() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "g"))
    var p = Node(id: "p", x: 10, y: 10)
    p.parentId = "g"
    try graph.addNode(p)
    var c = Node(id: "c", x: 1, y: 1)
    c.parentId = "p"
    try graph.addNode(c)
    let again = try Graph.load(string: try graph.string(format: .dot), format: .dot)
    #expect(again.node("p")?.position == Point(x: 10, y: 10) && again.node("c")?.position == Point(x: 1, y: 1))
    #expect(again.node("c")?.parentId == "p" && again.node("p")?.parentId == "g")
    for box in ["1,2,x,3", "1,2,3", "5,0,1,4"] {
        #expect(throws: (any Error).self, "bb \(box)") {
            try Graph.load(string: "digraph { subgraph cluster_g { graph [bb=\"\(box)\"]; a } }", format: .dot)
        }
    }
}

@Test func dotFromGraphvizHasPointsAndAYDownFrame() throws {
    // What `echo 'digraph{a->b}' | dot -Tdot` prints: sizes in inches, pos in points with y up, bb for the frame.
    let text = """
    digraph {
    \tgraph [bb="0,0,54,108"];
    \tnode [label="\\N"];
    \ta\t[height=0.5,
    \t\tpos="27,90",
    \t\twidth=0.75];
    \tb\t[height=0.5,
    \t\tpos="27,18",
    \t\twidth=0.75];
    \ta -> b\t[pos="e,27,36.104 27,71.697 27,63.983 27,54.712 27,46.112"];
    }
    """
    let graph = try Graph.load(string: text, format: .dot)
    let a = try #require(graph.node("a"))
    #expect(a.position == Point(x: 0, y: 0), "a sits above b: y' = bb's top - y, then the centre moves to the corner")
    #expect(graph.node("b")?.position == Point(x: 0, y: 72))
    #expect(a.width == 54 && a.height == 36, "0.75 x 0.5 inches are 54 x 36 points")
    #expect(a.label == nil && a.data.isEmpty)

    try graph.updateNode("b") { node in
        node.width = 10
        node.height = 0.1
        node.fy = 7
    }
    let written = try graph.string(format: .dot)
    #expect(written.contains("\"pos\"=\"27,-18\""), "written y points up again")
    let again = try Graph.load(string: written, format: .dot)
    #expect(again.nodes == graph.nodes, "a round trip keeps positions, sizes and fixed coordinates")
}

@Test func dotAttributesApplyInAFixedOrder() throws {
    for _ in 0..<20 {
        let graph = try Graph.load(string: #"digraph { a [pos="1,2!", fx=5, fy=6] }"#, format: .dot)
        let a = try #require(graph.node("a"))
        #expect(a.fx == 5 && a.fy == -6, "explicit fx and fy win over pos's \"!\"")
        #expect(a.position == Point(x: 1, y: -2))
    }
}

@Test func dotFailsOnAnyErrorCgraphReportsEvenWithAPartialGraph() throws {
    func load(_ text: String) throws -> Graph { try Graph.load(string: text, format: .dot, name: "deep.dot") }
    // cgraph's parser runs out of stack in the nesting but still returns the graph it read up to there (x, y).
    let nesting = String(repeating: "{", count: 5000) + "a" + String(repeating: "}", count: 5000)
    let deep = "graph G {\n" + String(repeating: "x -- y;\n", count: 3) + nesting + "\n}\n"
    #expect(throws: GraphFileError(file: "deep.dot", line: 5, message: "DOT: memory exhausted near '{'")) {
        try load(deep)
    }
    #expect(throws: GraphFileError(file: "deep.dot", line: 2, message: "DOT: memory exhausted near '{'")) {
        try load("graph G {\n" + nesting + "\n}\n")
    }
    // A warning alone does not fail the read, and is left out of an error's message and line.
    #expect(try load("digraph { a -> 1a }").nodeCount == 2)
    #expect(throws: GraphFileError(file: "deep.dot", line: 3, message: "DOT: syntax error near ';'")) {
        try load("digraph {\n a -> 1a\n b -> ; }")
    }
    #expect(try load("digraph { c }").nodeIds == ["c"], "nothing leaks into the next parse")
}

@Test func xmlFilesNeedTheRootElementOfTheirFormat() throws {
    func failure(_ text: String, _ format: GraphFormat) -> String? { loadFailure(text, format) }
    for format in [GraphFormat.graphml, .gexf] {
        #expect(failure("", format) == "g:1:1: malformed XML (no root element)")
        #expect(failure(" ", format) == "g:1:1: malformed XML (no root element)", "too short for XMLParser to parse")
    }
    #expect(failure("<notgraphml/>", .graphml) == "g:1:12: expected a <graphml> root element, found <notgraphml>")
    #expect(failure("<html><body/></html>", .gexf) == "g:1:6: expected a <gexf> root element, found <html>")
    #expect(failure("<graphml><graph><node id=\"a\"/></graph></graphml>", .gexf)?.contains("found <graphml>") == true)
    let prefixed = #"<g:graphml xmlns:g="http://graphml.graphdrawing.org/xmlns"><g:graph><g:node id="a"/></g:graph></g:graphml>"#
    #expect(try Graph.load(string: prefixed, format: .graphml).nodeIds == ["a"])
    // GraphML's schema lets <graphml> hold keys and data but no <graph> (any number of graphs, zero included):
    // a well-formed file like that is an empty graph, not an error.
    #expect(try Graph.load(string: "<graphml><key id=\"k\" for=\"node\"/></graphml>", format: .graphml).nodeCount == 0)
}

@Test func xmlSyntaxErrorsSayWhatIsWrongWhereTheParserMetIt() throws {
    func failure(_ bytes: [UInt8], _ format: GraphFormat = .graphml) -> String? { loadFailure(bytes, format) }
    func failure(_ text: String, _ format: GraphFormat = .graphml) -> String? { loadFailure(text, format) }
    #expect(failure("<graphml><graph>\n<node id=\"a\"/>\n<node id=\"b\">")
        == "g:3:14: malformed XML (premature end of data inside <node>)")
    #expect(failure("<graphml><graph>\n<node id=\"a\">\n</graph></graphml>")
        == "g:3:9: malformed XML (end tag does not match <node>)")
    // The first error is reported where libxml2 met it, not where the data ends.
    let invalidUTF8 = Array("<graphml><graph>\n<node id=\"a\"/>\n\n\n\n<node id=\"b".utf8) + [0xFF]
        + Array("\"/>\n\n\n\n</graph></graphml>\n".utf8)
    #expect(failure(invalidUTF8) == "g:6:12: malformed XML (invalid character or encoding)")
    #expect(failure("<graphml><graph>\n<node id=\"&foo;\"/></graph></graphml>") == "g:2:16: malformed XML (undefined entity)")
    let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE g [<!ENTITY e SYSTEM \"/etc/passwd\">]>\n<graphml><graph>\n"
        + "<node id=\"&e;\"/></graph></graphml>"
    #expect(failure(external) == "g:2:13: a DTD internal subset ([...]) is not supported")
    #expect(failure("<graphml><graph>\n<node id=\"a & b\"/></graph></graphml>")
        == "g:2:14: malformed XML (a name is expected here (write a '&' in text as &amp;))")
    #expect(failure("<?xml version=\"1.5\"?>\n<graphml/>") == "g:1:20: malformed XML (unsupported XML version (XML 1.0 is read))")
    #expect(failure("<graphml><key id=\"k\"\n") == "g:2:1: malformed XML ('>' expected: the tag is not finished)")
    #expect(failure("<graphml><graph a=\"b\"c=\"d\"/></graphml>") == "g:1:22: malformed XML (a space is required here)")
    #expect(failure("<gexf><meta lastmodifieddate=\"\n", .gexf) == "g:2:1: malformed XML (attribute value without its closing quote)")
    #expect(failure([0x3C, 0, 0, 0, 1, 2, 3, 4]) == "g:1:2: not valid UTF-32")
    #expect(failure("<graphml><graph>\n<node id=\"a&b\"/></graph></graphml>")
        == "g:2:14: malformed XML ('&' not followed by an entity name and ';' (write a '&' in text as &amp;))")
    #expect(failure("<graphml/>\n<x/>") == "g:2:1: malformed XML (extra content after the root element)")
    #expect(failure("  \n\n") == "g:3:1: malformed XML (no root element)")
    // XML 1.0 has no character 0, not even as a reference.
    #expect(failure("<graphml><graph>\n<node id=\"&#0;\"/></graph></graphml>")
        == "g:2:15: malformed XML (invalid character or encoding)")
    #expect(failure("<graphml><graph>\n<node id=\"&#0;\"/>\n<node id=\"\"/></graph></graphml>")
        == "g:2:15: malformed XML (invalid character or encoding)", "the parser's error comes first, not id \"\" twice")
    #expect(failure("<gexf><graph><nodes>\n<node id=\"&#x0;\"/></nodes></graph></gexf>", .gexf)
        == "g:2:16: malformed XML (invalid character or encoding)")
    let data = "<graphml><key id=\"k\" for=\"node\"/><graph>\n<node id=\"a\"><data key=\"k\">x&#0;</data></node></graph></graphml>"
    #expect(failure(data) == "g:2:33: malformed XML (invalid character or encoding)")
}

@Test func xmlChecksAtTheEndNameTheLineAndColumnOfTheElement() throws {
    func failure(_ text: String, _ format: GraphFormat) -> String? { loadFailure(text, format) }
    #expect(failure("<graphml><graph>\n<node id=\"a\"/>\n  <edge source=\"a\" target=\"q\"/></graph></graphml>", .graphml)
        == "g:3:30: edge a -> q: node 'q' does not exist")
    let twice = "<gexf><graph><nodes><node id=\"a\"/></nodes><edges>\n  <edge id=\"e\" source=\"a\" target=\"a\"/>\n"
        + "  <edge id=\"e\" source=\"a\" target=\"a\"/></edges></graph></gexf>"
    #expect(failure(twice, .gexf) == "g:3:37: duplicate edge id 'e'")
    let parent = "<graphml><key id=\"p\" for=\"node\" attr.name=\"parent\"/><graph>\n"
        + "  <node id=\"a\"><data key=\"p\">zz</data></node></graph></graphml>"
    #expect(failure(parent, .graphml) == "g:2:15: node 'a': parent 'zz' does not exist")
    #expect(failure("<gexf><graph><nodes>\n  <node id=\"a\" pid=\"zz\"/></nodes></graph></gexf>", .gexf)
        == "g:2:24: node 'a': parent 'zz' does not exist")
    let dangling = "<gexf><graph><nodes><node id=\"a\"/></nodes><edges>\n<edge source=\"a\" target=\"b\"/></edges></graph></gexf>"
    #expect(failure(dangling, .gexf) == "g:2:28: edge a -> b: node 'b' does not exist")
}

@Test func xmlInUTF16AndUTF32IsReadAndInvalidWideTextIsRefusedWithItsPlace() throws {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<graphml><graph>\n<node id=\"a\u{E9}\"/><node id=\"b\"/>"
        + "<edge source=\"a\u{E9}\" target=\"b\"/></graph></graphml>\n"
    let utf16 = Array(text.utf16)
    let utf32 = text.unicodeScalars.map(\.value)
    let encodings: [(String, [UInt8])] = [
        ("UTF-16LE with a mark", [0xFF, 0xFE] + utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        ("UTF-16BE with a mark", [0xFE, 0xFF] + utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        ("UTF-16LE without", utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        ("UTF-16BE without", utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        ("UTF-32LE with a mark", [0xFF, 0xFE, 0, 0] + utf32.flatMap { v in (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }),
        ("UTF-32BE without", utf32.flatMap { v in (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } }),
    ]
    for (name, bytes) in encodings {
        let graph = try Graph.load(data: Data(bytes), format: .graphml, name: "g")
        #expect(graph.nodeIds == ["a\u{E9}", "b"], "\(name)")
        #expect(graph.edgeCount == 1, "\(name)")
    }
    // Found by scripts/fuzz --mode files (seed nightly-1, case 47988): an unpaired surrogate in UTF-16 made libxml2's
    // push parser, behind FoundationXML, read a null pointer (the process ended with SIGSEGV).
    let unpaired: [UInt8] = [0xFF, 0xFE, 0x73, 0x65, 0x2C, 0x0A, 0x20, 0x20, 0x22, 0x6C, 0x1E, 0xD9, 0xB7, 0xD9, 0x3D, 0xBF]
    #expect(loadFailure(unpaired, .graphml) == "g:1:5: not valid UTF-16 (an unpaired surrogate)")
    #expect(loadFailure(unpaired, .gexf) == "g:1:5: not valid UTF-16 (an unpaired surrogate)")
    #expect(loadFailure([0xFF, 0xFE, 0x3C, 0x00, 0x67], .graphml) == "g:1:1: UTF-16 text ends inside a character")
    // A DTD internal subset is found in wide text too, once it is UTF-8.
    let subset = "<!DOCTYPE graphml [<!NOTATION n SYSTEM \"x\">]>\n<graphml/>"
    #expect(loadFailure([0xFF, 0xFE] + Array(subset.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, .graphml)
        == "g:1:19: a DTD internal subset ([...]) is not supported")
}

@Test func xmlWithADTDInternalSubsetIsRefusedBeforeParsing() throws {
    // FoundationXML's parser dereferences a null pointer on each of these declarations (the process crashed).
    for declaration in ["<!NOTATION n SYSTEM \"x\">", "<!ENTITY e SYSTEM \"x\" NDATA n>", "<!ATTLIST node id ID #REQUIRED>"] {
        for (format, root) in [(GraphFormat.graphml, "graphml"), (.gexf, "gexf")] {
            let text = "<?xml version=\"1.0\"?>\n<!-- <!DOCTYPE x [ -->\n<!DOCTYPE \(root) SYSTEM \"a[b>c\" [\n"
                + declaration + "\n]>\n<\(root)><graph><nodes/></graph></\(root)>\n"
            #expect(throws: GraphFileError(
                file: "g", line: 3, column: 27 + root.count, message: "a DTD internal subset ([...]) is not supported")
            ) { try Graph.load(string: text, format: format, name: "g") }
        }
    }
    // A doctype naming an external DTD (which is not read) is fine.
    let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml SYSTEM \"http://graphml.graphdrawing.org/dtds/graphml.dtd\">\n"
        + "<graphml><graph><node id=\"a\"/></graph></graphml>\n"
    #expect(try Graph.load(string: external, format: .graphml).nodeIds == ["a"])
}

@Test func jsonTheDecoderRefusesIsCheckedAndReadAgainByJSONSerialization() throws {
    // Syntax errors inside strings and numbers keep their place and reason.
    #expect(throws: GraphFileError(file: "g", line: 1, column: 33, message: "invalid JSON: Unescaped control character.")) {
        try Graph.load(string: "{\"nodes\":[{\"id\":\"a\",\"label\":\"tab\there\"}]}", name: "g")
    }
    #expect(throws: GraphFileError(file: "g", line: 2, column: 6, message: "invalid JSON: Number with leading zero.")) {
        try Graph.load(string: "{\"nodes\":[{\"id\":\"a\",\n\"x\":01}]}", name: "g")
    }
    // Valid numbers the decoder refuses (a zero with an exponent, one that underflows), and UTF-32 text.
    let zeros = try Graph.load(string: #"{"nodes":[{"id":"a","x":0e5,"y":1e-400}]}"#)
    #expect(zeros.node("a")?.position == Point(x: 0, y: 0))
    let text = #"{"nodes":[{"id":"a","x":1,"y":2}],"links":[{"source":"a","target":"a","w":0E9}]}"#
    let wide = try Graph.load(data: try #require(text.data(using: .utf32)))
    #expect(wide.node("a")?.position == Point(x: 1, y: 2) && wide.edges.first?.data["w"]?.number == 0)
    // A type error found again in the plain text is still the reading's own message.
    #expect(throws: GraphFileError(file: "g", message: "nodes[0].x must be a number")) {
        try Graph.load(string: #"{"nodes":[{"id":"a","x":"1","y":0e1}]}"#, name: "g")
    }
}

@Test func xmlFilesAboveTenMegabytesLoad() throws {
    // libxml2 fails a chunk above about 10 MB at the end of the file; XMLParser given the data at once passed the
    // whole file as one chunk, so a 48 MB GraphML file from a 300,000-node graph was "malformed XML".
    let padding = String(repeating: String(repeating: " ", count: 999) + "\n", count: 12_000)
    let graphml = "<graphml><graph edgedefault=\"undirected\">\n<node id=\"a\"/>\n\(padding)<node id=\"b\"/>\n<edge source=\"a\" target=\"b\"/>\n</graph></graphml>\n"
    let gexf = "<gexf><graph><nodes>\n<node id=\"a\"/>\n\(padding)<node id=\"b\"/>\n</nodes><edges><edge source=\"a\" target=\"b\"/></edges></graph></gexf>\n"
    for (text, format) in [(graphml, GraphFormat.graphml), (gexf, .gexf)] {
        let graph = try Graph.load(string: text, format: format)
        #expect(graph.nodeIds == ["a", "b"] && graph.edgeCount == 1)
    }
    #expect(loadFailure("<graphml><graph>\n\(padding)<node id=\"a\">", .graphml) == "g:12002:14: malformed XML (premature end of data inside <node>)")
}
