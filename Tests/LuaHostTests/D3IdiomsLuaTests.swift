import XCTest

/// d3 code carries over: the idioms of d3-force that scripts port, each as d3 writes it.
final class D3IdiomsLuaTests: LuaTestCase {
    func testGraphsSayWhetherTheyAreDirected() {
        run("""
            local g = fl.graph.new()
            assert(g.directed == true, "graphs are directed by default")
            g.directed = false
            assert(g.directed == false)
            assert(fl.graph.new{directed = false}.directed == false)
            assert(fl.graph.new{directed = true}.directed == true)
            assert(g.addNode ~= nil and g.nope == nil, "methods still resolve, unknown fields are nil")
            """)
        XCTAssertTrue(error("fl.graph.new().directed = 'no'").contains("graph field 'directed': boolean expected, got string"))
        XCTAssertTrue(error("fl.graph.new().colour = 1").contains("graph field 'colour' cannot be set"))
        XCTAssertTrue(error("fl.graph.new{direct = false}").contains("did you mean 'directed'"))
    }

    func testNodeReferencesReadAndWriteVelocitiesInTheGraphsSimulation() {
        run("""
            local g = fl.graph.new()
            local a = g:addNode{id = "a", x = 0, y = 0}
            assert(a.vx == nil and a.vy == nil, "no simulation yet: no velocity, as d3 before initialisation")
            local sim = fl.simulation(g)
            assert(a.vx == 0 and a.vy == 0 and a.vz == nil, "initialised nodes are at rest")
            a.vx, a.vy = 3, -4
            assert(a.vx == 3 and a.vy == -4)
            sim:velocityDecay(0):tick()
            assert(a.x == 3 and a.y == -4, "the velocity written moved the node: " .. a.x .. ", " .. a.y)
            local b = g:addNode{id = "b", x = 10, y = 10, vx = 1}
            assert(b.vx == 1 and b.vy == 0, "addNode's velocity, missing parts 0")
            b.vy = 2
            sim:tick()
            assert(b.x == 11 and b.y == 12, "a new node starts with the velocity given: " .. b.x .. ", " .. b.y)
            """)
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a", vx = 1}
            """).contains("addNode: vx, vy and vz need a simulation made on the graph"))
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a"}.vx = 1
            """).contains("node field 'vx': the graph has no simulation"))
        XCTAssertTrue(error("""
            local g = fl.graph.new(); local sim = fl.simulation(g); g:addNode{id = "a"}.vz = 1
            """).contains("'vz' needs a 3D simulation"))
        XCTAssertTrue(error("""
            local g = fl.graph.new(); local sim = fl.simulation(g); g:addNode{id = "a"}.vx = 0/0
            """).contains("number"))
        run("""
            local g = fl.graph.new()
            local sim = fl.simulation(g, {dimensions = 3})
            local a = g:addNode{id = "a", vz = 5}
            assert(a.vx == 0 and a.vy == 0 and a.vz == 5)
            local z = a.z
            sim:velocityDecay(0):tick()
            assert(a.vz == 5 and a.z == z + 5, "moved by vz: " .. a.z - z)
            """)
    }

    func testSimNodesListsTheSimulationsNodesInIndexOrder() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 3})
            local sim = fl.simulation(g)
            local nodes = sim:nodes()
            assert(#nodes == 6)
            for i, node in ipairs(nodes) do assert(node.index == i - 1 and node == g:nodes()[i]) end
            g:applyNodeChanges{{type = "remove", id = nodes[1].id}}
            local after = sim:nodes()
            assert(#after == 5 and after[1].index == 0 and after[1].id == nodes[2].id, "edits are picked up first")
            """)
    }

    func testAddedNodesArePlacedAtOnceAsD3PlacesThem() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "a"}
            local sim = fl.simulation(g)
            local b = g:addNode{id = "b"}
            local c = g:addNode{id = "c", fx = 5, fy = 6}
            -- d3's initializeNodes: node i at radius 10 * sqrt(0.5 + i), angle i * pi * (3 - sqrt 5)
            local angle = math.pi * (3 - math.sqrt(5))
            assert(math.abs(b.x - 10 * math.sqrt(1.5) * math.cos(angle)) < 1e-12, "placed before any tick: " .. tostring(b.x))
            assert(math.abs(b.y - 10 * math.sqrt(1.5) * math.sin(angle)) < 1e-12)
            assert(c.x == 5 and c.y == 6, "a fixed node starts where it is fixed")
            local before = b.x
            sim:tick(0)
            assert(b.x == before, "taking it in does not move it again")
            """)
        run("""
            local g = fl.graph.new()
            local one = fl.simulation(g, {placement = "random", seed = 3})
            local a1 = g:addNode{id = "a"}
            local g2 = fl.graph.new()
            local two = fl.simulation(g2, {placement = "random", seed = 3})
            local a2 = g2:addNode{id = "a"}
            assert(a1.x == a2.x and a1.y == a2.y, "the seeded source places it")
            assert(a1.x ~= 10 * math.sqrt(0.5), "at random, not on the spiral")
            """)
    }

    func testRandomSourceIsD3s() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "a", x = 0, y = 0}; g:addNode{id = "b", x = 0, y = 0}
            local sim = fl.simulation(g)
            local lcg = sim:randomSource()
            local draws = 0
            local function fixed() draws = draws + 1; return 0.75 end
            assert(sim:randomSource(fixed) == sim, "the setter chains")
            assert(sim:randomSource() == fixed, "the getter returns the function")
            sim:force("collide", fl.force.collide(1)):tick()
            assert(draws == 2, "collide's jiggle of two coincident nodes drew twice: " .. draws)
            -- jiggle is (random() - 0.5) * 1e-6 = 2.5e-7 on each axis; the nodes are pushed apart along it
            assert(g:node("a").x ~= g:node("b").x)
            assert(math.abs(g:node("a").vx + g:node("b").vx) < 1e-18)
            sim:randomSource(lcg)
            assert(sim:randomSource() ~= fixed, "the LCG given back is used again")
            sim:randomSource(fixed):seed(1)
            assert(sim:randomSource() ~= fixed, "seed goes back to d3's LCG")
            local first = sim:randomSource()()
            assert(first == (1664525 + 1013904223) % 2^32 / 2^32, "the LCG's first value after seed 1: " .. first)
            """)
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a", x = 0, y = 0}; g:addNode{id = "b", x = 0, y = 0}
            local sim = fl.simulation(g):force("collide", fl.force.collide(1))
            sim:randomSource(function() return 1 end):tick()
            """).contains("randomSource: the function returned 1.0, a number in [0, 1) expected"))
        XCTAssertTrue(error("""
            local g = fl.graph.new()
            local sim = fl.simulation(g, {placement = "random"})
            sim:randomSource(function() error("no more numbers") end)
            g:addNode{id = "a"}
            """).contains("no more numbers"))
    }

    func testAccessorsGetTheNodeItsIndexAndAllTheNodes() {
        run("""
            local g = fl.graph.generate("grid", {rows = 1, columns = 4})
            local sim = fl.simulation(g)
            local seen, arrays = {}, {}
            sim:force("x", fl.force.x(function(node, i, nodes)
                assert(nodes[i + 1] == node, "nodes[i + 1] is the node")
                seen[#seen + 1] = i
                arrays[nodes] = true
                return #nodes
            end))
            assert(table.concat(seen, ",") == "0,1,2,3", table.concat(seen, ","))
            local count = 0
            for _ in pairs(arrays) do count = count + 1 end
            assert(count == 1, "one array for all calls of an initialisation")
            local links = {}
            sim:force("link", fl.force.link{distance = function(edge, i, all)
                assert(all[i + 1] == edge)
                links[#links + 1] = #all
                return 10
            end})
            assert(#links == 3 and links[1] == 3)
            """)
    }

    func testALinkForceRunsOverAChosenSetOfEdges() {
        run("""
            local g = fl.graph.new()
            for _, id in ipairs{"a", "b", "c", "d"} do g:addNode{id = id} end
            g:addEdge{id = "ab", source = "a", target = "b", data = {strong = true}}
            g:addEdge{id = "bc", source = "b", target = "c", data = {strong = false}}
            g:addEdge{id = "cd", source = "c", target = "d"}
            local sim = fl.simulation(g)
            local strong = fl.force.link{edges = "strong", distance = 10}
            local weak = fl.force.link{edges = function(edge) return not edge.strong end, distance = 100, strength = 0.1}
            sim:force("strong", strong):force("weak", weak)
            local function ids(list) local out = {} for _, e in ipairs(list) do out[#out + 1] = e.id end return table.concat(out, ",") end
            assert(ids(strong:links()) == "ab", ids(strong:links()))
            assert(ids(weak:links()) == "bc,cd", ids(weak:links()))
            local listed = fl.force.link{edges = {"cd", "ab"}}
            sim:force("listed", listed)
            assert(ids(listed:links()) == "cd,ab", "a list keeps its order")
            assert(listed:edges()[1] == "cd" and strong:edges() == "strong")
            sim:run()
            local function distance(u, v) return math.sqrt((u.x - v.x)^2 + (u.y - v.y)^2) end
            assert(distance(g:node("a"), g:node("b")) < distance(g:node("b"), g:node("c")), "strong links are shorter")
            g:addEdge{id = "ad", source = "a", target = "d", data = {strong = true}}
            sim:tick()
            assert(ids(strong:links()) == "ab,ad", "new edges are chosen when the force is initialised again")
            """)
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a"}; g:addNode{id = "b"}
            g:addEdge{id = "ab", source = "a", target = "b", data = {strong = 1}}
            fl.simulation(g):force("link", fl.force.link{edges = "strong"})
            """).contains("edge 'ab' has data field 'strong' = 1, a boolean expected"))
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a"}
            fl.simulation(g):force("link", fl.force.link{edges = {"nope"}})
            """).contains("no edge with id 'nope'"))
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a"}; g:addNode{id = "b"}; g:addEdge{id = "ab", source = "a", target = "b"}
            fl.simulation(g):force("link", fl.force.link{edges = function(edge) end})
            """).contains("edges function returned nil for edge 'ab', a boolean expected"))
        XCTAssertTrue(error("fl.force.link{}:links()").contains("in no simulation"))
    }

    func testTheLinkForcesIdAccessorMatchesEdgeEnds() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "a"}; g:addNode{id = "b"}
            g:addEdge{source = "a", target = "b"}
            local link = fl.force.link()
            assert(link:id()(g:node("a")) == "a", "by default a node's id")
            link:id(function(node) return node.id end)
            fl.simulation(g):force("link", link)
            assert(#link:links() == 1)
            """)
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a"}; g:addNode{id = "b"}; g:addEdge{source = "a", target = "b"}
            fl.simulation(g):force("link", fl.force.link{id = function(node, i) return i end})
            """).contains("no node has the id 'a'"))
        XCTAssertTrue(error("""
            local g = fl.graph.new(); g:addNode{id = "a"}; g:addNode{id = "b"}
            fl.simulation(g):force("link", fl.force.link{id = function() return "same" end})
            """).contains("gives nodes 'a' and 'b' the same id 'same'"))
    }

    func testALuaForceWritingANonNumberFailsAtThatTickNamingItTheNodeAndTheField() {
        run("""
            local g = fl.graph.generate("grid", {rows = 1, columns = 40})
            local sim = fl.simulation(g)
            local ticks = 0
            sim:force("bad", function(alpha, nodes)
                ticks = ticks + 1
                if ticks == 2 then nodes[38].vx = 0/0 end
            end)
            sim:tick()
            local ok, message = pcall(sim.tick, sim)
            assert(not ok and message:find("Lua force 'bad': node '" .. g:nodes()[38].id .. "': field 'vx' is NaN, a number expected", 1, true), message)
            assert(g:nodes()[38].vx == g:nodes()[38].vx, "the NaN never reached the engine")
            sim:force("bad", function(alpha, nodes) nodes[1].x = "12" end)
            ok, message = pcall(sim.tick, sim)
            assert(message:find("node '" .. g:nodes()[1].id .. "': field 'x' is string, a number expected", 1, true), message)
            sim:force("bad", function(alpha, nodes) nodes[2].fx = true end)
            ok, message = pcall(sim.tick, sim)
            assert(message:find("field 'fx' is boolean, a number expected (nil frees it)", 1, true), message)
            sim:force("bad", nil)
            sim:force("first", function(alpha, nodes) nodes[3].y = nil end)
            sim:force("second", function() end)
            ok, message = pcall(sim.tick, sim)
            assert(message:find("one of the Lua forces 'first', 'second': node", 1, true), message)
            """)
    }
}
