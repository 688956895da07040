import XCTest

/// d3-force's own test suite (3.0.0: simulation, center, collide, find, x and y), the cases that assert velocities or
/// the simulation's method set, written again against forcelab's Lua API. The trajectory parity tests are in
/// ForceSimulationTests/ParityTests.swift.
final class D3SuiteParityTests: LuaTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // d3's assertNodeEqual: index, positions and velocities within 1e-6, fixed coordinates too when expected.
        run("""
            function graphOf(nodes)
              local g = fl.graph.new()
              for i, node in ipairs(nodes) do node.id = "n" .. i; g:addNode(node) end
              return g
            end
            function assertNode(node, expected)
              local function near(a, b) return a ~= nil and math.abs(a - b) < 1e-6 end
              assert(node.index == expected.index, node.id .. " index " .. tostring(node.index))
              for _, key in ipairs{"x", "y", "vx", "vy", "fx", "fy"} do
                if expected[key] ~= nil or key:sub(1, 1) ~= "f" then
                  assert(near(node[key], expected[key]), node.id .. " " .. key .. " = " .. tostring(node[key]) .. ", d3: " .. tostring(expected[key]))
                end
              end
            end
            """)
    }

    func testASimulationHasD3sMethods() {
        run("""
            local sim = fl.simulation(fl.graph.new())
            for _, name in ipairs{"alpha", "alphaDecay", "alphaMin", "alphaTarget", "find", "force", "nodes", "on",
                                  "randomSource", "restart", "stop", "tick", "velocityDecay"} do
              assert(type(sim[name]) == "function", "sim:" .. name .. " is missing")
            end
            """)
    }

    func testNodesGetIndicesPhyllotaxisPositionsAndZeroSpeed() {
        run("""
            local g = graphOf{{}, {}, {}}
            local nodes = fl.simulation(g):nodes()
            assertNode(nodes[1], {index = 0, x = 7.0710678118654755, y = 0, vx = 0, vy = 0})
            assertNode(nodes[2], {index = 1, x = -9.03088751750192, y = 8.27303273571596, vx = 0, vy = 0})
            assertNode(nodes[3], {index = 2, x = 1.3823220809823638, y = -15.750847141167634, vx = 0, vy = 0})
            """)
    }

    func testCenterRepositionsNodesAndRespectsFixedOnes() {
        run("""
            local g = graphOf{{x = 100, y = 0}, {x = 200, y = 0}, {x = 300, y = 0}}
            local sim = fl.simulation(g):force("center", fl.force.center(0, 0))
            sim:tick()
            local nodes = sim:nodes()
            assertNode(nodes[1], {index = 0, x = -100, y = 0, vx = 0, vy = 0})
            assertNode(nodes[2], {index = 1, x = 0, y = 0, vx = 0, vy = 0})
            assertNode(nodes[3], {index = 2, x = 100, y = 0, vx = 0, vy = 0})
            local fixed = graphOf{{fx = 0, fy = 0}, {}, {}}
            fl.simulation(fixed):force("center", fl.force.center()):tick()
            assertNode(fixed:node("n1"), {index = 0, x = 0, y = 0, vx = 0, vy = 0, fx = 0, fy = 0})
            """)
    }

    func testCollideCollidesNodes() {
        run("""
            local collide = fl.force.collide(1)
            local g = graphOf{{}, {}, {}}
            local sim = fl.simulation(g):force("collide", collide)
            sim:tick(10)
            local a, b, c = g:node("n1"), g:node("n2"), g:node("n3")
            assertNode(a, {index = 0, x = 7.0710678118654755, y = 0, vx = 0, vy = 0})
            assertNode(b, {index = 1, x = -9.03088751750192, y = 8.27303273571596, vx = 0, vy = 0})
            assertNode(c, {index = 2, x = 1.3823220809823638, y = -15.750847141167634, vx = 0, vy = 0})
            collide:radius(100)
            sim:tick(10)
            assertNode(a, {index = 0, x = 174.08616723117228, y = 66.51743051995625, vx = 0.677346615710878, vy = 0.26976816231064354})
            assertNode(b, {index = 1, x = -139.73606544743998, y = 95.69860503079263, vx = -0.5300880593105067, vy = 0.3545632444404687})
            assertNode(c, {index = 2, x = -34.9275994083864, y = -169.69384995620052, vx = -0.1472585564003713, vy = -0.6243314067511122})
            """)
    }

    func testCollideRespectsFixedPositions() {
        run("""
            local collide = fl.force.collide(1)
            local g = graphOf{{fx = 0, fy = 0}, {}, {}}
            local sim = fl.simulation(g):force("collide", collide)
            sim:tick(10)
            assertNode(g:node("n1"), {index = 0, x = 0, y = 0, vx = 0, vy = 0, fx = 0, fy = 0})
            collide:radius(100)
            sim:tick(10)
            assertNode(g:node("n1"), {index = 0, x = 0, y = 0, vx = 0, vy = 0, fx = 0, fy = 0})
            """)
    }

    func testCollideJigglesEqualPositionsReproducibly() {
        run("""
            local g = graphOf{{x = 0, y = 0}, {x = 0, y = 0}}
            fl.simulation(g):force("collide", fl.force.collide(1)):tick()
            local a, b = g:node("n1"), g:node("n2")
            assert(a.x ~= b.x and a.y ~= b.y)
            assert(a.vx == -b.vx and a.vy == -b.vy)
            local ten = {}
            for i = 1, 10 do ten[i] = {x = 0, y = 0} end
            local many = graphOf(ten)
            fl.simulation(many):force("collide", fl.force.collide()):tick(50)
            assertNode(many:node("n1"), {index = 0, x = -5.371433857229194, y = -2.6644608278592576, vx = 0, vy = 0})
            """)
    }

    func testFindFindsTheNearestNodeWithinARadius() {
        run("""
            local g = graphOf{{x = 5, y = 0}, {x = 10, y = 16}, {x = -10, y = -4}}
            local sim = fl.simulation(g)
            assert(sim:find(0, 0) == g:node("n1"))
            assert(sim:find(0, 0, 1) == nil)
            assert(sim:find(0, 20) == g:node("n2"))
            """)
    }

    func testPositionForcesCentreNodes() {
        for axis in ["x", "y"] {
            let other = axis == "x" ? "y" : "x"
            run("""
                local g = graphOf{{\(axis) = 100, \(other) = 0}, {\(axis) = 200, \(other) = 0}, {\(axis) = 300, \(other) = 0}}
                fl.simulation(g):force("\(axis)", fl.force.\(axis)(200)):tick(30)
                local a, b, c = g:node("n1"), g:node("n2"), g:node("n3")
                assert(a.\(axis) > 190 and a.v\(axis) > 0)
                assert(b.\(axis) == 200 and b.v\(axis) == 0)
                assert(c.\(axis) < 210 and c.v\(axis) < 0)
                """)
            run("""
                local g = graphOf{{fx = 0, fy = 0}, {}, {}}
                fl.simulation(g):force("\(axis)", fl.force.\(axis)(200)):tick()
                assertNode(g:node("n1"), {index = 0, x = 0, y = 0, vx = 0, vy = 0, fx = 0, fy = 0})
                """)
        }
    }

    func testPositionForceAccessorsReadEachNodesTarget() {
        for axis in ["x", "y"] {
            let other = axis == "x" ? "y" : "x"
            run("""
                local g = graphOf{{\(axis) = 100, \(other) = 0, data = {target = 300}},
                                  {\(axis) = 200, \(other) = 0, data = {target = 200}},
                                  {\(axis) = 300, \(other) = 0, data = {target = 100}}}
                local force = fl.force.\(axis)():\(axis)(function(node) return node.target end)
                fl.simulation(g):force("\(axis)", force):tick(30)
                local a, b, c = g:node("n1"), g:node("n2"), g:node("n3")
                assert(a.\(axis) > 290 and a.v\(axis) > 0)
                assert(b.\(axis) == 200 and b.v\(axis) == 0)
                assert(c.\(axis) < 110 and c.v\(axis) < 0)
                """)
        }
    }
}
