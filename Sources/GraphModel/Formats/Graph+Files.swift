import Foundation

/// Loading and saving graph files.
extension Graph {
    /// Loads a graph file in the format `format` chooses (by default from the extension). `check` is called with the
    /// units of work done (one per node, edge, line or XML element read), every few thousand, and may throw to stop
    /// (a time or work limit).
    public static func load(
        path: String, format: GraphFormatChoice = .fromExtension, check: @escaping (Int) throws -> Void = { _ in }
    ) throws -> Graph {
        if path.utf8.contains(0) { throw GraphFileError(file: path, message: "the path contains a NUL byte") }
        try FileAccess.checkRead(path)
        guard let data = try FileContents.read(path, meter: WorkMeter(check)) else {
            throw GraphFileError(file: path, message: unreadable(path))
        }
        let chosen: GraphFormat?  // nil: JSON, d3 or React Flow by content
        switch format {
        case .given(let given): chosen = given
        case .json: chosen = nil
        case .fromExtension:
            chosen = GraphFormat.fromExtension(of: path)
            guard chosen != nil || GraphFormat.isJSON(path) else { throw unknownExtension(path) }
        }
        return try load(data: data, format: chosen, name: path, check: check)
    }

    /// Why a file could not be read; a relative path that leads nowhere names the folder it was looked for from (a
    /// batch job, a sweep's worker or a notebook may run somewhere else than the script's folder).
    private static func unreadable(_ path: String) -> String {
        if FileManager.default.fileExists(atPath: path) { return "cannot be read" }
        return path.hasPrefix("/") ? "no such file" : "no such file (the current folder is '\(FileManager.default.currentDirectoryPath)')"
    }

    /// Loads a graph from bytes (gzip-compressed ones inflated first); without a format the bytes must be JSON (d3 or
    /// React Flow, by content). `check`: as for `load(path:format:check:)`.
    public static func load(
        data: Data, format: GraphFormat? = nil, name: String = "<data>", check: @escaping (Int) throws -> Void = { _ in }
    ) throws -> Graph {
        let meter = WorkMeter(check)
        let text = Gzip.isCompressed(data) ? try Gzip.inflate(data, file: name, meter: meter) : data
        let graph = try read(text, format: format, name: name, meter: meter)
        try meter.flush()
        return graph
    }

    /// Reads bytes in a format (nil: JSON, d3 or React Flow by content), charging `meter`.
    private static func read(_ data: Data, format: GraphFormat?, name: String, meter: WorkMeter) throws -> Graph {
        do {
            switch format {
            case nil, .d3, .reactFlow:
                return try JSONReading.read(data, file: name, meter: meter) { root in
                    // networkx's node-link data always has `multigraph`, React Flow's never.
                    let isD3 = format == .d3 || (format == nil && (root.has("links") || root.has("multigraph")
                        || (!root.has("edges") && !root.has("viewport"))))
                    return isD3 ? try D3Format.read(root, file: name, meter: meter) : try ReactFlowFormat.read(root, file: name, meter: meter)
                }
            case .graphml: return try GraphMLFormat.read(data, file: name, meter: meter)
            case .gexf: return try GEXFFormat.read(data, file: name, meter: meter)
            case .dot: return try DOTFormat.read(data, file: name, meter: meter)
            case .csv: return try EdgeListFormat.read(data, separator: UInt8(ascii: ","), file: name, meter: meter)
            case .tsv: return try EdgeListFormat.read(data, separator: UInt8(ascii: "\t"), file: name, meter: meter)
            case .edgelist: return try SpacedEdgeListFormat.read(data, file: name, meter: meter)
            case .gml: return try GMLFormat.read(data, file: name, meter: meter)
            case .pajek: return try PajekFormat.read(data, file: name, meter: meter)
            case .adjlist: return try AdjacencyListFormat.read(data, file: name, meter: meter)
            case .multilineAdjlist: return try MultilineAdjacencyListFormat.read(data, file: name, meter: meter)
            case .snap: return try SNAPFormat.read(data, file: name, meter: meter)
            case .matrixMarket: return try MatrixMarketFormat.read(data, file: name, meter: meter)
            }
        } catch let error as GraphError {
            throw GraphFileError(file: name, message: error.message)
        }
    }

    /// Loads a graph from text; without a format the text must be JSON.
    public static func load(string: String, format: GraphFormat? = nil, name: String = "<string>") throws -> Graph {
        try load(data: Data(string.utf8), format: format, name: name)
    }

    /// Saves the graph atomically in the format `format` chooses (by default from the extension), gzip-compressed
    /// when the path ends in `.gz`. A graph holding what the format cannot is refused unless `lossy`: then what the
    /// format cannot hold is left out, and the result says what (one line per kind, see `written(format:lossy:)`).
    @discardableResult
    public func save(path: String, format choice: GraphFormatChoice = .fromExtension, lossy: Bool = false) throws -> [String] {
        let format: GraphFormat
        switch choice {
        case .given(let given): format = given
        case .json: format = .d3
        case .fromExtension:
            guard let chosen = GraphFormat.fromExtension(of: path) ?? (GraphFormat.isJSON(path) ? .d3 : nil) else {
                throw Self.unknownExtension(path)
            }
            format = chosen
        }
        let text: String, leftOut: [String]
        do {
            (text, leftOut) = try written(format: format, lossy: lossy)
        } catch let error as GraphError {
            throw GraphFileError(file: path, message: error.message)
        }
        do {
            let bytes = Data(text.utf8)
            try AtomicFile.write(Gzip.isCompressedPath(path) ? try Gzip.deflate(bytes) : bytes, to: path)
        } catch let error as GraphError {
            throw GraphFileError(file: path, message: error.message)
        } catch let error as AtomicFile.WriteError {
            throw GraphFileError(file: path, message: error.reason)
        }
        return leftOut
    }

    /// The graph as text in a format; throws GraphError when the format cannot hold the graph, unless `lossy` lets
    /// it leave out what it has no place for (see `written(format:lossy:)`).
    public func string(format: GraphFormat, lossy: Bool = false) throws -> String {
        try written(format: format, lossy: lossy).text
    }

    /// The graph as text in a format, and what it left out: nothing, or the save is refused, unless `lossy`; then
    /// the fields the format has no place for and the data it cannot write (numbers that are not finite in JSON,
    /// text DOT or CSV would read back as something else, a field named like the format's own), one line per kind
    /// naming the first node or edge and how many others. Ids and text no file of the format can hold (a NUL in
    /// DOT, a control character in XML) are refused either way.
    public func written(format: GraphFormat, lossy: Bool = false) throws -> (text: String, leftOut: [String]) {
        guard lossy else {
            try FormatLimits.check(self, format: format)
            let text = try Self.write(self, format: format)
            if format == .dot { try DOTFormat.checkCoordinates(of: self, readingBack: text) }
            return (text, [])
        }
        let (copy, dropped) = try FormatLimits.writableCopy(of: self, format: format)
        return (try Self.write(copy, format: format), dropped + FormatLimits.losses(copy, format: format))
    }

    /// A graph as text in a format, writing what the format has a place for.
    private static func write(_ graph: Graph, format: GraphFormat) throws -> String {
        switch format {
        case .d3: return try D3Format.write(graph)
        case .reactFlow: return try ReactFlowFormat.write(graph)
        case .graphml: return try GraphMLFormat.write(graph)
        case .gexf: return try GEXFFormat.write(graph)
        case .dot: return try DOTFormat.write(graph)
        case .csv: return try EdgeListFormat.write(graph, separator: UInt8(ascii: ","))
        case .tsv: return try EdgeListFormat.write(graph, separator: UInt8(ascii: "\t"))
        case .edgelist: return try SpacedEdgeListFormat.write(graph)
        case .gml: return try GMLFormat.write(graph)
        case .pajek: return try PajekFormat.write(graph)
        case .adjlist: return try AdjacencyListFormat.write(graph)
        case .multilineAdjlist: return try MultilineAdjacencyListFormat.write(graph)
        case .snap: return try SNAPFormat.write(graph)
        case .matrixMarket: return try MatrixMarketFormat.write(graph)
        }
    }

    /// Graph formats other tools write that forcelab does not read, by extension.
    static let unsupportedExtensions = [
        "g6": "graph6", "s6": "sparse6", "gpickle": "a Python pickle", "pickle": "a Python pickle", "gw": "LEDA",
        "leda": "LEDA", "lgl": "LGL", "ncol": "NCOL", "dl": "UCINET DL", "gdf": "GUESS GDF", "sif": "Cytoscape SIF",
    ]

    /// The error for a path whose extension names no format forcelab reads: a format it does not support, or an
    /// extension that says nothing, when the file may be one of forcelab's formats given with `format =`.
    private static func unknownExtension(_ path: String) -> GraphFileError {
        let names = GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")
        let name = URL(fileURLWithPath: Gzip.innerPath(path)).lastPathComponent  // `.gz` says only how it is packed
        let dot = name.lastIndex(of: ".").map { name.index(after: $0) }
        let ext = dot.map { String(name[$0...]) } ?? ""
        if let format = unsupportedExtensions[ext.lowercased()] {
            return GraphFileError(file: path, message: "'.\(ext)' is \(format), a format forcelab does not support (its formats: \(names))")
        }
        let said = ext.isEmpty ? "the file has no extension" : "the extension '.\(ext)' names no format"
        return GraphFileError(file: path, message: "\(said); give one with format = (\(names))")
    }
}
