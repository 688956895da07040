import XCTest

/// `fl.layout.stress` and `fl.layout.multilevel` from Lua: options, the outcome table, positions in the graph, errors.
final class LayoutLuaTests: LuaTestCase {
    func testStressLaysOutTheGraphAndReportsWhatItDid() {
        run("""
            local g = fl.graph.generate("grid", {rows = 5, columns = 5})
            local moved = 0
            g:on("change", function() moved = moved + 1 end)
            local outcome = fl.layout.stress(g)
            assert(outcome.converged == true and outcome.sparse == false and math.type(outcome.iterations) == "integer")
            assert(moved == 1, moved)
            assert(fl.metrics(g).stress < 0.03, fl.metrics(g).stress)
            local a, b = g:node("0"), g:node("1")
            local side = math.sqrt((a.x - b.x)^2 + (a.y - b.y)^2)  -- longer than 30: grid distances are Manhattan ones
            assert(side > 30 and side < 40, side)
            local sparse = fl.layout.stress(g, {exactNodeLimit = 10, pivots = 5, iterations = 3, tolerance = 0, seed = 2, scale = 10, solver = 'majorization'})
            assert(sparse.sparse == true and sparse.iterations == 3 and sparse.converged == false)
            fl.layout.stress(g, {dimensions = 3})
            assert(g:node("12").z ~= nil)
            local path = fl.graph.new()
            for _, id in ipairs{"a", "b", "c"} do path:addNode{id = id} end
            path:addEdge{source = "a", target = "b", data = {w = 2}}
            path:addEdge{source = "b", target = "c", data = {w = 5}}
            fl.layout.stress(path, {weight = "w", scale = 1})
            a, b = path:node("a"), path:node("c")
            assert(math.abs(math.sqrt((a.x - b.x)^2 + (a.y - b.y)^2) - 7) < 1e-3)
            """)
    }

    func testBadOptionsAreNamed() {
        let g = "local g = fl.graph.generate('grid', {rows = 2, columns = 2}); "
        XCTAssertTrue(error(g + "fl.layout.stress(g, {pivot = 3})").contains("fl.layout.stress: unknown option 'pivot' (did you mean 'pivots'?)"))
        XCTAssertTrue(error(g + "fl.layout.stress(g, {dimensions = 4})")
            .contains("bad argument #2 to 'fl.layout.stress' (field 'dimensions': an integer from 2 to 3 expected, got 4)"))
        XCTAssertTrue(error(g + "fl.layout.stress(g, {tolerance = 0/0})").contains("(field 'tolerance': a number from 0 to 1 expected, got nan)"))
        XCTAssertTrue(error(g + "fl.layout.stress(g, {iterations = 1.5})").contains("field 'iterations': number has no integer representation"))
        XCTAssertTrue(error(g + "fl.layout.stress(g, {weight = {}})").contains("field 'weight': string expected, got table"))
        XCTAssertTrue(error(g + "fl.layout.stress(g, {weight = 'w'})")
            .contains("bad argument #2 to 'fl.layout.stress' (field 'weight': edge 'e0' (0 -> 1) has no weight field 'w')"))
        XCTAssertTrue(error("fl.layout.stress({})").contains("bad argument #1 to 'fl.layout.stress'"))
        let spread = "local h = fl.graph.new(); for _, id in ipairs{'a', 'b', 'c'} do h:addNode{id = id} end; "
            + "h:addEdge{source = 'a', target = 'b', data = {w = 1e-20}}; h:addEdge{source = 'b', target = 'c', data = {w = 1e20}}; "
        XCTAssertTrue(error(spread + "fl.layout.stress(h, {weight = 'w', solver = 'sgd'})")
            .contains("bad argument #2 to 'fl.layout.stress' (field 'solver': the gradient descent holds its terms in single precision"))
        XCTAssertTrue(error(spread + "fl.layout.stress(h, {weight = 'w', solver = 'sgd'})").contains("solver = \"majorization\" can)"))
        run(spread + "fl.layout.stress(h, {weight = 'w', solver = 'majorization'})")
    }

    func testLayeredLaysAFlowOutInColumnsAndFramesItsGroups() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "group"}
            for i, id in ipairs{"a", "b", "c", "d"} do
              g:addNode{id = id, width = 40 + 10 * i, height = 20, parent = (id == "b" or id == "c") and "group" or nil}
            end
            for _, e in ipairs{{"a", "b"}, {"b", "c"}, {"c", "d"}, {"a", "d"}} do g:addEdge{source = e[1], target = e[2]} end
            local moved = 0
            g:on("change", function() moved = moved + 1 end)
            local outcome = fl.layout.layered(g, {layerSeparation = 40, padding = 10, labelHeight = 0})
            assert(moved == 1, moved)
            assert(outcome.layers == 3 and outcome.crossings == 0 and outcome.bends == 1, outcome.layers)
            local group, b, c = g:node("group"), g:node("b"), g:node("c")
            assert(b.x == 10 and b.y == 10 and c.x == 10 + 60 + 40, c.x)      -- relative to the frame
            assert(group.width == 10 + 60 + 40 + 70 + 10 and group.height == 40, group.width)
            assert(g:node("a").x + 50 + 40 == group.x and group.x + group.width + 40 == g:node("d").x)
            local down = fl.layout.layered(g, {direction = "down", ranking = "longestPath", sweeps = 0})
            assert(down.layers == 3 and g:node("a").y < group.y and group.y < g:node("d").y)
            """)
        XCTAssertTrue(error("fl.layout.layered(fl.graph.new(), {sweep = 3})")
            .contains("fl.layout.layered: unknown option 'sweep' (did you mean 'sweeps'?)"))
        XCTAssertTrue(error("fl.layout.layered(fl.graph.new(), {direction = 'up'})").contains("field 'direction'"))
        XCTAssertTrue(error("fl.layout.layered(fl.graph.new(), {nodeSeparation = -1})")
            .contains("bad argument #2 to 'fl.layout.layered' (field 'nodeSeparation': a number from 0 to 1e9 expected, got -1)"))
    }

    func testMultilevelLaysOutTheGraphAndReportsItsLevels() {
        run("""
            local g = fl.graph.generate("grid", {rows = 12, columns = 12})
            local moved = 0
            g:on("change", function() moved = moved + 1 end)
            local outcome = fl.layout.multilevel(g, {coarsestSize = 10, finestTicks = 40, coarsestTicks = 200, coarsestLayout = "forces"})
            assert(moved == 1, moved)
            assert(outcome.polished == true)
            local levels = outcome.levels
            assert(#levels >= 3, #levels)
            assert(levels[1].nodes == 144 and levels[1].edges == 264 and levels[1].ticks == 40, levels[1].nodes)
            assert(levels[#levels].nodes <= 10 and levels[#levels].ticks == 200)
            for i, level in ipairs(levels) do
                assert(math.type(level.nodes) == "integer" and level.seconds >= 0)
                if i > 1 then assert(level.nodes < levels[i - 1].nodes) end
            end
            assert(fl.metrics(g).stress < 0.15, fl.metrics(g).stress)  -- random positions: about 0.4
            local first = {g:node("5").x, g:node("5").y}
            fl.layout.multilevel(g, {coarsestSize = 10, finestTicks = 40, coarsestTicks = 200, coarsestLayout = "forces"})
            assert(g:node("5").x == first[1] and g:node("5").y == first[2])
            fl.layout.multilevel(g, {dimensions = 3, coarsening = "solar", seed = 7})
            assert(g:node("12").z ~= nil)
            assert(outcome.descended == false)
            local random = fl.graph.generate("recursive", {n = 300})
            assert(fl.layout.multilevel(random, {coarsestSize = 30, descentEpochs = 30}).descended == true)
            local tree = fl.graph.generate("tree", {n = 255})
            fl.layout.multilevel(tree, {coarsestSize = 30})
            local before = fl.metrics(tree).neighbourhoodPreservation
            fl.layout.multilevel(tree, {coarsestSize = 30, neighbourhoodSteps = 100})
            local after = fl.metrics(tree).neighbourhoodPreservation
            assert(after > before + 0.2, before .. " " .. after)
            assert(outcome.sparseDescended == false)
            local unrefined = {coarsestSize = 30, finestTicks = 0, polishSweeps = 0, descentNodeLimit = 100, sparseDescentPivots = 50}
            assert(fl.layout.multilevel(random, unrefined).sparseDescended == true)
            """)
    }

    func testBadMultilevelOptionsAreNamed() {
        let g = "local g = fl.graph.generate('grid', {rows = 2, columns = 2}); "
        XCTAssertTrue(error(g + "fl.layout.multilevel(g, {coarsen = 'solar'})").contains("fl.layout.multilevel: unknown option 'coarsen' (did you mean 'coarsening'?)"))
        XCTAssertTrue(error(g + "fl.layout.multilevel(g, {coarsening = 'stars'})").contains("bad argument #2 to 'fl.layout.multilevel' (field 'coarsening':"))
        XCTAssertTrue(error(g + "fl.layout.multilevel(g, {charge = 30})").contains("(field 'charge': a number from -1e9 to -1e-9 expected, got 30)"))
        XCTAssertTrue(error(g + "fl.layout.multilevel(g, {finestTicks = -1})").contains("(field 'finestTicks': an integer from 0 to 1000000 expected, got -1)"))
        XCTAssertTrue(error("fl.layout.multilevel({})").contains("bad argument #1 to 'fl.layout.multilevel'"))
        let flat = error(g + "fl.layout.multilevel(g, {dimensions = 3, neighbourhoodSteps = 10})")
        XCTAssertTrue(flat.contains("neighbourhoodSteps") && flat.contains("2D layouts only"), flat)
    }
}
