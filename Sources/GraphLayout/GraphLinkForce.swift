import ForceSimulation
import GraphModel
import NodeOutline

/// d3's link force over a layout's graph edges (all of them, or a chosen set), rebuilt from the graph's current
/// edges each time it is initialised.
public final class GraphLinkForce: Force {
    /// Which of the graph's edges a link force links.
    public enum EdgeSelection {
        /// Every edge, in edge order.
        case all
        /// The edges whose boolean data field of this name is true, in edge order (a missing field is false).
        case field(String)
        /// These edges, in this order.
        case ids([String])
        /// The edges the function accepts (given the edge's id), in edge order.
        case filter((_ id: String) throws -> Bool)
    }

    private unowned let layout: GraphLayout
    /// Each link's rest length; nil is d3's default.
    public let distance: ElementValue?
    /// Each link's stiffness; nil is d3's default, 1 / min(degree(source), degree(target)) over this force's links.
    public let strength: ElementValue?
    /// Passes over all links per tick.
    public let iterations: Int
    /// Where each link's spring pulls from.
    public enum Ends: String, CaseIterable, Sendable {
        /// d3's: between the nodes' positions.
        case centres
        /// Between the points the edge is drawn from: the sides its handles name (`HandleLinkForce`).
        case handles
    }

    /// The edges linked.
    public let edges: EdgeSelection
    /// Where the springs pull from.
    public let ends: Ends
    /// d3's id accessor: the key of each node (given its id, index and all the nodes) that edge ends are matched
    /// against; nil matches them against node ids.
    public let nodeKey: ((_ id: String, _ index: Int, _ nodes: ElementList) throws -> String)?
    /// The engine's link force over the edges as of the last initialisation.
    public private(set) var links: LinkForce?
    /// The ids of the edges linked as of the last initialisation, in link order.
    public private(set) var edgeIds: [String] = []
    /// The springs between handles over `links`, as of the last initialisation, when the ends are handles.
    public private(set) var handles: HandleLinkForce?

    /// The force's settings, with d3's defaults: what a host declares the force's options from.
    public struct Settings {
        /// Each link's rest length; nil is d3's default (`LinkForce.defaultDistance`).
        public var distance: ElementValue?
        /// Each link's stiffness; nil is d3's default, 1 / min(degree(source), degree(target)) over the links.
        public var strength: ElementValue?
        /// Passes over all links per tick.
        public var iterations = LinkForce.defaultIterations
        /// The edges linked.
        public var edges = EdgeSelection.all
        /// d3's id accessor; nil matches edge ends against node ids.
        public var nodeKey: ((_ id: String, _ index: Int, _ nodes: ElementList) throws -> String)?
        /// Where the springs pull from: d3's centres, or the handles edges are drawn from.
        public var ends = Ends.centres

        /// Every setting at d3's default.
        public init() {}

        /// The range a numeric setting must lie in (nil: any finite number).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            setting == \Settings.iterations ? 0...1000 : nil
        }
    }

    /// A link force over `layout`'s graph edges with `settings`; add it with `layout.setForce`.
    public convenience init(layout: GraphLayout, _ settings: Settings) {
        self.init(
            layout: layout, distance: settings.distance, strength: settings.strength, iterations: settings.iterations,
            edges: settings.edges, nodeKey: settings.nodeKey, ends: settings.ends)
    }

    /// A link force over `layout`'s graph edges (or those `edges` chooses); add it with `layout.setForce`.
    public init(
        layout: GraphLayout, distance: ElementValue? = nil, strength: ElementValue? = nil,
        iterations: Int = Settings().iterations,
        edges: EdgeSelection = .all, nodeKey: ((_ id: String, _ index: Int, _ nodes: ElementList) throws -> String)? = nil,
        ends: Ends = .centres
    ) {
        self.layout = layout
        self.distance = distance
        self.strength = strength
        self.iterations = iterations
        self.edges = edges
        self.nodeKey = nodeKey
        self.ends = ends
    }

    /// Resolves the chosen edges to node indices and initialises d3's link force over them.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let chosen = try selectedEdges()
        let index = try nodeIndex()
        var pairs: [(source: Int, target: Int)] = []
        pairs.reserveCapacity(chosen.count)
        for edge in chosen {
            guard let source = index(edge.source) else { throw LayoutError.unmatchedEnd(edge: edge.id, end: edge.source) }
            guard let target = index(edge.target) else { throw LayoutError.unmatchedEnd(edge: edge.id, end: edge.target) }
            pairs.append((source, target))
        }
        let list = ElementList(chosen.map(\.id))
        let force = LinkForce(links: pairs, iterations: iterations)
        if let distance { force.distance = GraphLayout.linkParameter(distance, name: "link: distance", edges: chosen, list: list) }
        if let strength { force.strength = GraphLayout.linkParameter(strength, name: "link: strength", edges: chosen, list: list) }
        if ends == .handles {
            let graph = layout.graph
            let ids = layout.nodeIds
            func side(_ node: Int, _ handle: String?) -> Side? {
                graph.node(ids[node])?.side(ofHandle: handle).flatMap(Side.init(named:))
            }
            let springs = HandleLinkForce(
                links: force, boxes: try layout.nodeBoxes(),
                sourceSides: chosen.indices.map { side(pairs[$0].source, chosen[$0].sourceHandle) },
                targetSides: chosen.indices.map { side(pairs[$0].target, chosen[$0].targetHandle) })
            try springs.initialize(kinetics: kinetics, random: random)
            handles = springs
        } else {
            try force.initialize(kinetics: kinetics, random: random)
            handles = nil
        }
        links = force
        edgeIds = list.ids
    }

    /// The graph's edges this force links, in link order.
    private func selectedEdges() throws -> [Edge] {
        let graph = layout.graph
        switch edges {
        case .all:
            return graph.edges
        case .field(let field):
            return try graph.edges.filter { edge in
                switch edge.data[field] {
                case nil: return false
                case .bool(let chosen)?: return chosen
                case let value?: throw LayoutError.notBoolean(edge: edge.id, field: field, value: value.text)
                }
            }
        case .ids(let ids):
            var seen = Set<String>()
            return try ids.map { id in
                guard seen.insert(id).inserted else { throw LayoutError.repeatedEdge(id) }
                guard let edge = graph.edge(id) else { throw LayoutError.unknownEdge(id) }
                return edge
            }
        case .filter(let accepts):
            return try graph.edges.filter { try accepts($0.id) }
        }
    }

    /// How an edge end finds its node's index: by node id, or by the key `nodeKey` gives each node.
    private func nodeIndex() throws -> (String) -> Int? {
        guard let nodeKey else { return { [layout] in layout.index(of: $0) } }
        let nodes = layout.nodeList
        var index: [String: Int] = [:]
        for (i, id) in nodes.ids.enumerated() {
            let key = try nodeKey(id, i, nodes)
            if let other = index.updateValue(i, forKey: key) {
                throw LayoutError.repeatedKey(key, nodes: nodes.ids[other], id)
            }
        }
        return { index[$0] }
    }

    /// As d3's link force: true unless its parameters wait to be evaluated.
    public var changesOnlyVelocities: Bool { links?.changesOnlyVelocities ?? false }

    /// Applies d3's link force (between handles when the ends are handles).
    public func apply(alpha: Double) throws {
        if let handles { return try handles.apply(alpha: alpha) }
        try links?.apply(alpha: alpha)
    }
}
