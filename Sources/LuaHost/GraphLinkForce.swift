import ForceSimulation
import GraphModel

/// d3's link force over the graph's current edges: rebuilt from them each time the force is initialised.
final class GraphLinkForce: Force {
    private unowned let simulation: LuaSimulation
    let spec: ForceSpec
    private var inner: LinkForce?

    init(simulation: LuaSimulation, spec: ForceSpec) {
        self.simulation = simulation
        self.spec = spec
    }

    /// Resolves the graph's edges to node indices and initialises d3's link force over them.
    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let edges = simulation.graph.graph.edges
        var index: [String: Int] = [:]
        for (i, id) in simulation.nodeIds.enumerated() { index[id] = i }
        var pairs: [(source: Int, target: Int)] = []
        pairs.reserveCapacity(edges.count)
        for edge in edges {
            guard let source = index[edge.source] else { throw SimulationError.nodeNotFound(edge.source) }
            guard let target = index[edge.target] else { throw SimulationError.nodeNotFound(edge.target) }
            pairs.append((source, target))
        }
        let force = LinkForce(
            links: pairs,
            distance: spec.parameters["distance"].map { simulation.linkParameter($0, "distance", edges: edges) } ?? 30,
            strength: spec.parameters["strength"].map { simulation.linkParameter($0, "strength", edges: edges) },
            iterations: Int(spec.number("iterations", 1)))
        try force.initialize(kinetics: kinetics, random: random)
        inner = force
    }

    /// As d3's link force: true unless its parameters wait to be evaluated.
    var changesOnlyVelocities: Bool { inner?.changesOnlyVelocities ?? false }

    /// Applies d3's link force.
    func apply(alpha: Double) throws {
        try inner?.apply(alpha: alpha)
    }
}
