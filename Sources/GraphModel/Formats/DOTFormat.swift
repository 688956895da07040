import CGraphviz
import Foundation

/// Messages cgraph reported during the current parse (guarded by `dotLock`).
nonisolated(unsafe) private var dotMessages: [String] = []
/// Serialises parses: cgraph keeps global parser state.
private let dotLock = NSLock()

/// Graphviz DOT through libcgraph: `pos="x,y[,z][!]"` gives positions ("!" fixes them), ports `a:out` give
/// handles, `subgraph cluster_x` gives a parent node x (its graph attributes are x's fields); `id`, `label`,
/// `type`, `width`, `height`, `fx`, `fy`, `fz` fill fields, other attributes go to data.
///
/// Units follow Graphviz: coordinates (`pos`, `fx`, `fy`, `fz`, a cluster's `bb`) are absolute, in points with y
/// pointing up; `width` and `height` are inches. Reading turns them into forcelab's frame: sizes times 72 (points,
/// the unit of positions), y flipped to point down, measured from the top of the root graph's `bb` when it has one
/// (y' = ury - y), else negated, and coordinates made relative to the parent, whose position is its cluster's
/// top-left corner (from `bb`, which also gives its size). A node with a width and a height is a box, which
/// Graphviz places by its centre and forcelab by its top-left corner: its position and fixed coordinates move by
/// half its size. Writing does the reverse without a root `bb`, so a round trip keeps sizes, and positions up to
/// the rounding of adding and subtracting a parent's corner and a box's half size (exact for whole numbers).
enum DOTFormat {
    /// Graphviz's points per inch.
    static let pointsPerInch = 72.0

    /// Reads DOT bytes; an error cgraph reports (a syntax error, "memory exhausted" for too deep a nesting) fails
    /// the read at the line it names, even when cgraph returns the part of the graph it read; warnings do not.
    /// `meter` is charged one unit per line parsed and per node and edge read (see DOTInput).
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        dotLock.lock()
        defer { dotLock.unlock() }
        dotMessages = []
        let previous = agseterrf { message in
            if let message { dotMessages.append(String(cString: message)) }
            return 0
        }
        defer { agseterrf(previous) }
        // cgraph reads the file's own bytes (decoded per its charset afterwards) as C text, which cannot hold NUL.
        if let offset = data.firstIndex(of: 0) {
            let (line, column) = TextPlace.lineAndColumn(of: offset - data.startIndex, in: data)
            throw GraphFileError(file: file, line: line, column: column, message: "DOT: a NUL byte")
        }
        agreadline(1)
        // cgraph's lexer reads its input lazily, so flush it while the bytes are alive.
        let (parsed, messages, failed, input) = data.withUnsafeBytes { bytes in
            let input = DOTInput(bytes, meter: meter)
            agreseterrors()
            let parsed = input.parse()
            let failed = agerrors() > Int32(AGWARN.rawValue)
            let messages = dotMessages
            flushLexer()
            return (parsed, messages, failed, input)
        }
        let stop = input.stop
        if let stop {
            if let parsed { agclose(parsed) }
            throw stop
        }
        guard let root = parsed, !failed else {
            if let parsed { agclose(parsed) }
            var message = errors(in: messages)
            let line = lineNumber(in: message).map(input.fileLine(ofLexerLine:))
            // The place leads the message (file:line:), so cgraph's "in line N" (of its lexer's lines) goes.
            if line != nil, let range = message.range(of: #" in line \d+"#, options: .regularExpression) {
                message.removeSubrange(range)
            }
            throw GraphFileError(
                file: file, line: line, message: message.isEmpty ? "not a DOT graph" : "DOT: \(message)")
        }
        defer { agclose(root) }
        return try DOTReader(root: root, file: file).build(meter: meter)
    }

    /// The errors in the pieces of text cgraph reported, without their "Error: " prefix and without the warnings
    /// (cgraph starts each message with "Error: " or "Warning: "; a line without either continues the one before).
    private static func errors(in messages: [String]) -> String {
        var errors: [Substring] = []
        var isError = true
        for line in messages.joined().split(whereSeparator: \.isNewline) {
            if line.hasPrefix("Warning: ") {
                isError = false
            } else if line.hasPrefix("Error: ") {
                isError = true
                errors.append(line.dropFirst("Error: ".count))
            } else if isError {
                errors.append(line)
            }
        }
        return errors.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// Drains what cgraph's lexer kept from the last input (a further graph on the same line would otherwise
    /// come out of the next parse); only the first graph of a file is read.
    private static func flushLexer() {
        while let extra = agmemread("") { agclose(extra) }
    }

    /// The number after "line" in a cgraph message.
    private static func lineNumber(in message: String) -> Int? {
        guard let range = message.range(of: #"line \d+"#, options: .regularExpression) else { return nil }
        return Int(message[range].dropFirst("line ".count))
    }

    /// Writes a graph as DOT (`digraph` or `graph`), parents as clusters; throws when a text holds a NUL, which a
    /// DOT file cannot carry.
    static func write(_ graph: Graph) throws -> String {
        try UnwritableText.check(graph, format: "DOT", suspect: { $0 == 0 || $0 == UInt8(ascii: "\\") }, problem: unquotable)
        var text = graph.directed ? "digraph {\n" : "graph {\n"
        let topLevel = graph.nodes.filter { node in node.parentId.map { !graph.containsNode($0) } ?? true }
        var written = 0
        for node in topLevel { try writeMember(node, in: graph, depth: 1, written: &written, into: &text) }
        // The store keeps parents acyclic, so every node sits under a top-level one.
        guard written == graph.nodeCount else {
            throw GraphError("\(graph.nodeCount - written) nodes sit in a cycle of parents and cannot be written")
        }
        let connector = graph.directed ? " -> " : " -- "
        for (index, edge) in graph.edges.enumerated() {
            text += "  " + endpoint(edge.source, edge.sourceHandle) + connector + endpoint(edge.target, edge.targetHandle)
            var attributes = edge.data.mapValues(NumberText.text(of:))
            if !GraphBuilder.readingGives(edge.id, toEdgeAt: index, of: graph) { attributes["id"] = edge.id }
            attributes["label"] = edge.label
            attributes["type"] = edge.type
            text += attributes.isEmpty ? ";\n" : " [" + list(attributes) + "];\n"
        }
        return text + "}\n"
    }

    /// Throws when `text`, the graph written as DOT, reads back with a coordinate or size of a node not exactly
    /// as it is: Graphviz's frame (absolute coordinates, boxes placed by their centre, sizes in inches) can round
    /// one by a bit. Only a graph with sizes or parents is read back.
    static func checkCoordinates(of graph: Graph, readingBack text: String) throws {
        // Without sizes and parents, coordinates are written as they are (y negated), which is exact.
        var mayRound = false
        graph.forEachNode { node in mayRound = mayRound || node.width != nil || node.height != nil || node.parentId != nil }
        guard mayRound else { return }
        let back = try read(Data(text.utf8), file: "<written DOT>", meter: WorkMeter())
        try graph.forEachNode { node in
            guard let copy = back.node(node.id) else { return }
            let values: [(String, Double?, Double?)] = [
                ("x", node.position.x, copy.position.x), ("y", node.position.y, copy.position.y),
                ("z", node.position.z, copy.position.z), ("fx", node.fx, copy.fx), ("fy", node.fy, copy.fy),
                ("fz", node.fz, copy.fz), ("width", node.width, copy.width), ("height", node.height, copy.height),
            ]
            for case let (name, value?, readBack) in values where !sameOptional(value, readBack) {
                throw GraphError("DOT cannot hold node '\(node.id)': its \(name) \(value) exactly (it would read back as "
                    + "\(readBack.map { "\($0)" } ?? "nothing") through Graphviz's absolute, centred coordinates) "
                    + "(React Flow JSON keeps every field)")
            }
        }
    }

    /// Writes a node statement, or a cluster holding the node's children (its `id` attribute naming the node, so
    /// that it stays one with a DOT node of the same name that edges make).
    private static func writeMember(
        _ node: Node, in graph: Graph, depth: Int, written: inout Int, into text: inout String
    ) throws {
        written += 1
        let indent = String(repeating: "  ", count: depth)
        let children = graph.childIds(of: node.id).compactMap(graph.node)
        var attributes = fields(of: node, at: origin(of: node.parentId, in: graph), isCluster: !children.isEmpty)
        guard !children.isEmpty else {
            text += indent + quote(node.id) + (attributes.isEmpty ? "" : " [" + list(attributes) + "]") + ";\n"
            return
        }
        if node.data["id"] != nil {
            throw GraphError("node '\(node.id)': data field 'id' clashes with the id DOT gives a parent's cluster")
        }
        attributes["id"] = node.id
        text += indent + "subgraph " + quote("cluster_" + node.id) + " {\n"
        for key in attributes.keys.sorted() { text += indent + "  " + quote(key) + "=" + value(attributes[key]!) + ";\n" }
        for child in children { try writeMember(child, in: graph, depth: depth + 1, written: &written, into: &text) }
        text += indent + "}\n"
    }

    /// Where the written coordinates of a parent's children start: the parent's written position (its position
    /// plus its own parent's origin) while the ancestors are placed, else the origin; reading subtracts the same.
    private static func origin(of parentId: String?, in graph: Graph) -> Point {
        var origin = Point(x: 0, y: 0, z: 0)
        var current = parentId
        var steps = 0
        while let id = current, let parent = graph.node(id), parent.position.isPlaced, steps < graph.nodeCount {
            origin.x += parent.position.x
            origin.y += parent.position.y
            origin.z = (origin.z ?? 0) + (parent.position.z ?? 0)
            current = parent.parentId
            steps += 1
        }
        return origin
    }

    /// The DOT attributes of a node whose coordinates start at `offset`: absolute coordinates, as Graphviz has
    /// them (a cluster's extent as `bb` when it has a size), where the ancestors are placed.
    private static func fields(of node: Node, at offset: Point, isCluster: Bool) -> [String: String] {
        var attributes = node.data.mapValues(NumberText.text(of:))
        let x = node.position.x + offset.x, y = node.position.y + offset.y
        let z = node.position.z.map { $0 + (offset.z ?? 0) }
        // Graphviz places a node by its centre, forcelab a box by its top-left corner (see DOTReader).
        var half = (x: 0.0, y: 0.0)
        if !isCluster, let width = node.width, let height = node.height, width > 0, height > 0 {
            half = (width / 2, height / 2)
        }
        if node.position.isPlaced, isCluster, let width = node.width, let height = node.height {
            attributes["bb"] = [x, -(y + height), x + width, -y].map(NumberText.format).joined(separator: ",")
        } else if node.position.isPlaced {
            let centre = [centred(x, half.x), -centred(y, half.y)] + (z.map { [$0] } ?? [])
            attributes["pos"] = centre.map(NumberText.format).joined(separator: ",")
        }
        let numbers: [(String, Double?)] = [
            ("fx", node.fx.map { centred($0 + offset.x, half.x) }),
            ("fy", node.fy.map { -centred($0 + offset.y, half.y) }),
            ("fz", node.fz.map { $0 + (offset.z ?? 0) }),
            ("width", node.width.map(inches)), ("height", node.height.map(inches)),
        ]
        for case let (name, value?) in numbers { attributes[name] = NumberText.format(value) }
        attributes["label"] = node.label
        attributes["type"] = node.type
        return attributes
    }

    /// The centre of a box whose corner is at `corner`, `half` its size away, chosen so that reading subtracts
    /// `half` back to exactly `corner` whenever a double allows.
    private static func centred(_ corner: Double, _ half: Double) -> Double {
        readingBack(corner + half) { $0 - half == corner }
    }

    /// A size in inches that reads back (times 72) as exactly `points` whenever a double allows it.
    private static func inches(_ points: Double) -> Double {
        readingBack(points / pointsPerInch) { $0 * pointsPerInch == points }
    }

    /// `guess` or the double next to it on either side, the first that `readsBack`; `guess` when none does.
    private static func readingBack(_ guess: Double, _ readsBack: (Double) -> Bool) -> Double {
        [guess, guess.nextUp, guess.nextDown].first(where: readsBack) ?? guess
    }

    /// `"node"` or `"node":"port"`.
    private static func endpoint(_ id: String, _ port: String?) -> String {
        guard let port, !port.isEmpty else { return quote(id) }
        return quote(id) + ":" + quote(port)
    }

    /// `key="value", ...` in key order.
    private static func list(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { quote($0) + "=" + value(attributes[$0]!) }.joined(separator: ", ")
    }

    /// An attribute value: an HTML string (`<...>`, see `isHTML`) as it is, anything else quoted.
    private static func value(_ text: String) -> String {
        isHTML(text) ? text : quote(text)
    }

    /// True when a text is enclosed in `<` and `>` with its inner angle brackets balanced: DOT's HTML strings,
    /// which reading gives back with their enclosing brackets.
    static func isHTML(_ text: String) -> Bool {
        guard text.utf8.count >= 2, text.utf8.first == UInt8(ascii: "<"), text.utf8.last == UInt8(ascii: ">") else {
            return false
        }
        // The first `<` must be closed by the last `>` alone.
        var depth = 0
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ">") { depth -= 1 }
            if depth == 0 { return offset == text.utf8.count - 1 }
        }
        return false
    }

    /// A double-quoted DOT string as Graphviz reads one: `"` escaped as `\"`, everything else as it is, backslashes
    /// and line breaks included (cgraph keeps every other backslash, so `\\` would read back as two).
    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// What in a text a quoted DOT string cannot give back, or nil: a NUL, or an odd run of backslashes before a
    /// quote, a line break or the end (Graphviz reads `\\` as a pair and a lone backslash there as an escape).
    private static func unquotable(_ text: String) -> String? {
        var run = 0
        for byte in text.utf8 {
            if byte == 0 { return "U+0000" }
            if byte == UInt8(ascii: "\\") {
                run += 1
                continue
            }
            if run % 2 == 1, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") {
                return "a backslash before a quote or a line break"
            }
            run = 0
        }
        return run % 2 == 1 ? "a backslash at its end" : nil
    }
}
