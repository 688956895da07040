import D3Random
import Foundation
import GraphModel
import ProcessorSupport

/// Layout quality figures for node positions and edges; docs/metrics.md defines each one.
public struct Metrics: Equatable {
    /// How the figures are computed on large graphs.
    public struct Options {
        /// Up to this many nodes, stress and neighbourhood preservation use every node as a source.
        public var exactNodeLimit: Int = 1000
        /// Above `exactNodeLimit`, this many sources are drawn (deterministically) for stress and neighbourhood preservation.
        public var sampleSources: Int = 200
        /// Up to this many edges, crossings are counted by testing every pair; above it, row by row (same count).
        public var exactCrossingLimit: Int = 2000
        /// Whether crossings are counted at all (on large layouts with long edges, the slowest figure); without them
        /// `crossings` is nil.
        public var countsCrossings = true
        /// Each node's radius for overlaps when `measure` is given no radii: one for every node, one per node, or a
        /// numeric node data field (which only `measure(only:graph:)`, given the nodes' data, reads).
        public var nodeRadius: StyleValue<Double> = .constant(5)
        /// Seed of the d3 LCG that picks sampled sources.
        public var seed = LCG.defaultSeed
        /// One positive weight (a graph length) per edge, in the order of `edges`: stress then uses weighted shortest
        /// paths and the edge-length figures divide each length by its edge's weight; nil counts every edge as 1.
        public var edgeWeights: [Double]? = nil
        /// The numeric edge data field `measure(only:graph:)` reads `edgeWeights` from; nil: `edgeWeights` as given.
        public var weight: String? = nil
        /// The threads the shortest-path searches and nearest-neighbour queries of stress and neighbourhood
        /// preservation run on; nil: the cores this process may run on (`UsableCores`). The figures are the same
        /// whatever the count.
        public var threads: Int? = nil
        /// The figures a caller that takes them as options (`fl.metrics`' `only`) hands to `measure(only:...)`
        /// through `figures`; nil: every figure, crossings only when `countsCrossings`. `measure` without `only`
        /// computes every figure whatever it says.
        public var only: Set<Figure>? = nil

        /// Options with every default.
        public init() {}

        /// The figures these options ask for: `only`, or every figure (crossings only when counted).
        public var figures: Set<Figure> {
            only ?? Set(Figure.allCases.filter { countsCrossings || $0 != .crossings })
        }

        /// The range a numeric option must lie in, for readers that check options by key path (the Lua options).
        public static func range(of option: PartialKeyPath<Options>) -> ClosedRange<Double>? {
            switch option {
            case \.exactNodeLimit, \.exactCrossingLimit: 0...Double.infinity
            case \.sampleSources: 1...Double.infinity
            case \.seed: 0...Double(UInt32.max)
            case \.threads: 1...1024
            default: nil
            }
        }
    }

    /// One figure `measure(only:...)` can compute alone, named as `pairs` names it.
    public enum Figure: String, CaseIterable, Sendable {
        case stress, crossings, edgeLengthMean, edgeLengthCV, minAngle, overlaps, boxOverlaps, neighbourhoodPreservation
    }

    /// Normalised stress after optimal scaling: 0 when layout distances are proportional to graph distances.
    public var stress: Double
    /// The number of pairs of edges, without a shared endpoint, whose segments meet (nil when not counted).
    public var crossings: Int?
    /// The mean edge length in layout units (per unit of weight, with edge weights).
    public var edgeLengthMean: Double
    /// The coefficient of variation (standard deviation / mean) of edge lengths (per unit of weight, with edge weights).
    public var edgeLengthCV: Double
    /// The smallest angle in degrees between two edges at a node (360 when no node has two).
    public var minAngle: Double
    /// The number of node pairs whose circles overlap.
    public var overlaps: Int
    /// The number of pairs of boxes (nodes with a width and a height) whose rectangles overlap, a frame and what it
    /// holds apart.
    public var boxOverlaps: Int
    /// The mean Jaccard similarity of each node's graph neighbours and its nearest nodes in the layout.
    public var neighbourhoodPreservation: Double
    /// How many shortest-path sources stress and neighbourhood preservation used (all nodes, or a sample).
    public var sources: Int

    /// The figures as (name, value) pairs in a fixed order (crossings only when counted).
    public var pairs: [(name: String, value: Double)] {
        [("stress", stress)] + (crossings.map { [("crossings", Double($0))] } ?? []) + [
            ("edgeLengthMean", edgeLengthMean), ("edgeLengthCV", edgeLengthCV), ("minAngle", minAngle),
            ("overlaps", Double(overlaps)), ("boxOverlaps", Double(boxOverlaps)), ("neighbourhoodPreservation", neighbourhoodPreservation),
            ("sources", Double(sources))]
    }

    /// Which way is better for each figure of `pairs` that has a better way (docs/metrics.md's "best" column);
    /// `edgeLengthMean` and `sources` have none.
    public static let better: [String: Radar.Better] = [
        "stress": .lower, "crossings": .lower, "edgeLengthCV": .lower, "overlaps": .lower, "boxOverlaps": .lower,
        "minAngle": .higher, "neighbourhoodPreservation": .higher,
    ]

    /// Measures a layout: positions per node, edges as index pairs, optional radii per node, optional box sizes
    /// (width, height; nil for a node that is not a box) and parents per node (`ids`, when given, name the nodes in
    /// errors; else their 1-based numbers). `check` is called with the units of work done (one per node
    /// visited from a source, per pair of edges tested for crossing, per pair of circles or boxes tested for overlap,
    /// per edge end at a node for angles), every few thousand, and may throw to stop (a time or work limit).
    public static func measure(positions: [SIMD2<Double>], edges: [(Int, Int)], radii: [Double]? = nil,
                               boxes: [SIMD2<Double>?]? = nil, parents: [Int?]? = nil, ids: [String]? = nil,
                               options: Options = Options(), check: @escaping (Int) throws -> Void = { _ in }) throws -> Metrics {
        var figures = Set(Figure.allCases)
        if !options.countsCrossings { figures.remove(.crossings) }
        let values = Dictionary(uniqueKeysWithValues: try measure(
            only: figures, positions: positions, edges: edges, radii: radii, boxes: boxes, parents: parents, ids: ids,
            options: options, check: check))
        return Metrics(
            stress: values["stress"]!, crossings: values["crossings"].map { Int($0) },
            edgeLengthMean: values["edgeLengthMean"]!, edgeLengthCV: values["edgeLengthCV"]!,
            minAngle: values["minAngle"]!, overlaps: Int(values["overlaps"]!), boxOverlaps: Int(values["boxOverlaps"]!),
            neighbourhoodPreservation: values["neighbourhoodPreservation"]!, sources: Int(values["sources"]!))
    }

    /// Measures only `figures` (the others cost nothing; `options.countsCrossings` is not consulted), as (name,
    /// value) pairs in the order of `pairs`, with `sources` after them when stress or neighbourhood preservation is
    /// among them; otherwise as `measure`.
    public static func measure(only figures: Set<Figure>, positions: [SIMD2<Double>], edges: [(Int, Int)], radii: [Double]? = nil,
                               boxes: [SIMD2<Double>?]? = nil, parents: [Int?]? = nil, ids: [String]? = nil, options: Options = Options(),
                               check: @escaping (Int) throws -> Void = { _ in }) throws -> [(String, Double)] {
        let meter = WorkMeter(check)
        let n = positions.count
        let input = try Input(positions: positions, edges: edges, options: options)
        let radii = try radii ?? nodeRadii(options.nodeRadius, count: n, ids: ids)
        if radii.count != n { throw RenderError("radii has \(radii.count) values but there are \(n) nodes") }
        if let bad = radii.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            let node = ids.map { "node '\($0[bad])'" } ?? "node \(bad + 1)"
            throw RenderError("\(node) has radius \(radii[bad]); radii must be finite and not negative")
        }
        if let boxes, boxes.count != n { throw RenderError("boxes has \(boxes.count) sizes but there are \(n) nodes") }
        if let parents, parents.count != n || parents.contains(where: { $0.map { !(0..<n).contains($0) } ?? false }) {
            throw RenderError("parents must give a node index or nil for each of the \(n) nodes")
        }
        let segments = input.segments, weights = input.weights, graph = input.graph
        let threads = max(1, options.threads ?? UsableCores.count())
        var measuredLengths: (mean: Double, cv: Double)?
        func lengths() -> (mean: Double, cv: Double) {
            if let measuredLengths { return measuredLengths }
            let lengths = segments.indices.map { distance(positions[segments[$0].0], positions[segments[$0].1]) / (weights?[$0] ?? 1) }
            let mean = lengths.isEmpty ? 0 : lengths.reduce(0, +) / Double(lengths.count)
            let variance = lengths.isEmpty ? 0 : lengths.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(lengths.count)
            measuredLengths = (mean, mean > 0 ? variance.squareRoot() / mean : 0)
            return measuredLengths!
        }
        var pairs: [(String, Double)] = []
        for figure in Figure.allCases where figures.contains(figure) {
            let value: Double
            switch figure {
            case .stress: value = try graph.stress(positions: positions, sources: input.sources, threads: threads, meter: meter)
            case .crossings:
                value = Double(try EdgeCrossings.count(positions: positions, edges: segments,
                                                       exactLimit: options.exactCrossingLimit, threads: threads, meter: meter))
            case .edgeLengthMean: value = lengths().mean
            case .edgeLengthCV: value = lengths().cv
            case .minAngle: value = try graph.minAngle(positions: positions, meter: meter)
            case .overlaps:
                value = Double(try Proximity.overlaps(positions: positions, radii: radii, meter: meter))
            case .boxOverlaps:
                value = Double(try Proximity.boxOverlaps(centres: positions, sizes: boxes ?? Array(repeating: nil, count: n),
                                                         parents: parents ?? Array(repeating: nil, count: n), meter: meter))
            case .neighbourhoodPreservation:
                value = try graph.neighbourhoodPreservation(positions: positions, sources: input.sources, threads: threads, meter: meter)
            }
            pairs.append((figure.rawValue, value))
        }
        if figures.contains(.stress) || figures.contains(.neighbourhoodPreservation) {
            pairs.append(("sources", Double(input.sources.count)))
        }
        try meter.flush()
        return pairs
    }

    /// The stress alone, as `measure` computes it (same sources, same checks), without the other figures: on large
    /// graphs whose long edges make counting crossings slow, this costs only the sampled shortest paths.
    public static func stress(positions: [SIMD2<Double>], edges: [(Int, Int)], options: Options = Options()) throws -> Double {
        try measure(only: [.stress], positions: positions, edges: edges, options: options)[0].1
    }

    /// A checked layout's edges without self loops, their weights, graph distances and shortest-path sources.
    private struct Input {
        let segments: [(Int, Int)]
        let weights: [Double]?
        let graph: GraphDistances
        let sources: [Int]

        /// Checks positions, edges and edge weights, naming the first bad one.
        init(positions: [SIMD2<Double>], edges: [(Int, Int)], options: Options) throws {
            let n = positions.count
            try GraphPoints.check(positions: positions, edges: edges)
            if let weights = options.edgeWeights {
                guard weights.count == edges.count else {
                    throw RenderError("there are \(weights.count) edge weights but \(edges.count) edges")
                }
                if let bad = weights.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
                    throw RenderError("edge \(bad + 1) has weight \(weights[bad]); weights must be positive finite numbers")
                }
            }
            let kept = edges.indices.filter { edges[$0].0 != edges[$0].1 }
            segments = kept.map { edges[$0] }
            weights = options.edgeWeights.map { weights in kept.map { weights[$0] } }
            graph = try GraphDistances(nodeCount: n, edges: segments, lengths: weights)
            sources = graph.sources(limit: options.exactNodeLimit, samples: options.sampleSources, seed: options.seed)
        }
    }

    /// A power of two that brings values up to `largest` within 2^500, so that sums and products of two of them
    /// stay finite; 1 when they already are.
    static func fittingScale(largest: Double) -> Double {
        largest > 0x1p500 ? Double(sign: .plus, exponent: 500 - largest.exponent, significand: 1) : 1
    }

    /// The distance between two points.
    static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }

    /// Each of `count` nodes' radius by `style`, the nodes named by `ids` (without their data: a data field is read by
    /// `measure(only:graph:)`).
    private static func nodeRadii(_ style: StyleValue<Double>, count: Int, ids: [String]?) throws -> [Double] {
        if case .constant(let radius) = style { return Array(repeating: radius, count: count) }
        let names = ids?.count == count ? ids! : (0..<count).map { String($0 + 1) }
        return try style.numbers(for: names.map { GraphScene.Node(id: $0, x: 0, y: 0) }, option: "radius")
    }
}
