import Foundation

/// Reads Pajek's `.net` files: `*Vertices n` then vertex lines `number "label" [x y [z]] [shape] [key value]...`,
/// then `*Arcs` (directed) and `*Edges` (undirected) lines `from to [weight] [key value]...`, their list forms
/// `*Arcslist`/`*Edgeslist` (`from to to...`) and `*Matrix` rows. A shape is kept as the data field `shape` unless it
/// is Pajek's default, `ellipse`. Nodes are named by their labels (by their number when a vertex has no label or no
/// line), as networkx's `read_pajek` names them; lines starting with `%` are comments; words are split as networkx
/// splits them (double-quoted strings with `\"` and `\\`).
struct PajekReader {
    /// What the lines after a `*` line hold.
    private enum Section {
        case preamble, vertices, arcs, edges, arcsList, edgesList, matrix
    }

    /// The file, for messages.
    private let file: String
    /// The work meter, charged for the vertices a file declares without lines.
    private let meter: WorkMeter
    /// The nodes and edges found.
    private var builder: GraphBuilder
    /// The section being read.
    private var section = Section.preamble
    /// The number of vertices `*Vertices` declares.
    private var vertexCount = 0
    /// Node ids by vertex number, once the vertex lines are read.
    private var ids: [Int: String] = [:]
    /// Whether a directed or an undirected section was read.
    private var sawArcs = false, sawEdges = false
    /// The last line read.
    private var lastLine = 0
    /// How many edges were read.
    private var edgeCount = 0
    /// The indexes of the edges read from undirected sections, whose data says so when the graph has arcs too.
    private var undirectedEdges: [Int] = []
    /// The row a `*Matrix` section reads next (1-based).
    private var matrixRow = 0

    /// Reads a Pajek file, charging `meter` one unit per line.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        var reader = PajekReader(file: file, meter: meter, builder: GraphBuilder(file: file))
        try TextLines.forEach(data, file: file, meter: meter) { number, line in try reader.read(line, at: number) }
        return try reader.finish()
    }

    /// A reader at the start of a file.
    private init(file: String, meter: WorkMeter, builder: GraphBuilder) {
        self.file = file
        self.meter = meter
        self.builder = builder
    }

    /// An error at a line.
    private func fail(_ line: Int, _ message: String) -> GraphFileError {
        GraphFileError(file: file, line: line, message: message)
    }

    /// Reads one line.
    private mutating func read(_ line: Substring, at number: Int) throws {
        lastLine = number
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.isEmpty || trimmed.hasPrefix("%") { return }
        if trimmed.hasPrefix("*") { return try startSection(trimmed, at: number) }
        let words = try Self.words(trimmed, file: file, line: number)
        switch section {
        case .preamble: throw fail(number, "expected '*Vertices n' before the first vertex")
        case .vertices: try readVertex(words, at: number)
        case .arcs, .edges: try readEdge(words, at: number)
        case .arcsList, .edgesList:
            for target in words.dropFirst() { try addEdge(from: words[0], to: target, data: [:], at: number) }
        case .matrix: try readMatrixRow(words, at: number)
        }
    }

    /// Starts the section a `*` line names.
    private mutating func startSection(_ line: Substring, at number: Int) throws {
        let words = TextLines.words(line)
        let name = words[0].lowercased()
        if section == .vertices { try closeVertices(at: number) }
        if section == .preamble, name != "*network", name != "*vertices" {
            throw fail(number, "expected '*Vertices n' before '\(words[0])'")
        }
        switch name {
        case "*network": section = .preamble
        case "*vertices":
            guard section == .preamble, words.count >= 2, let count = Int(words[1]), count >= 0 else {
                throw fail(number, section == .preamble ? "expected '*Vertices n' (a whole number of vertices)" : "a second '*Vertices' line")
            }
            guard count <= FileSizes.maximumDeclaredNodes else {
                throw fail(number, "\(count) vertices is more than a file may declare (\(FileSizes.maximumDeclaredNodes))")
            }
            vertexCount = count
            builder.reserve(nodes: min(count, FileSizes.reservedAhead))
            section = .vertices
        case "*arcs": section = .arcs
        case "*edges": section = .edges
        case "*arcslist": section = .arcsList
        case "*edgeslist": section = .edgesList
        case "*matrix": section = .matrix
        default: throw fail(number, "unknown section '\(words[0])' (Pajek's are *Vertices, *Arcs, *Edges, *Arcslist, *Edgeslist, *Matrix)")
        }
        if section == .arcs || section == .arcsList || section == .matrix { sawArcs = true }
        if section == .edges || section == .edgesList { sawEdges = true }
    }

    /// Gives the vertices without a line of their own their numbers as ids, once the vertex lines end.
    private mutating func closeVertices(at number: Int) throws {
        for vertex in 1..<(vertexCount + 1) where ids[vertex] == nil {
            try meter.charge()
            let id = String(vertex)
            guard !builder.hasNode(id) else { throw fail(number, "vertex \(vertex) has no line, and its number is another vertex's label") }
            ids[vertex] = id
            builder.ensureNode(id, at: number)
        }
    }

    /// Reads a vertex line.
    private mutating func readVertex(_ words: [String], at number: Int) throws {
        guard let vertex = Int(words[0]), vertex >= 1, vertex <= vertexCount else {
            throw fail(number, "'\(words[0])' is not a vertex number from 1 to \(vertexCount)")
        }
        guard ids[vertex] == nil else { throw fail(number, "vertex \(vertex) is listed twice") }
        let id = words.count > 1 ? words[1] : words[0]
        var node = Node(id: id)
        var rest = words.dropFirst(2)
        let coordinates = rest.prefix(3).prefix(while: { NumberText.parse($0) != nil }).map { NumberText.parse($0)! }
        if coordinates.count >= 2 {
            node.position = Point(x: coordinates[0], y: coordinates[1], z: coordinates.count == 3 ? coordinates[2] : nil)
            rest = rest.dropFirst(coordinates.count)
            if rest.count % 2 == 1 {
                let shape = rest.removeFirst()
                if shape != PajekFormat.defaultShape { node.data["shape"] = .string(shape) }
            }
        }
        node.data.merge(try pairs(rest, at: number)) { _, new in new }
        ids[vertex] = id
        do { try builder.addNode(node, at: number) } catch {
            throw fail(number, "vertex \(vertex): its label '\(id)' is another vertex's too")
        }
    }

    /// Reads an `*Arcs` or `*Edges` line.
    private mutating func readEdge(_ words: [String], at number: Int) throws {
        guard words.count >= 2 else { throw fail(number, "expected 'from to [weight]', found one word") }
        var rest = words.dropFirst(2)
        var data: [String: DataValue] = [:]
        if rest.count % 2 == 1 {
            let word = rest.removeFirst()
            guard NumberText.parse(word) != nil else { throw fail(number, "the weight '\(word)' is not a number") }
            data["weight"] = NumberText.value(word)
        }
        data.merge(try pairs(rest, at: number)) { _, new in new }
        try addEdge(from: words[0], to: words[1], data: data, at: number)
    }

    /// Reads a `*Matrix` row: an edge (its value as `weight`) for each entry that is not zero.
    private mutating func readMatrixRow(_ words: [String], at number: Int) throws {
        matrixRow += 1
        guard matrixRow <= vertexCount, words.count == vertexCount else {
            throw fail(number, matrixRow > vertexCount ? "more matrix rows than the \(vertexCount) vertices" : "\(words.count) entries in a matrix row, expected \(vertexCount)")
        }
        for (column, word) in words.enumerated() {
            let value = NumberText.value(word)
            guard let entry = value.number else { throw fail(number, "the matrix entry '\(word)' is not a number") }
            if entry != 0 { try addEdge(from: String(matrixRow), to: String(column + 1), data: ["weight": value], at: number) }
        }
    }

    /// Key-value pairs as data (numbers and true/false read as such).
    private func pairs(_ words: ArraySlice<String>, at number: Int) throws -> [String: DataValue] {
        guard words.count % 2 == 0 else { throw fail(number, "'\(words.last!)' has no value (expected key value pairs)") }
        var data: [String: DataValue] = [:]
        var index = words.startIndex
        while index < words.endIndex {
            data[words[index]] = NumberText.value(words[index + 1])
            index += 2
        }
        return data
    }

    /// Adds an edge between two vertex numbers.
    private mutating func addEdge(from: String, to: String, data: [String: DataValue], at number: Int) throws {
        func node(_ word: String) throws -> (String, Int) {
            guard let vertex = Int(word), vertex >= 1, vertex <= vertexCount, let id = ids[vertex] else {
                throw fail(number, "'\(word)' is not a vertex number from 1 to \(vertexCount)")
            }
            return (id, builder.ensureNode(id, at: number))
        }
        let (source, sourceIndex) = try node(from)
        let (target, targetIndex) = try node(to)
        let edge = Edge(id: "", source: source, target: target, data: data)
        if section == .edges || section == .edgesList { undirectedEdges.append(edgeCount) }
        builder.addEdge(edge, at: number, ends: (sourceIndex, targetIndex))
        edgeCount += 1
    }

    /// Builds the graph: undirected when it has only `*Edges`, else directed, the edges of `*Edges` sections then
    /// marked with the data field `directed` = false.
    private mutating func finish() throws -> Graph {
        if section == .preamble { throw GraphFileError(file: file, message: "no '*Vertices n' line (not a Pajek file?)") }
        if section == .vertices { try closeVertices(at: lastLine) }
        builder.directed = !sawEdges || sawArcs
        let graph = try builder.build()
        if sawArcs && sawEdges {
            for index in undirectedEdges { try graph.updateEdge(graph.edge(at: index).id) { $0.data["directed"] = .bool(false) } }
        }
        return graph
    }

    /// The words of a line, split as Python's shlex splits them (networkx's reader): white space outside quotes,
    /// double quotes with `\"` and `\\` escapes, single quotes taken literally, a backslash outside quotes escaping the
    /// next character.
    static func words(_ line: Substring, file: String, line number: Int) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\"", "'":
                inWord = true
                var closed = false
                while let inner = iterator.next() {
                    if inner == character { closed = true; break }
                    if character == "\"", inner == "\\" {
                        guard let escaped = iterator.next() else { break }
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(inner)
                    }
                }
                if !closed { throw GraphFileError(file: file, line: number, message: "a quoted string is not closed") }
            case "\\":
                inWord = true
                if let escaped = iterator.next() { word.append(escaped) }
            case _ where character.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
