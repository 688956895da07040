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
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw GraphFileError(file: path, message: reason)
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
    /// when the path ends in `.gz`. A graph holding what the format cannot is refused unless `lossy` (then what the
    /// format cannot hold is left out).
    public func save(path: String, format choice: GraphFormatChoice = .fromExtension, lossy: Bool = false) throws {
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
        let text: String
        do {
            text = try string(format: format, lossy: lossy)
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
    }

    /// The graph as text in a format; throws GraphError when the format cannot hold the graph, unless `lossy` lets
    /// it leave out the fields it has no place for (text and numbers it cannot write are refused either way).
    public func string(format: GraphFormat, lossy: Bool = false) throws -> String {
        if !lossy { try FormatLimits.check(self, format: format) }
        switch format {
        case .d3: return try D3Format.write(self)
        case .reactFlow: return try ReactFlowFormat.write(self)
        case .graphml: return try GraphMLFormat.write(self)
        case .gexf: return try GEXFFormat.write(self)
        case .dot:
            let text = try DOTFormat.write(self)
            if !lossy { try DOTFormat.checkCoordinates(of: self, readingBack: text) }
            return text
        case .csv: return try EdgeListFormat.write(self, separator: UInt8(ascii: ","))
        case .tsv: return try EdgeListFormat.write(self, separator: UInt8(ascii: "\t"))
        case .edgelist: return try SpacedEdgeListFormat.write(self)
        case .gml: return try GMLFormat.write(self)
        case .pajek: return try PajekFormat.write(self)
        case .adjlist: return try AdjacencyListFormat.write(self)
        case .multilineAdjlist: return try MultilineAdjacencyListFormat.write(self)
        case .snap: return try SNAPFormat.write(self)
        case .matrixMarket: return try MatrixMarketFormat.write(self)
        }
    }

    /// The error for a path whose extension names no format, listing the format names.
    private static func unknownExtension(_ path: String) -> GraphFileError {
        let names = GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")
        return GraphFileError(file: path, message: "unknown graph file extension; give a format (\(names))")
    }
}
