import Foundation
import FoundationXML

/// What the XML readers (GraphML, GEXF) share: running XMLParser with a reader as its delegate, the graph being
/// collected, the edges (added after every node, as they may name later ones), the first error with its place, and
/// the work meter charged one unit per element (its check, when it throws, stops the parse).
final class XMLGraphInput {
    /// The collected nodes and edges.
    var builder: GraphBuilder
    /// The edges read so far with their places (see `place`), added to the builder at the end.
    var edges: [(edge: Edge, place: Int)] = []
    /// The first error met.
    private(set) var failure: GraphFileError?
    /// Charged one unit per element.
    private let meter: WorkMeter
    /// What the meter's check threw, which stopped the parse.
    private var stop: (any Error)?
    /// The running parser, for line numbers.
    private weak var parser: XMLParser?
    /// The root element the format requires ("graphml", "gexf").
    private let root: String
    /// Whether the root element has started.
    private var hasRoot = false
    /// The names of the open elements, outermost first.
    private var openElements: [String] = []

    /// An input for a file name whose root element must be `root`, charging `meter` one unit per element.
    init(file: String, root: String, meter: WorkMeter) {
        builder = GraphBuilder(file: file, nodePlace: Self.place(of:), edgePlace: Self.place(of:))
        self.root = root
        self.meter = meter
    }

    /// The parser's line and column as one place number for the builder: line × 2^32 + column.
    var place: Int {
        ((parser?.lineNumber ?? 0) << 32) | (parser?.columnNumber ?? 0)
    }

    /// The line and column in a place number.
    private static func place(of number: Int) -> GraphBuilder.Place {
        GraphBuilder.Place(line: number >> 32, column: number & 0xFFFF_FFFF, label: "")
    }

    /// Parses XML bytes (UTF-16 and UTF-32 made UTF-8 first: `XMLEncoding`), calling `delegate`; throws the first error a reader recorded or XMLParser met (the
    /// delegate passes XMLParser's errors on to `parserFailed` as they come).
    func parse(_ data: Data, delegate: XMLParserDelegate) throws {
        let data = try XMLEncoding.utf8(data, file: builder.file)
        if let offset = XMLProlog.internalSubset(in: data) {
            let (line, column) = TextPlace.lineAndColumn(of: offset, in: data)
            throw GraphFileError(
                file: builder.file, line: line, column: column, message: "a DTD internal subset ([...]) is not supported")
        }
        // From a stream, which XMLParser hands libxml2 in chunks: given the data at once, it passes all of it in one
        // chunk, and libxml2 fails a chunk above about 50 MB with an internal error at the end of the file.
        let parser = XMLParser(stream: InputStream(data: data))
        self.parser = parser
        parser.delegate = delegate
        _ = parser.parse()
        if let stop { throw stop }
        if let error = parser.parserError { parserFailed(error) }
        if let failure { throw failure }
        // XMLParser hands libxml2 nothing shorter than 4 bytes, so an empty file gets here without an error.
        guard hasRoot else {
            throw GraphFileError(file: builder.file, line: 1, column: 1, message: "malformed XML (no root element)")
        }
    }

    /// Notes an element's start and charges it to the meter; false, with the error recorded, when the root element
    /// is not the format's or the meter's check throws (then the parse stops and `parse` throws what it threw).
    func start(_ name: String) -> Bool {
        do {
            try meter.charge()
        } catch {
            stop = error
            parser?.abortParsing()
            return false
        }
        if !hasRoot {
            hasRoot = true
            guard XMLText.localName(name) == root else {
                fail("expected a <\(root)> root element, found <\(name)>")
                return false
            }
        }
        openElements.append(name)
        return true
    }

    /// Notes an element's end.
    func end() {
        _ = openElements.popLast()
    }

    /// Records an error XMLParser met (its code is libxml2's) at the parser's place, in plain words.
    func parserFailed(_ error: Error) {
        let code = (error as NSError).code
        // libxml2's push parser reports whatever is wrong when the data ends as "document end" (5).
        let endReason = !hasRoot ? "no root element"
            : openElements.last.map { "premature end of data inside <\($0)>" } ?? "extra content after the root element"
        let reason = code == 5 ? endReason : XMLText.reason(libxml2Code: code, openElement: openElements.last)
        fail(reason.map { "malformed XML (\($0))" } ?? "malformed XML")
    }

    /// Adds the edges and builds the graph; throws an error recorded after parsing (a bad key default).
    func build() throws -> Graph {
        if let failure { throw failure }
        for (edge, place) in edges { builder.addEdge(edge, at: place) }
        return try builder.build()
    }

    /// Records the first error at the parser's place and stops parsing.
    func fail(_ message: String) {
        guard failure == nil else { return }
        // libxml2 gives no place (0:0) for bytes it cannot decode at all: the file's start.
        failure = GraphFileError(
            file: builder.file, line: parser.map { max($0.lineNumber, 1) }, column: parser.map { max($0.columnNumber, 1) },
            message: message)
        parser?.abortParsing()
    }
}
