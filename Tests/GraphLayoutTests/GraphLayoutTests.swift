import Foundation
import ForceSimulation
import GraphModel
import Testing
@testable import GraphLayout

/// A Swift program lays out a Graph with GraphLayout, without Lua.
@Suite struct GraphLayoutTests {
    /// Les Misérables with d3's default forces, as README's first experiment does in Lua.
    private func miserables() throws -> (Graph, GraphLayout) {
        let graph = try Graph.generate(kind: "miserables")
        let layout = try GraphLayout(graph: graph)
        try layout.setForce("link", GraphLinkForce(layout: layout))
        try layout.setForce("charge", ManyBodyForce())
        try layout.setForce("center", CenterForce())
        return (graph, layout)
    }

    @Test func laysOutAGraphAsD3DoesAndWritesPositionsBack() throws {
        let (graph, layout) = try miserables()
        var ticks = 0
        var ended = 0
        layout.on(.tick) { _ in ticks += 1 }
        layout.on(.end) { _ in ended += 1 }
        let outcome = try layout.run()
        #expect(outcome == .converged && ticks == 300 && ended == 1 && layout.ticksDone == 300)
        let valjean = try #require(graph.node("Valjean")).position
        // d3-force 3.0.0 puts Valjean here after 300 ticks (V8's cos/sin differ from glibc's in the last bits).
        #expect(abs(valjean.x - -17.638) < 1e-3 && abs(valjean.y - 19.865) < 1e-3)
    }

    @Test func picksUpGraphEditsBetweenTicks() throws {
        let (graph, layout) = try miserables()
        try layout.tick(5)
        try graph.addNode(Node(id: "newcomer"))
        try graph.addEdge(source: "newcomer", target: "Valjean")
        try graph.updateNode("Myriel") { $0.position = Point(x: 500, y: 500) }
        try layout.tick()
        #expect(layout.nodeIds.count == 78 && layout.index(of: "newcomer") == 77)
        let newcomer = try #require(graph.node("newcomer")).position
        #expect(newcomer.isPlaced, "a new node is placed and moved by the forces")
        let myriel = try #require(graph.node("Myriel")).position
        #expect(myriel.x > 250, "a node moved in the graph starts the next tick from there")
        graph.deleteElements(nodes: ["newcomer"])
        try layout.tick()
        #expect(layout.nodeIds.count == 77 && layout.index(of: "newcomer") == nil)
    }

    @Test func fixFindAndUnfixGoThroughTheGraph() throws {
        let (graph, layout) = try miserables()
        try layout.fix("Valjean", x: 100, y: -50)
        #expect(graph.node("Valjean")?.fx == 100 && graph.node("Valjean")?.fy == -50)
        try layout.tick(3)
        #expect(graph.node("Valjean")?.position == Point(x: 100, y: -50))
        #expect(try layout.find(x: 99, y: -49, radius: 5) == "Valjean")
        #expect(try layout.find(x: 1e6, y: 1e6, radius: 5) == nil)
        try layout.unfix("Valjean")
        try layout.tick()
        #expect(graph.node("Valjean")?.fx == nil && graph.node("Valjean")?.position != Point(x: 100, y: -50))
        #expect(throws: LayoutError.unknownNode("nobody")) { try layout.fix("nobody") }
    }

    @Test func workFromInsideTheLayoutIsRefusedButHandlersMayCallIt() throws {
        let (graph, layout) = try miserables()
        final class Reentrant: Force {
            weak var layout: GraphLayout?
            var refused: Error?
            func initialize(kinetics: Kinetics, random: RandomSource) throws {}
            func apply(alpha: Double) throws {
                do { try layout?.tick() } catch { refused = error }
            }
        }
        let force = Reentrant()
        force.layout = layout
        try layout.setForce("reentrant", force)
        try layout.tick()
        #expect(force.refused as? LayoutError == .busy("tick"))
        try layout.removeForce("reentrant")
        var pinned = false
        layout.on(.tick, name: "drag") { layout in
            if !pinned { try layout.fix("Myriel", x: 0, y: 0) }
            pinned = true
            layout.stop()
        }
        #expect(try layout.run() == .interrupted)
        #expect(graph.node("Myriel")?.fx == 0)
    }

    @Test func perNodeValuesComeFromFieldsOrFunctions() throws {
        let graph = Graph()
        for i in 0..<3 { try graph.addNode(Node(id: "n\(i)", data: ["weight": .number(Double(i + 1))])) }
        let layout = try GraphLayout(graph: graph)
        let byField = layout.nodeParameter(.field("weight"), name: "strength")
        let computed = layout.nodeParameter(.computed { id, i, nodes in
            nodes.ids[i] == id && id == "n2" ? 10 : Double(i)
        }, name: "strength")
        func values(_ parameter: NodeParameter) throws -> [Double] {
            guard case .perElement(let value) = parameter else { return [] }
            return try (0..<3).map(value)
        }
        #expect(try values(byField) == [1, 2, 3])
        #expect(try values(computed) == [0, 1, 10])
        let missing = layout.nodeParameter(.field("mass"), name: "strength")
        #expect(throws: LayoutError.missingField(parameter: "strength", element: "node 'n0'", field: "mass")) {
            try layout.setForce("charge", ManyBodyForce(strength: missing))
        }
    }

    @Test func addedNodesArePlacedAtOnceAndStartWithTheirVelocity() throws {
        let graph = Graph()
        try graph.addNode(Node(id: "a", x: 0, y: 0))
        let layout = try GraphLayout(graph: graph)
        layout.simulation.velocityDecay = 0
        try layout.add(Node(id: "b"), velocity: [1, 2])
        let placed = try #require(graph.node("b")).position
        let angle = Double.pi * (3 - 5.0.squareRoot())
        #expect(abs(placed.x - 10 * 1.5.squareRoot() * cos(angle)) < 1e-12, "d3's spiral point of index 1")
        #expect(layout.velocity(of: "b") == [1, 2] && layout.velocity(of: "a") == [0, 0])
        try layout.setVelocity(of: "a", axis: 1, to: -3)
        try layout.tick()
        #expect(graph.node("b")?.position.x == placed.x + 1 && graph.node("b")?.position.y == placed.y + 2)
        #expect(graph.node("a")?.position.y == -3)
        #expect(throws: LayoutError.noSuchAxis("vz", dimensions: 2)) { try layout.setVelocity(of: "a", axis: 2, to: 1) }
    }

    @Test func aLinkForceLinksTheEdgesItChooses() throws {
        let graph = Graph()
        for id in ["a", "b", "c"] { try graph.addNode(Node(id: id)) }
        try graph.addEdge(Edge(id: "ab", source: "a", target: "b", data: ["strong": .bool(true)]))
        try graph.addEdge(Edge(id: "bc", source: "b", target: "c"))
        let layout = try GraphLayout(graph: graph)
        let strong = GraphLinkForce(layout: layout, edges: .field("strong"))
        let listed = GraphLinkForce(layout: layout, edges: .ids(["bc", "ab"]))
        let filtered = GraphLinkForce(layout: layout, edges: .filter { $0 == "bc" })
        let keyed = GraphLinkForce(layout: layout, nodeKey: { id, i, nodes in nodes.ids[i] == id ? id : "?" })
        for (name, force) in [("strong", strong), ("listed", listed), ("filtered", filtered), ("keyed", keyed)] {
            try layout.setForce(name, force)
        }
        #expect(strong.edgeIds == ["ab"] && listed.edgeIds == ["bc", "ab"] && filtered.edgeIds == ["bc"])
        #expect(keyed.edgeIds == ["ab", "bc"])
        #expect(strong.links?.degrees == [1, 1, 0], "the default strength counts the force's own links")
        #expect(throws: LayoutError.unknownEdge("nope")) {
            try layout.setForce("bad", GraphLinkForce(layout: layout, edges: .ids(["nope"])))
        }
        #expect(throws: LayoutError.repeatedKey("k", nodes: "a", "b")) {
            try layout.setForce("bad", GraphLinkForce(layout: layout, nodeKey: { _, _, _ in "k" }))
        }
    }

    @Test func recordingsStartAtTheirFirstTickAndEndAtTheLatest() throws {
        let (_, layout) = try miserables()
        var settings = LayoutRecording.Settings()
        settings.every = 7
        let recording = try layout.record(settings)
        try layout.run()
        #expect(recording.ticks.count == 300 && recording.series("alpha")?.count == 300)
        #expect(recording.frameTicks.first == 0 && recording.frameTicks.last == 300)
        #expect(recording.frameTicks.dropLast().allSatisfy { $0 % 7 == 0 })
        #expect(recording.series("energy")?.last ?? 1 < recording.series("energy")?.first ?? 0)
        #expect(recording.series("nope") == nil)
    }
}
