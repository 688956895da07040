import Foundation
import Testing
@testable import GraphModel

/// The path of a file in Tests/Fixtures/graphs.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/graphs/\(name)").path
}

/// What loading `text` as `format` (named `name`) throws, as its text; nil when it loads.
private func loadFailure(_ text: String, _ format: GraphFormat, name: String = "g") -> String? {
    do {
        _ = try Graph.load(data: Data(text.utf8), format: format, name: name)
        return nil
    } catch {
        return "\(error)"
    }
}

/// What saving `graph` as `format` throws, as its text; nil when it saves.
private func saveFailure(_ graph: Graph, _ format: GraphFormat) -> String? {
    do {
        _ = try graph.string(format: format)
        return nil
    } catch {
        return "\(error)"
    }
}

/// A graph of word ids with edges in the order the adjacency lists write them (grouped by source).
private func wordGraph(directed: Bool) throws -> Graph {
    let graph = Graph()
    graph.directed = directed
    for id in ["a", "b", "c", "lone"] { try graph.addNode(Node(id: id)) }
    for (index, ends) in [("a", "b"), ("a", "c"), ("a", "b"), ("b", "c"), ("c", "c")].enumerated() {
        try graph.addEdge(Edge(id: "e\(index)", source: ends.0, target: ends.1))
    }
    return graph
}

/// The graph read back from its own text in a format.
private func roundTrip(_ graph: Graph, _ format: GraphFormat) throws -> Graph {
    try Graph.load(string: try graph.string(format: format), format: format)
}

@Test(arguments: [GraphFormat.adjlist, .multilineAdjlist, .gml, .pajek], [true, false])
func wordGraphsRoundTrip(format: GraphFormat, directed: Bool) throws {
    let graph = try wordGraph(directed: directed)
    let loaded = try roundTrip(graph, format)
    #expect(loaded.directed == directed, "\(format)")
    #expect(loaded.nodeIds == graph.nodeIds, "\(format)")
    #expect(loaded.edges == graph.edges, "\(format)")
    #expect(try loaded.string(format: format) == graph.string(format: format), "saving is deterministic")
}

@Test func gmlKeepsDataPositionsSizesAndMultigraphKeys() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "x \"q\" & é", position: Point(x: 1.5, y: -2, z: 0.25), data: [
        "score": .number(3), "ratio": .number(0.1), "big": .number(1e20), "inf": .number(.infinity),
        "tags": .array([.string("one")]), "none": .array([]), "many": .array([.number(1), .number(2)]),
        "style": .object(["fill": .string("#ff0000"), "dash": .array([.number(1), .number(2)])]),
        "graphics": .object(["type": .string("rectangle")]),
    ], width: 30, height: 10))
    try graph.addNode(Node(id: "7"))
    try graph.addEdge(Edge(id: "e0", source: "x \"q\" & é", target: "7", data: ["key": .number(0), "weight": .number(2.5)]))
    try graph.addEdge(Edge(id: "e1", source: "x \"q\" & é", target: "7", data: ["key": .number(1)]))
    let text = try graph.string(format: .gml)
    #expect(text.contains("label \"x &#34;q&#34; &#38; &#233;\"") && text.contains("multigraph 1"))
    #expect(text.contains("big 1.0e+20") && text.contains("inf +INF"))
    let loaded = try Graph.load(string: text, format: .gml)
    #expect(loaded.nodes == graph.nodes)
    #expect(loaded.edges == graph.edges)
}

@Test func gmlReadsIgraphsDialectByIds() throws {
    let graph = try Graph.load(path: fixture("igraph-people.gml"))
    #expect(graph.directed)
    #expect(graph.nodeIds == ["0", "1", "2", "3", "4"])
    // igraph writes the real 2.0 as `2`, which reads as an integer (as networkx reads it).
    #expect(graph.node("2")?.data == ["name": .string("Chloé"), "age": .integer(27), "score": .integer(2)])
    #expect(graph.node("4")?.data["name"] == .string("Eve \"E\""))
    #expect(graph.edgeCount == 6)
    #expect(graph.edges.last?.data == ["weight": .integer(1), "kind": .string("friend")])
    let again = try roundTrip(graph, .gml)
    #expect(again.nodeIds == graph.nodeIds && again.edges == graph.edges)
}

@Test func gmlReadsNetworkxsKarateClubByLabels() throws {
    let graph = try Graph.load(path: fixture("karate.gml"))
    #expect(!graph.directed)
    #expect(graph.nodeIds == (0..<34).map(String.init))
    #expect(graph.edgeCount == 78)
    #expect(graph.node("33")?.data == ["club": .string("Officer")])
    #expect(graph.edges.first?.data == ["weight": .integer(4)])
}

@Test func gmlErrorsNameTheLine() {
    #expect(loadFailure("graph [\n  node [ id 0 ]\n  node [ id 0 ]\n]", .gml) == "g:3: duplicate node id 0")
    #expect(loadFailure("graph [\n  node [ id 0 label \"a\" ]\n  edge [ source 0 target 9 ]\n]", .gml)
        == "g:3: edge target 9: no node has that id")
    #expect(loadFailure("graph [\n  node [ id 0 label \"a ]\n]", .gml) == "g:2: the string of key 'label' is not closed")
    #expect(loadFailure("graph [\n  node [ id 0\n", .gml) == "g:3: a list is not closed with ']' before the end of the file")
    #expect(loadFailure("graph [\n  weight 1x\n]", .gml)
        == "g:2: the value of key 'weight' is '1x', not a number, a string in double quotes or a list in brackets")
    #expect(loadFailure("Creator \"me\"\n", .gml) == "g: the file holds no 'graph [ ... ]'")
    #expect(loadFailure("graph [ ]\ngraph [ ]\n", .gml) == "g:2: a second graph (a GML file holds one)")
    #expect(loadFailure("graph [\n  node [ id 0 graphics [ x 1 ] ]\n]", .gml) == "g:2: node '0': graphics gives some of x and y but not both")
}

@Test func gmlSavesSayWhatTheyCannotHold() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "a", data: ["flag": .bool(true)]))
    #expect(saveFailure(graph, .gml)?.contains("GML cannot hold node 'a': data field 'flag' (a boolean (GML writes 1 or 0))") == true)
    try graph.updateNode("a") { $0.data = ["two words": .number(1)] }
    #expect(saveFailure(graph, .gml)?.contains("data field 'two words' (a GML key is a letter") == true)
    try graph.updateNode("a") { $0.data = [:]; $0.label = "A" }
    #expect(saveFailure(graph, .gml)?.contains("its label (GML's label is the node's id") == true)
    #expect(try graph.string(format: .gml, lossy: true).contains("label \"a\""))
    // A field a lossy save says it left out is not in the file, whichever it is of a node's or an edge's fields.
    try graph.updateNode("a") { $0.data = ["ok": .bool(true), "keep": .integer(7), "none": .null] }
    try graph.addNode(Node(id: "b"))
    try graph.addEdge(Edge(id: "e0", source: "a", target: "b", data: ["yes": .bool(false), "w": .number(0.5)]))
    let (text, leftOut) = try graph.written(format: .gml, lossy: true)
    #expect(leftOut.contains("data field 'ok' (a boolean (GML writes 1 or 0)): node 'a'"))
    #expect(leftOut.contains("data field 'none' (null): node 'a'"))
    #expect(leftOut.contains("data field 'yes' (a boolean (GML writes 1 or 0)): edge 'e0'"))
    let again = try Graph.load(string: text, format: .gml)
    #expect(again.node("a")?.data == ["keep": .integer(7)])
    #expect(again.edges.map(\.data) == [["w": .number(0.5)]])
}

@Test func pajekReadsCoordinatesShapesSectionsAndLists() throws {
    let graph = try Graph.load(path: fixture("pajek-mixed.net"))
    #expect(graph.directed)
    #expect(graph.nodeIds == ["Ljubljana", "Maribor", "Koper", "Kranj", "5"])
    let first = try #require(graph.node("Ljubljana"))
    #expect(first.position == Point(x: 0.1823, y: 0.3025, z: 0.5))
    #expect(first.data == ["ic": .string("Red")], "ellipse, Pajek's default shape, is not kept")
    #expect(graph.node("Maribor")?.data == ["shape": .string("box"), "ic": .string("Blue")])
    #expect(graph.node("Kranj")?.position.isPlaced == false)
    #expect(graph.edges.map { "\($0.source)>\($0.target)" } == [
        "Ljubljana>Maribor", "Maribor>Koper", "Koper>Kranj", "Ljubljana>Koper", "Ljubljana>Kranj", "Ljubljana>5",
    ])
    #expect(graph.edges[0].data == ["weight": .number(3.5)])
    #expect(graph.edges[1].data == ["weight": .integer(1), "c": .string("Green")])
    #expect(graph.edges[2].data == ["weight": .integer(2), "directed": .bool(false)])
    // Arcs are written before edges, so the undirected edge's place (and the ids reading gives) changes.
    #expect(saveFailure(graph, .pajek)?.contains("Pajek cannot hold edge 'e3': its id") == true)
    let again = try Graph.load(string: try graph.string(format: .pajek, lossy: true), format: .pajek)
    #expect(again.nodes == graph.nodes)
    let dataTexts = { (graph: Graph) in graph.edges.map { DataValue.object($0.data).text }.sorted() }
    #expect(dataTexts(again) == dataTexts(graph))
}

@Test func pajekErrorsNameTheLine() {
    #expect(loadFailure("1 \"a\"\n", .pajek) == "g:1: expected '*Vertices n' before the first vertex")
    #expect(loadFailure("*Vertices 2\n1 \"a\"\n3 \"c\"\n", .pajek) == "g:3: '3' is not a vertex number from 1 to 2")
    #expect(loadFailure("*Vertices 2\n1 \"a\n", .pajek) == "g:2: a quoted string is not closed")
    #expect(loadFailure("*Vertices 2\n*Arcs\n1 7\n", .pajek) == "g:3: '7' is not a vertex number from 1 to 2")
    #expect(loadFailure("*Vertices 2\n*Arcs\n1 2 heavy\n", .pajek) == "g:3: the weight 'heavy' is not a number")
    #expect(loadFailure("*Vertices 2\n1 \"a\"\n2 \"a\"\n", .pajek) == "g:3: vertex 2: its label 'a' is another vertex's too")
    #expect(loadFailure("*Vertices 2\n*Lines\n", .pajek)?.hasPrefix("g:2: unknown section '*Lines'") == true)
}

@Test func pajekQuotesWhatNetworkxSplits() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "it's \"x\" \\ y", x: 0.5, y: 1, data: ["note": .string("two words")]))
    try graph.addNode(Node(id: "b"))
    try graph.addEdge(Edge(id: "e0", source: "b", target: "it's \"x\" \\ y", data: ["weight": .integer(2)]))
    let text = try graph.string(format: .pajek)
    #expect(text == "*Vertices 2\n1 \"it's \\\"x\\\" \\\\ y\" 0.5 1 ellipse note \"two words\"\n2 \"b\"\n*Arcs\n2 1 2\n")
    #expect(try roundTrip(graph, .pajek).nodes == graph.nodes)
}

@Test func adjacencyListsFollowNetworkxsComments() throws {
    let graph = try Graph.load(path: fixture("florentine-families.adjlist"))
    #expect(!graph.directed)
    #expect(graph.nodeCount == 15 && graph.edgeCount == 20)
    #expect(graph.nodeIds.first == "Acciaiuoli")
    let hashed = try Graph.load(string: "# Directed graph\na b # c\nb\n", format: .adjlist)
    #expect(hashed.directed && hashed.nodeIds == ["a", "b"] && hashed.edgeCount == 1)
    #expect(loadFailure("0 1\n1 {'weight': 4}\n", .adjlist)
        == "g:2: '{'weight':' is a dictionary, not a node id: a multiline adjacency list? (give format = \"multiline_adjlist\")")
}

@Test func multilineAdjacencyListsKeepEdgeData() throws {
    let graph = try Graph.load(path: fixture("les-miserables.multiline-adjlist"), format: .given(.multilineAdjlist))
    #expect(!graph.directed && graph.nodeCount == 77 && graph.edgeCount == 254)
    #expect(graph.edges.first.map { "\($0.source) \($0.target) \($0.data)" } == "Napoleon Myriel [\"weight\": GraphModel.DataValue.integer(1)]")
    let again = try roundTrip(graph, .multilineAdjlist)
    #expect(again.nodeIds == graph.nodeIds && again.edges == graph.edges)
    #expect(loadFailure("a 2\nb\n", .multilineAdjlist) == "g:3: node 'a' is missing 1 neighbour line at the end of the file")
    #expect(loadFailure("a 1\nb {'w': 1\n", .multilineAdjlist) == "g:2: the data {'w': 1 is not a dictionary literal")
    #expect(loadFailure("a b c\n", .multilineAdjlist)
        == "g:1: expected a node and its number of neighbour lines ('node degree'), found 'a b c'")
}

@Test func adjacencyListSavesSayWhatTheyCannotHold() throws {
    let graph = try wordGraph(directed: true)
    try graph.updateEdge("e1") { $0.data = ["weight": .number(2)] }
    #expect(saveFailure(graph, .adjlist)?.contains("an adjacency list cannot hold edge 'e1': its data") == true)
    #expect(try roundTrip(graph, .multilineAdjlist).edges == graph.edges)
    let reordered = try wordGraph(directed: true)
    try reordered.addEdge(Edge(id: "late", source: "a", target: "c"))
    #expect(saveFailure(reordered, .adjlist)?.contains("edge 'late': its id (an adjacency list keeps no edge ids; reading names edges e0, e1... in the order written)") == true)
    // A lossy save says everything it left out, one line per kind.
    try reordered.updateEdge("e1") { $0.data = ["weight": .integer(2)] }
    #expect(try reordered.written(format: .adjlist, lossy: true).leftOut == [
        "its data (an adjacency list holds none; a multiline one does): edge 'e1'",
        "its id (an adjacency list keeps no edge ids; reading names edges e0, e1... in the order written): edge 'late' and 2 others",
    ])
    try reordered.addNode(Node(id: "two words"))
    #expect(throws: GraphError("an adjacency list cannot hold node \"two words\"'s id (empty, white space, '#' or a leading '{')")) {
        try reordered.string(format: .adjlist, lossy: true)
    }
}

@Test func snapReadsHeadersAndRefusesWhatDoesNotFit() throws {
    let graph = try Graph.load(path: fixture("snap-directed.txt"), format: .given(.snap))
    #expect(graph.directed && graph.nodeCount == 40 && graph.edgeCount == 135)
    let text = try graph.string(format: .snap)
    #expect(text.hasPrefix("# Directed graph\n# Nodes: 40 Edges: 135\n# FromNodeId\tToNodeId\n"))
    #expect(try Graph.load(string: text, format: .snap).edges == graph.edges)
    let signed = "# Undirected graph: x\n# Nodes: 3 Edges: 2\n# FromNodeId\tToNodeId\tSign\n1\t2\t-1\n2\t3\t1\n"
    let loaded = try Graph.load(string: signed, format: .snap)
    #expect(!loaded.directed && loaded.edges.map(\.data) == [["Sign": .integer(-1)], ["Sign": .integer(1)]])
    #expect(try Graph.load(string: try loaded.string(format: .snap), format: .snap).edges == loaded.edges)
    #expect(loadFailure("# Nodes: 3 Edges: 5\n1\t2\n2\t3\n", .snap)
        == "g:1: the header says 3 nodes and 5 edges, but the file holds 3 nodes and 2 edges (a truncated file?)")
    #expect(loadFailure("1\t2\t7\n", .snap) == "g:1: 3 fields, but the header names 2 (FromNodeId, ToNodeId)")
    #expect(loadFailure("1\ta#b\n", .snap) == "g:1: node id 'a#b' is not a whole number, as SNAP's ids are")
    #expect(loadFailure("# FromNodeId ToNodeId\n1\n", .snap) == "g:2: expected two node ids (FromNodeId ToNodeId), found one")
    let words = try wordGraph(directed: true)
    #expect(saveFailure(words, .snap)?.contains("SNAP cannot hold node 'lone': it has no edges") == true)
    #expect(throws: GraphError("SNAP cannot hold node \"a\": its id is not a whole number (SNAP's loaders read ids as integers)")) {
        try words.string(format: .snap, lossy: true)
    }
}

@Test func matrixMarketReadsScipysFileAndWritesItBack() throws {
    let path = fixture("les-miserables.mtx")
    let graph = try Graph.load(path: path)
    #expect(!graph.directed && graph.nodeCount == 77 && graph.edgeCount == 254)
    #expect(graph.edges.first.map { "\($0.source) \($0.target) \($0.data)" } == "7 3 [\"weight\": GraphModel.DataValue.integer(4)]")
    let text = try graph.string(format: .matrixMarket)
    #expect(text.hasPrefix("%%MatrixMarket matrix coordinate integer symmetric\n77 77 254\n7 3 4\n"))
    let directed = try Graph.load(string: "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n3 1\n", format: .matrixMarket)
    #expect(directed.directed && directed.edges.map(\.data) == [[:], [:]] && directed.nodeIds == ["1", "2", "3"])
    #expect(try directed.string(format: .matrixMarket) == "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n3 1\n")
    let real = try Graph.load(string: "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 -0.5e1\n2 1 1\n", format: .matrixMarket)
    #expect(real.edges.map(\.data) == [["weight": .number(-5)], ["weight": .number(1)]], "a real field's values are reals")
    #expect(try real.string(format: .matrixMarket) == "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 -5.0\n2 1 1.0\n")
    try real.updateEdge("e1") { $0.data["weight"] = .integer(1) }
    #expect(saveFailure(real, .matrixMarket)?.contains("edge 'e1': an integer weight among real ones") == true)
}

@Test func matrixMarketErrorsNameTheLine() throws {
    let banner = "%%MatrixMarket matrix coordinate real general\n"
    #expect(loadFailure("%%MatrixMarket matrix array real general\n2 2\n", .matrixMarket)
        == "g:1: the 'array' format is not supported (a graph is read from the 'coordinate' format)")
    #expect(loadFailure("%%MatrixMarket matrix coordinate complex general\n", .matrixMarket)
        == "g:1: the field 'complex' is not supported (pattern, real or integer)")
    #expect(loadFailure(banner + "2 3 1\n", .matrixMarket) == "g:2: the matrix is 2 by 3; a graph's adjacency matrix is square")
    #expect(loadFailure(banner + "2 2 2\n1 2 1\n", .matrixMarket) == "g:2: the size line says 2 entries, the file has 1 (a truncated file?)")
    #expect(loadFailure(banner + "2 2 1\n1 3 1\n", .matrixMarket) == "g:3: '1 3' is not a row and column between 1 and 2")
    #expect(loadFailure(banner + "2 2 1\n1 2\n", .matrixMarket) == "g:3: expected 'row column value'")
    #expect(loadFailure(banner + "2 2 1\n1 2 x\n", .matrixMarket) == "g:3: the value 'x' is not a number")
    let graph = try wordGraph(directed: true)
    #expect(saveFailure(graph, .matrixMarket)?.contains("Matrix Market cannot hold node 'a': its id (Matrix Market names nodes 1 to n in node order)") == true)
    let parallel = try Graph.load(string: banner + "2 2 2\n1 2 1\n1 2 1\n", format: .matrixMarket)
    #expect(saveFailure(parallel, .matrixMarket)?.contains("edge 'e1': it is parallel to an earlier edge") == true)
}

@Test func extensionsNameTheResearchFormatsAndSeeThroughGzip() {
    #expect(GraphFormat.fromExtension(of: "a.gml") == .gml)
    #expect(GraphFormat.fromExtension(of: "a.net") == .pajek)
    #expect(GraphFormat.fromExtension(of: "a.adjlist") == .adjlist)
    #expect(GraphFormat.fromExtension(of: "a.mtx") == .matrixMarket)
    #expect(GraphFormat.fromExtension(of: "a.graphml.gz") == .graphml)
    #expect(GraphFormat.fromExtension(of: "a.txt") == nil)
    #expect(GraphFormat.isJSON("a.json.GZ"))
    #expect(GraphFormat(name: "multiline-adjlist") == .multilineAdjlist && GraphFormat(name: "mtx") == .matrixMarket)
    #expect(GraphFormat(name: "SNAP") == .snap && GraphFormat(name: "net") == .pajek)
}

@Test func gzipFilesLoadAndSaveInEveryFormat() throws {
    let folder = NSTemporaryDirectory() + "research-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let karate = try Graph.load(path: fixture("karate.graphml.gz"))
    #expect(karate.nodeCount == 34 && karate.edgeCount == 78)
    for name in ["k.gml.gz", "k.graphml.gz", "k.json.gz", "k.net.gz", "k.mtx.gz"] {
        let path = folder + "/" + name
        try karate.save(path: path, lossy: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Gzip.isCompressed(bytes), "\(name)")
        let again = try Graph.load(path: path)
        #expect(again.nodeCount == 34 && again.edgeCount == 78, "\(name)")
        try karate.save(path: path, lossy: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(name): the same graph gives the same bytes")
    }
    let unknown = folder + "/k.foo.gz"
    FileManager.default.createFile(atPath: unknown, contents: Data())
    #expect(throws: GraphFileError.self) { try Graph.load(path: unknown) }
    do { _ = try Graph.load(path: unknown) } catch { #expect("\(error)".contains("the extension '.foo' names no format")) }
}

@Test func corruptAndTruncatedGzipAreErrors() throws {
    let packed = try Gzip.deflate(Data(String(repeating: "a b\n", count: 5000).utf8))
    #expect(try Graph.load(data: packed, format: .edgelist).edgeCount == 5000)
    let truncated = packed.prefix(packed.count / 2)
    #expect(throws: GraphFileError.self) { try Graph.load(data: truncated, format: .edgelist, name: "t.gz") }
    do {
        _ = try Graph.load(data: truncated, format: .edgelist, name: "t.gz")
    } catch {
        #expect("\(error)" == "t.gz: gzip: the compressed data ends early (a truncated file?)")
    }
    var corrupt = packed
    corrupt[12] ^= 0xff
    #expect(throws: GraphFileError.self) { try Graph.load(data: corrupt, format: .edgelist, name: "c.gz") }
    // Two members one after another (as `cat a.gz b.gz` makes) are one file.
    let two = try Gzip.deflate(Data("a b\n".utf8)) + Gzip.deflate(Data("b c\n".utf8))
    #expect(try Graph.load(data: two, format: .edgelist).edgeCount == 2)
}

/// A check that stops a read once it has been given `limit` units.
private struct Stopped: Error {}

@Test(arguments: [GraphFormat.gml, .pajek, .adjlist, .multilineAdjlist, .snap, .matrixMarket])
func longReadsAnswerToTheWorkMeter(format: GraphFormat) throws {
    let count = 3 * WorkMeter.stride
    let graph = Graph()
    for index in 1...count { try graph.addNode(Node(id: String(index))) }
    for index in 1..<count { try graph.addEdge(Edge(id: "e\(index - 1)", source: String(index), target: String(index + 1))) }
    let text = try graph.string(format: format, lossy: true)
    var charged = 0
    #expect(throws: Stopped.self) {
        _ = try Graph.load(data: Data(text.utf8), format: format, check: { units in
            charged += units
            if charged >= WorkMeter.stride { throw Stopped() }
        })
    }
    let packed = try Gzip.deflate(Data(text.utf8))
    #expect(throws: Stopped.self) {
        _ = try Graph.load(data: packed, format: format, check: { _ in throw Stopped() })
    }
}

@Test func hostileSizesAndNestingAreRefusedNotObeyed() {
    let deep = "graph [\n" + String(repeating: "a [ ", count: 600) + String(repeating: "] ", count: 600) + "\n]"
    #expect(loadFailure(deep, .gml) == "g:2: lists nest deeper than 512 levels")
    #expect(loadFailure("*Vertices 999999999999\n", .pajek) == "g:1: 999999999999 vertices is more than a file may declare (100000000)")
    #expect(loadFailure("%%MatrixMarket matrix coordinate pattern general\n999999999999 999999999999 0\n", .matrixMarket)
        == "g:2: 999999999999 rows is more nodes than a file may declare (100000000)")
    // What a header declares is built at one unit of work per node, so a limit stops it.
    #expect(throws: Stopped.self) {
        _ = try Graph.load(data: Data("*Vertices 90000000\n".utf8), format: .pajek, check: { _ in throw Stopped() })
    }
}

@Test func bytesThatAreNotUTF8AreAnErrorAtTheirLine() throws {
    // An old Pajek file in Windows-1250 (è is 0xE8 there): refused at its line, never read with replaced characters.
    var pajek = Data("*Vertices 2\n1 \"Ljubljana\"\n2 \"".utf8)
    pajek.append(contentsOf: [0x4B, 0x6F, 0xE8, 0x65, 0x76, 0x6A, 0x65])
    pajek.append(contentsOf: Data("\"\n*Edges\n1 2\n".utf8))
    #expect(throws: GraphFileError(file: "g", line: 3, message: "the file is not UTF-8 text (convert it, for example with iconv)")) {
        try Graph.load(data: pajek, format: .pajek, name: "g")
    }
    var gml = Data("graph [\n  node [ id 0 label \"".utf8)
    gml.append(0xE9)
    gml.append(contentsOf: Data("\" ]\n]\n".utf8))
    #expect(throws: GraphFileError(file: "g", line: 2, message: "the file is not UTF-8 text (convert it, for example with iconv)")) {
        try Graph.load(data: gml, format: .gml, name: "g")
    }
}
