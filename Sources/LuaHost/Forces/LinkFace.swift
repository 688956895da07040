import ForceSimulation
import GraphLayout

/// `fl.force.link`: d3's forceLink over the graph's edges (or the chosen ones) as Lua makes, reads and sets it.
enum LinkFace: ForceFace {
    static let name = "link"
    static let doc = "a spring along each of the graph's edges (or the chosen ones)"
    static let options: [ForceOption<GraphLinkForce.Settings>] = [
        .perEdge("distance", \.distance, default: .number(LinkForce.defaultDistance), "rest length of each link"),
        .perEdge("strength", \.strength, default: .described("1 / min(degree(source), degree(target))"), "stiffness of each link"),
        .integer("iterations", \.iterations, "passes over the links per tick"),
        .custom(.choice("ends", GraphLinkForce.Ends.self, default: .centres,
                        "what each spring joins: the nodes' centres, or the handles edges are drawn from (a flow's)")) { settings, value, _, _ in
            if case .choice(let name) = value, let ends = GraphLinkForce.Ends(rawValue: name) { settings.ends = ends }
        },
        .custom(
            LuaOption("edges", .custom("`function(edge)`, boolean edge data field name or `{edge id, ...}`"), default: .described("every edge"),
                      "the edges linked: those the function returns true for or whose field is true (in edge order), or those listed (in that order)")
        ) { settings, value, simulation, _ in
            settings.edges = value.edgeSelection(in: simulation, name: "edges")
        },
        .custom(
            LuaOption("id", .function("function(node, i, nodes)"), default: .described("the node's id"),
                      "d3's id accessor: edge ends are matched against what it returns for each node")
        ) { settings, value, simulation, _ in
            settings.nodeKey = value.nodeKey(in: simulation, name: "id")
        },
    ]

    static func make(_ settings: GraphLinkForce.Settings, for simulation: SimulationHandle) -> any Force {
        GraphLinkForce(layout: simulation.layout, settings)
    }
}

extension GraphLinkForce.Settings: LuaSettable {}
