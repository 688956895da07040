import XCTest

/// The flow forces from Lua: `fl.force.collide{shape = "box"}`, `fl.force.link{ends = "handles"}`, `fl.force.frames`
/// and `fl.force.flow` lay a flow out without overlaps, frames holding their children, edges one way.
final class FlowForceLuaTests: LuaTestCase {
    /// A flow of boxes piled near the origin, three in a frame, a circle at the end, edges between handles.
    let flow = """
        local g = fl.graph.new{directed = true}
        g:addNode{id = "group", x = 0, y = 0, width = 100, height = 80}
        for i = 1, 8 do
          g:addNode{id = "n" .. i, x = (i % 3) * 5, y = (i % 4) * 5, width = 60 + i * 5, height = 30,
                    parent = i <= 3 and "group" or nil,
                    handles = {{id = "in", type = "target", position = "left"}, {id = "out", type = "source", position = "right"}}}
        end
        g:addNode{id = "c", x = 3, y = 3}
        for i = 1, 7 do g:addEdge{source = "n" .. i, target = "n" .. (i + 1), sourceHandle = "out", targetHandle = "in"} end
        g:addEdge{source = "n8", target = "c"}
        """

    func testAFlowLaidOutWithTheFourForcesEndsWithoutOverlapsFramesHoldingChildrenAndEdgesOneWay() {
        run(flow + """
            assert(fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps > 10)
            local sim = fl.simulation(g)
            sim:force("link", fl.force.link{ends = "handles", distance = 40})
            sim:force("charge", fl.force.manyBody{strength = -30})
            sim:force("collide", fl.force.collide{shape = "box", margin = 5, radius = 8})
            sim:force("frames", fl.force.frames{padding = 10})
            sim:force("flow", fl.force.flow{direction = "right", separation = 30})
            local ticks, why = sim:run()
            assert(why == "converged", why)
            local overlaps = fl.metrics(g).boxOverlaps
            assert(math.type(overlaps) == "integer" and overlaps == 0, overlaps)
            -- Children are relative to their frame: each lies inside it with the padding, below the label room (within 1e-3).
            local frame = g:node("group")
            for i = 1, 3 do
              local n = g:node("n" .. i)
              assert(n.x >= 10 - 1e-3 and n.x + n.width <= frame.width - 10 + 1e-3, "n" .. i .. " x " .. n.x)
              assert(n.y >= 10 + 24 - 1e-3 and n.y + n.height <= frame.height - 10 + 1e-3, "n" .. i .. " y " .. n.y)
            end
            -- Each top-level edge's target starts at least the separation right of its source's end.
            for i = 4, 7 do
              local a, b = g:node("n" .. i), g:node("n" .. (i + 1))
              assert(b.x - (a.x + a.width) >= 30 - 1e-3, "n" .. i .. " to n" .. (i + 1))
            end
            """)
    }

    /// scripts/bench-flow's flow forces (docs/flows.md's example, from d3's phyllotaxis) on each of the six flows of
    /// Tests/Fixtures/flows (two with iteration frames): no box overlaps.
    func testTheBenchsFlowForcesLeaveNoOverlapOnTheFixtureFlows() {
        let names = ["build-pipeline", "iterations", "multi-agents", "subquestion-query-engine", "multiple-documents-qna",
                     "deep-research-with-subagents"]
        run("""
            arg = {tmp, \(names.map { "\"\(LuaTestCase.fixtures)/flows/\($0).json\"" }.joined(separator: ", "))}
            dofile("\(LuaTestCase.fixtures)/../../scripts/flow/forcelab-layouts.lua")
            for i = 2, #arg do
              local name = arg[i]:match("([^/]+)%.json$")
              local g = fl.graph.load(tmp .. "/" .. name .. "/flowforces.json")
              assert(fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps == 0, name)
              local circles = fl.graph.load(tmp .. "/" .. name .. "/forces.json")
              assert(circles:nodeCount() == g:nodeCount(), name)
            end
            """)
    }

    /// 225 boxes (wide bars, thin bars, boxes of every shape) and 75 circles dropped into a 50 × 50 square, far
    /// less room than they need, end with no two outlines overlapping under the box collision alone: its thorough
    /// projection once alpha is below alphaMin undoes the jam the run leaves.
    func testACrowdedPileOfWideAndThinBoxesAndCirclesEndsWithoutOverlap() {
        run("""
            local g = fl.graph.new()
            math.randomseed(11)
            local random = math.random
            for i = 1, 300 do
              local node, kind = {id = tostring(i), x = 50 * random(), y = 50 * random(), data = {r = 3 + 10 * random()}}, i % 4
              if kind == 0 then node.width, node.height = 80 + 120 * random(), 2 + 6 * random()      -- wide
              elseif kind == 1 then node.width, node.height = 2 + 6 * random(), 60 + 100 * random()  -- thin
              elseif kind == 2 then node.width, node.height = 10 + 60 * random(), 10 + 30 * random()
              end                                                                                     -- else a circle
              g:addNode(node)
            end
            assert(fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps > 5000)
            local sim = fl.simulation(g)
            sim:force("collide", fl.force.collide{shape = "box", radius = "r"})
            sim:alphaDecay(0.2)
            local ticks, why = sim:run()
            assert(why == "converged", why)
            assert(fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps == 0)
            -- Circles too (boxOverlaps counts boxes only): every two outlines, each pair's exact test.
            local nodes = g:nodes()
            local function outline(n)
              if n.width and n.height then return {x = n.x + n.width / 2, y = n.y + n.height / 2, hx = n.width / 2, hy = n.height / 2} end
              return {x = n.x, y = n.y, r = n.data.r}
            end
            local function apart(a, b)
              if a.r and b.r then return math.sqrt((a.x - b.x) ^ 2 + (a.y - b.y) ^ 2) >= a.r + b.r end
              if a.r then a, b = b, a end
              if not b.r then return math.abs(a.x - b.x) >= a.hx + b.hx or math.abs(a.y - b.y) >= a.hy + b.hy end
              local dx = math.max(math.abs(b.x - a.x) - a.hx, 0)
              local dy = math.max(math.abs(b.y - a.y) - a.hy, 0)
              return math.sqrt(dx * dx + dy * dy) >= b.r
            end
            for i = 1, #nodes do
              local a = outline(nodes[i])
              for j = i + 1, #nodes do assert(apart(a, outline(nodes[j])), nodes[i].id .. " and " .. nodes[j].id) end
            end
            """)
    }

    func testFlowDirectionsAndFrames() {
        run(flow + """
            local sim = fl.simulation(g)
            sim:force("frames", fl.force.frames{padding = 10, labelRoom = 0})
            sim:force("flow", fl.force.flow("down"):separation(20))
            sim:run()
            for i = 1, 7 do
              local a, b = g:node("n" .. i), g:node("n" .. (i + 1))
              if (i <= 3) == (i + 1 <= 3) then assert(b.y - (a.y + a.height) >= 20 - 1e-3, "n" .. i) end
            end
            local frame = g:node("group")
            assert(g:node("n1").y >= 10 - 1e-3 and g:node("n3").y + 30 <= frame.height - 10 + 1e-3)
            """)
    }

    func testADiagonalFlowAndFramesThatShrink() {
        run("""
            local g = fl.graph.new{directed = true}
            g:addNode{id = "frame", x = 0, y = 0, width = 500, height = 400}
            for i = 1, 4 do g:addNode{id = "n" .. i, x = i, y = 0, width = 20, height = 10, parent = i <= 2 and "frame" or nil} end
            for i = 1, 3 do g:addEdge{source = "n" .. i, target = "n" .. (i + 1)} end
            local sim = fl.simulation(g)
            sim:force("flow", fl.force.flow{direction = {1, 1}, separation = 10})
            sim:force("frames", fl.force.frames{shrinks = true, padding = 5, labelRoom = 0})
            sim:run()
            -- Down and right: each edge's target further along (1, 1) than its source.
            local function along(id)
              local n, p = g:node(id), g:node(id).parent and g:node(g:node(id).parent) or {x = 0, y = 0}
              return n.x + p.x + n.y + p.y
            end
            for i = 1, 3 do assert(along("n" .. (i + 1)) > along("n" .. i), "n" .. i) end
            -- The frame shrank from 500 × 400 to its two children and padding.
            local frame = g:node("frame")
            assert(frame.width < 100 and frame.height < 100, frame.width .. " x " .. frame.height)
            """)
    }

    func testACirclesMarginKeepsThatGap() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "a", x = 0, y = 0}
            g:addNode{id = "b", x = 1, y = 0}
            local sim = fl.simulation(g)
            sim:force("collide", fl.force.collide{radius = 5, margin = 4})
            sim:run()
            local gap = math.abs(g:node("b").x - g:node("a").x) - 10
            assert(gap > 4 - 1e-2, gap)
            """)
    }

    func testOptionsReadBackAndDescribeThemselves() {
        run("""
            local collide = fl.force.collide{shape = "box", margin = 4}
            assert(collide:shape() == "box" and collide:margin() == 4 and fl.force.collide():shape() == "circle")
            assert(tostring(collide) == 'Force.collide{shape = "box", margin = 4}', tostring(collide))
            assert(fl.force.link{ends = "handles"}:ends() == "handles" and fl.force.link():ends() == "centres")
            assert(fl.force.flow():direction() == "right" and fl.force.flow():separation() == 40)
            assert(fl.force.flow("up"):direction() == "up" and fl.force.flow{}:direction("left"):direction() == "left")
            assert(fl.force.frames():padding() == 20 and fl.force.frames():labelRoom() == 24)
            assert(fl.force.frames():shrinks() == false and fl.force.frames{shrinks = true}:shrinks() == true)
            local diagonal = fl.force.flow{direction = {1, 1}}
            assert(diagonal:direction()[1] == 1 and diagonal:direction()[2] == 1)
            assert(tostring(diagonal) == "Force.flow{direction = {1, 1}}", tostring(diagonal))
            """)
    }

    func testWrongOptionsAreRefusedWithTheNearestName() {
        XCTAssertTrue(error(#"fl.force.collide{shape = "boxes"}"#).contains(
            "field 'shape': unknown value 'boxes' (did you mean 'box'?)"))
        XCTAssertTrue(error(#"fl.force.link{ends = "handle"}"#).contains(
            "field 'ends': unknown value 'handle' (did you mean 'handles'?)"))
        XCTAssertTrue(error(#"fl.force.flow{direction = "dwn"}"#).contains(
            "field 'direction': unknown value 'dwn' (did you mean 'down'?)"))
        XCTAssertTrue(error("fl.force.flow{direction = 3}").contains(
            "field 'direction': one of right, down, left, up or {x, y} expected, got number"))
        XCTAssertTrue(error("fl.force.frames{paddng = 3}").contains("did you mean 'padding'?"))
        XCTAssertTrue(error("fl.force.collide{margin = -1}").contains("field 'margin': a number ≥ 0 expected, got -1"))
        XCTAssertTrue(error("fl.force.frames{strength = 2}").contains("field 'strength'"))
        XCTAssertTrue(error("fl.force.flow{direction = {0, 0}}").contains("field 'direction': {x, y} with two numbers, not both 0, expected"))
        XCTAssertTrue(error(#"fl.force.flow{direction = {1, "a"}}"#).contains("element 2 is string, a finite number expected"))
        XCTAssertTrue(error("fl.force.frames{shrinks = 1}").contains("field 'shrinks': boolean expected, got number"))
    }
}
