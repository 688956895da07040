import ForceSimulation
import GraphModel

/// d3's link force over a layout's graph edges, rebuilt from the graph's current edges each time it is initialised.
public final class GraphLinkForce: Force {
    private unowned let layout: GraphLayout
    /// Each link's rest length; nil is d3's default.
    public let distance: ElementValue?
    /// Each link's stiffness; nil is d3's default, 1 / min(degree(source), degree(target)).
    public let strength: ElementValue?
    /// Passes over all links per tick.
    public let iterations: Int
    /// The engine's link force over the edges as of the last initialisation.
    public private(set) var links: LinkForce?

    /// A link force over `layout`'s graph edges; add it with `layout.setForce`.
    public init(layout: GraphLayout, distance: ElementValue? = nil, strength: ElementValue? = nil, iterations: Int = 1) {
        self.layout = layout
        self.distance = distance
        self.strength = strength
        self.iterations = iterations
    }

    /// Resolves the graph's edges to node indices and initialises d3's link force over them.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let edges = layout.graph.edges
        var pairs: [(source: Int, target: Int)] = []
        pairs.reserveCapacity(edges.count)
        for edge in edges {
            guard let source = layout.index(of: edge.source) else { throw SimulationError.nodeNotFound(edge.source) }
            guard let target = layout.index(of: edge.target) else { throw SimulationError.nodeNotFound(edge.target) }
            pairs.append((source, target))
        }
        let force = LinkForce(links: pairs, iterations: iterations)
        if let distance { force.distance = GraphLayout.linkParameter(distance, name: "distance", edges: edges) }
        if let strength { force.strength = GraphLayout.linkParameter(strength, name: "strength", edges: edges) }
        try force.initialize(kinetics: kinetics, random: random)
        links = force
    }

    /// As d3's link force: true unless its parameters wait to be evaluated.
    public var changesOnlyVelocities: Bool { links?.changesOnlyVelocities ?? false }

    /// Applies d3's link force.
    public func apply(alpha: Double) throws {
        try links?.apply(alpha: alpha)
    }
}
