import Foundation
import XCTest

/// Lua forces over arrays: the same results as the table form, arrays kept between ticks, and their errors.
final class LuaArrayForceTests: LuaTestCase {
    func testTheArrayFormGivesTheTableFormsResultsIn2DAnd3DAndFastMode() {
        run("""
            local function layout(arrays, dimensions, mode)
              local g = fl.graph.generate("grid", {rows = 6, columns = 7})
              local sim = fl.simulation(g, {dimensions = dimensions, mode = mode})
              sim:force("link", fl.force.link{})
              sim:force("charge", fl.force.manyBody{})
              local k = 0.05
              if arrays then
                sim:force("pull", {arrays = true, force = function(alpha, ...)
                  local a = {...}
                  local n, half = a[#a], (#a - 1) // 2
                  for i = 1, n do
                    for d = 1, half do a[half + d][i] = a[half + d][i] - a[d][i] * k * alpha end
                  end
                  a[1][1] = a[1][1] + 1
                end})
              else
                local axes = dimensions == 3 and {"x", "y", "z"} or {"x", "y"}
                sim:force("pull", function(alpha, nodes)
                  for _, node in ipairs(nodes) do
                    for _, axis in ipairs(axes) do node["v" .. axis] = node["v" .. axis] - node[axis] * k * alpha end
                  end
                  nodes[1].x = nodes[1].x + 1
                end)
              end
              sim:force("center", fl.force.center{})
              sim:tick(40)
              local out = {}
              for node in g:nodes() do out[#out + 1] = {node.x, node.y, node.z or 0} end
              return out
            end
            for _, setting in ipairs{{2, "exact"}, {3, "exact"}, {2, "fast"}, {3, "fast"}} do
              local a, b = layout(true, setting[1], setting[2]), layout(false, setting[1], setting[2])
              assert(#a == 42)
              for i = 1, #a do
                for d = 1, 3 do
                  assert(a[i][d] == b[i][d], string.format("%dD %s: node %d axis %d: %.17g vs %.17g", setting[1], setting[2], i, d, a[i][d], b[i][d]))
                end
              end
            end
            """)
    }

    func testArraysAreKeptBetweenTicksAndFollowTheEngineAndTheNodeSet() {
        run("""
            local g = fl.graph.new()
            for i = 1, 3 do g:addNode{id = "n" .. i, x = i, y = 0} end
            local sim = fl.simulation(g, {velocityDecay = 0})
            local seen, ids, draw = {}, nil, nil
            sim:force("watch", {arrays = true,
              initialize = function(list, random) ids = list; draw = random() end,
              force = function(alpha, x, y, vx, vy, n)
                seen[#seen + 1] = {x = x, n = n, x1 = x[1]}
                vx[2] = 10
              end})
            assert(ids[1] == "n1" and ids[3] == "n3" and #ids == 3 and draw == 0.23645552527159452)
            sim:tick(2)
            assert(seen[1].x == seen[2].x, "the same table every tick")
            assert(seen[1].n == 3 and seen[1].x1 == 1)
            assert(g:node("n2").x == 2 + 10 + 10, "velocities written are read back: " .. g:node("n2").x)
            g:node("n1").x = 50
            sim:tick(1)
            assert(seen[3].x1 == 50, "a position moved outside the force reaches its array: " .. seen[3].x1)
            g:addNode{id = "n4", x = 0, y = 0}
            sim:tick(1)
            assert(seen[4].n == 4 and #ids == 4 and ids[4] == "n4" and seen[4].x[4] == 0)
            """)
    }

    func testNonNumbersWrittenToTheArraysAreErrorsNamingForceArrayAndIndex() {
        let cases: [(String, String)] = [
            ("x[3] = 'far'", "Lua force 'bad': x[3] is 'far' (a string), a finite number expected"),
            ("x[3] = '12'", "Lua force 'bad': x[3] is '12' (a string), a finite number expected"),
            ("vy[n] = nil", "Lua force 'bad': vy[5] is nil, a finite number expected"),
            ("vx[2] = 0/0", "Lua force 'bad': vx[2] is NaN, a finite number expected"),
            ("y[1] = math.huge", "Lua force 'bad': y[1] is inf"),
        ]
        for (write, expected) in cases {
            let message = error("""
                local sim = fl.simulation(fl.graph.generate("grid", {rows = 1, columns = 5}))
                sim:force("bad", {arrays = true, force = function(alpha, x, y, vx, vy, n) \(write) end})
                sim:tick(1)
                """)
            XCTAssertTrue(message.contains(expected), "\(write): \(message)")
        }
        let option = error("""
            fl.simulation(fl.graph.new()):force("bad", {arrays = 1, force = function() end})
            """)
        XCTAssertTrue(option.contains("field 'arrays': boolean expected, got number"), option)
        let missing = error("""
            fl.simulation(fl.graph.new()):force("bad", {arrays = true})
            """)
        XCTAssertTrue(missing.contains("field 'force': function expected, got nil"), missing)
    }

    func testAfterAnErrorTheSimulationGoesOnWithFreshArrays() {
        run("""
            local g = fl.graph.generate("grid", {rows = 1, columns = 3})
            local sim = fl.simulation(g, {velocityDecay = 0})
            local broken = true
            sim:force("flaky", {arrays = true, force = function(alpha, x, y, vx, vy, n)
              if broken then x[2] = "oops"; return end
              assert(type(x[2]) == "number", "the bad entry was written over")
              vx[1] = 1
            end})
            assert(not pcall(sim.tick, sim))
            broken = false
            local before = g:node("0").x
            sim:tick(1)
            assert(g:node("0").x == before + 1)
            assert(sim:force("flaky").arrays == true, "sim:force(name) gives the force's table back")
            """)
    }
}
