import LuaHost
import XCTest

/// `fl.svg.graph`'s pictures that explain a simulation: arrows, Barnes-Hut cells, fixed nodes, per-edge styles.
final class PictureExplainTests: LuaTestCase {
    let setup = """
        local g = fl.graph.generate('tree', {n = 15})
        for i, e in ipairs(g:edges()) do e.data = {w = i % 3 + 1, kind = i % 2 == 0 and 'even' or 'odd'} end
        local sim = fl.simulation(g)
        sim:force('charge', fl.force.manyBody{}):force('link', fl.force.link{})
        sim:tick(5)

        """

    private func file(_ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    private func count(_ text: String, in svg: String) -> Int {
        svg.components(separatedBy: text).count - 1
    }

    func testArrowsDrawTheSimulationsVelocitiesAndForcesWithoutChangingIt() throws {
        run(setup + """
            local before = {}
            for _, n in ipairs(g:nodes()) do before[#before + 1] = n.x .. ',' .. n.y end
            fl.svg.graph(g, tmp .. '/a.svg', {simulation = sim, arrows = {'force', 'velocity'}})
            fl.svg.graph(g, tmp .. '/v.svg', {simulation = sim, arrows = 'velocity', arrowScale = 1})
            for i, n in ipairs(g:nodes()) do assert(before[i] == n.x .. ',' .. n.y, 'a picture moved node ' .. n.id) end
            """)
        let both = try file("a.svg"), velocity = try file("v.svg")
        XCTAssertTrue(both.contains("class=\"arrows velocity\"") && both.contains("class=\"arrows force\""))
        XCTAssertLessThan(both.range(of: "arrows velocity")!.lowerBound, both.range(of: "arrows force")!.lowerBound, "velocity first")
        XCTAssertTrue(both.contains(">net force</text>"))
        XCTAssertFalse(velocity.contains("arrows force"))
        // Two paths per arrow drawn (shaft and head).
        XCTAssertGreaterThan(count("<path d=\"M", in: velocity), 2)
    }

    func testCellsComeFromTheManyBodyForce() throws {
        run(setup + "fl.svg.graph(g, tmp .. '/c.svg', {simulation = sim, cells = {node = '1', theta = 0.9}})")
        let svg = try file("c.svg")
        XCTAssertTrue(svg.contains("<g class=\"cells\""))
        XCTAssertTrue(svg.contains("<rect class=\"opened\""))
        XCTAssertTrue(svg.contains("<circle class=\"subject\""))
        run(setup + "fl.svg.graph(g, tmp .. '/exact.svg', {simulation = sim, cells = {node = '1', theta = 0}})")
        XCTAssertEqual(count("<rect class=\"approximated\"", in: try file("exact.svg")), 0)
        XCTAssertEqual(count("<rect class=\"direct\"", in: try file("exact.svg")), 15)
    }

    func testExplanationsNeedTheSimulationOfTheGraphDrawn() {
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {arrows = 'velocity'})")
            .contains("field 'arrows' needs field 'simulation' (the simulation of the graph drawn)"))
        XCTAssertTrue(error(setup + "fl.svg.graph(fl.graph.generate('tree', {n = 3}), tmp .. '/x.svg', {simulation = sim, arrows = 'force'})")
            .contains("field 'simulation': it lays out another graph than the one drawn"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = g, arrows = 'force'})")
            .contains("field 'simulation': Simulation expected, got"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = sim, arrows = 'speed'})")
            .contains("field 'arrows': \"velocity\", \"force\" expected, got 'speed'"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = sim, arrows = {'velocity', 3}})")
            .contains("field 'arrows[2]': \"velocity\", \"force\" expected, got number"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = sim, cells = {node = 'nobody'}})")
            .contains("field 'cells': no node with id 'nobody'"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = sim, cells = {node = '1', force = 'link'}})")
            .contains("field 'cells': no many-body force named 'link' (many-body forces: charge)"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = sim, cells = {nod = '1'}})")
            .contains("unknown option 'nod' (did you mean 'node'?)"))
        // Fast mode sums the charge by multipoles: d3's cells would be a picture of a sum it does not make.
        let fast = "local fast = fl.simulation(g, {mode = 'fast'}); fast:force('charge', fl.force.manyBody{})\n"
        XCTAssertTrue(error(setup + fast + "fl.svg.graph(g, tmp .. '/x.svg', {simulation = fast, cells = {node = '1'}})")
            .contains("field 'cells': the simulation is in fast mode, whose many-body sum does not use d3's Barnes-Hut cells: draw them from a simulation with mode = \"exact\""))
    }

    func testFixedNodesAndPerEdgeStyles() throws {
        run(setup + """
            g:node('1').fx = 0
            fl.svg.graph(g, tmp .. '/f.svg', {edgeWidth = 'w', edgeStroke = function(e) return e.data.w == 1 and '#ff0000' or '#0000ff' end})
            fl.svg.graph(g, tmp .. '/k.svg', {edgeStroke = 'kind', edgeWidth = function(e, i) return i / 2 end, fixedMark = false})
            """)
        let fixed = try file("f.svg"), kinds = try file("k.svg")
        XCTAssertEqual(count("<g class=\"fixed\"", in: fixed), 1)
        XCTAssertTrue(fixed.contains("stroke=\"#ff0000\" stroke-width=\"1\"/>") && fixed.contains("stroke=\"#0000ff\" stroke-width=\"2\"/>"))
        XCTAssertFalse(kinds.contains("class=\"fixed\""))
        XCTAssertTrue(kinds.contains(">even</text>") && kinds.contains(">odd</text>"))
        XCTAssertTrue(kinds.contains("stroke-width=\"0\"/>") && kinds.contains("stroke-width=\"6.5\"/>"), "i is 0-based, as d3's index")
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {edgeWidth = function(e) return 'wide' end})")
            .contains("field 'edgeWidth': the function returned string for edge"))
        XCTAssertTrue(error(setup + "fl.svg.graph(g, tmp .. '/x.svg', {edgeWidth = 'kind'})")
            .contains("edgeWidth: edge"))
    }
}
