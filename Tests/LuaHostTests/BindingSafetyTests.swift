import XCTest

/// What a script can do wrong, or unusually, and how the host answers: a clean Lua error, never a crash.
final class BindingSafetyTests: LuaTestCase {
    func testDeeplyNestedDataIsCutOffNotACrash() {
        run("""
            local g = fl.graph.new()
            local n = g:addNode{id = "a"}
            local deep = {}
            local t = deep
            for _ = 1, 60 do t.next = {}; t = t.next end
            n.deep = deep
            for _ = 1, 100 do local copy = n.deep end
            local ok, err = pcall(function()
              local cycle = {}; cycle.self = cycle
              n.loop = cycle
            end)
            assert(not ok and err:find("nested too deeply"), err)
            coroutine.wrap(function() n.again = deep end)()
            """)
    }

    func testALuaForceThatRearrangesItsNodeListDoesNotBreakTheSimulation() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 2})
            local sim = fl.simulation(g)
            sim:force("bad", function(alpha, nodes)
              if nodes[1] then nodes[1].vx = 5 end
              nodes[1] = nil; nodes[2] = "junk"
            end)
            sim:tick(1)
            assert(g:node("0").x > 4, "the first tick's change is read back")
            sim:tick(2)
            assert(g:node("1").x ~= nil and g:node("3").x ~= nil)
            """)
    }

    func testNodeTablesWithScriptMetatablesSurviveNodeSetChanges() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 2})
            local sim = fl.simulation(g)
            local saved
            sim:force("keep", function(alpha, nodes) saved = saved or nodes end)
            sim:tick(1)
            saved[1].index = nil; saved[1].data = nil
            setmetatable(saved[1], {__newindex = function() error("a script's metamethod ran") end})
            g:addNode{id = "new"}
            sim:tick(2)
            local seen
            sim:force("keep", function(alpha, nodes) seen = nodes end)
            sim:tick(1)
            assert(#seen == 5 and seen[1] == saved[1] and seen[1].index == 0 and seen[5].id == "new")
            """)
    }

    func testNodeTablesGoWithTheLastLuaForce() {
        run("""
            local sim = fl.simulation(fl.graph.generate("grid", {rows = 2, columns = 2}))
            local weak = setmetatable({}, {__mode = "v"})
            sim:force("f", function(alpha, nodes) weak[1] = nodes[1] end)
            sim:tick(1)
            sim:force("f", nil)
            collectgarbage(); collectgarbage()
            assert(weak[1] == nil, "the node tables outlived the last Lua force")
            sim:force("g", function(alpha, nodes) weak[2] = nodes end)
            sim:tick(1)
            assert(#weak[2] == 4 and weak[2][1].x ~= nil)
            """)
    }

    func testMetamethodsThatRaiseComeBackAsErrors() {
        run("""
            local sim = fl.simulation(fl.graph.generate("grid", {rows = 2, columns = 2}))
            local class = setmetatable({}, {__index = function(_, key) error("no field " .. key) end})
            local ok, err = pcall(sim.force, sim, "class", class)
            assert(not ok and err:find("no field"), err)
            local g = fl.graph.new(); g:addNode{id = "a"}
            local element = setmetatable({}, {__index = function() error("bad element") end})
            ok, err = pcall(g.deleteElements, g, {nodes = {element}})
            assert(not ok and err:find("bad element"), err)
            """)
    }

    func testForceOptionsAreValidated() {
        XCTAssertTrue(error("fl.force.collide{iterations = math.huge}").contains("field 'iterations': an integer from 0 to 1000 expected, got inf"))
        XCTAssertTrue(error("fl.force.link{iterations = -1}").contains("field 'iterations'"))
        XCTAssertTrue(error("fl.force.manyBody{theta = 0/0}").contains("field 'theta': a finite number ≥ 0 expected, got nan"))
        XCTAssertTrue(error("fl.force.center{x = 1/0}").contains("a finite number expected"))
        run("assert(fl.force.x{x = 0/0}); assert(fl.force.manyBody{distanceMax = math.huge})")
        // A table-form Lua force is checked when it is set, not at every later tick.
        let setup = "local sim = fl.simulation(fl.graph.generate('miserables')); "
        XCTAssertTrue(error(setup + "sim:force('c', {force = 5})")
            .contains("bad argument #2 to 'sim:force' (field 'force': function expected, got number)"))
        XCTAssertTrue(error(setup + "sim:force('c', {initialize = {}, force = function() end})")
            .contains("bad argument #2 to 'sim:force' (field 'initialize': function expected, got table)"))
        run(setup + "sim:force('c', {force = function() end}); sim:tick()")
        // A misspelt member is refused rather than left unused (initialize never called, arrays never given).
        XCTAssertTrue(error(setup + "sim:force('c', {force = function() end, initialise = function() end})")
            .contains("bad argument #2 to 'sim:force' (field 'initialise': did you mean 'initialize'? (a table force has"))
        XCTAssertTrue(error(setup + "sim:force('c', {force = function() end, arays = true})")
            .contains("(field 'arays': did you mean 'arrays'?"))
        XCTAssertTrue(error(setup + "sim:force('c', {Force = function() end})")
            .contains("(field 'force': function expected, got nil (the table's functions: Force;"), "a missing force is said first")
        // The table's own fields stay its own: state of another type, and helpers beside the members they resemble.
        run(setup + """
            local own = {strength = 0.1, init = function() end, initialize = function() end, arrays = false, forces = {}}
            own.force = function(alpha) own.strength = own.strength * alpha end
            sim:force('c', own); sim:tick()
            local class = setmetatable({init = function() end}, {__index = {force = function() end, initialize = function() end}})
            sim:force('d', class); sim:tick()
            """)
    }

    func testBinaryChunksAreRefusedByEveryLoader() {
        // A corrupt binary chunk can crash Lua itself, so only source text is loaded.
        run("""
            local chunk = string.dump(function(a, b) return a + b end)
            local binary = "attempt to load a binary chunk (mode is 't')"
            local f, message = load(chunk)
            assert(f == nil and message == binary, message)
            f, message = load(chunk, "x", "b")
            assert(f == nil and message == "binary chunks are not loaded (mode is 'b')", message)
            f, message = load("return 1", "x", "b")
            assert(f == nil and message == "binary chunks are not loaded (mode is 'b')", message)
            assert(load("return 1", "x", "bt")() == 1)
            assert(load("return 1 + 1")() == 2 and load("return ...", "x", "t", {})(3) == 3)
            local file = io.open(tmp .. "/compiled.lua", "wb")
            file:write(chunk)
            file:close()
            f, message = loadfile(tmp .. "/compiled.lua")
            assert(f == nil and message == binary, message)
            local ok, err = pcall(dofile, tmp .. "/compiled.lua")
            assert(not ok and err == tmp .. "/compiled.lua: " .. binary, err)
            package.path = tmp .. "/?.lua;" .. package.path
            ok, err = pcall(require, "compiled")
            assert(not ok and err:find("error loading module 'compiled' from file", 1, true) and err:find(binary, 1, true), err)
            file = io.open(tmp .. "/plain.lua", "w")
            file:write("return ...")
            file:close()
            assert(require("plain") == "plain" and dofile(tmp .. "/plain.lua") == nil and loadfile(tmp .. "/plain.lua")(5) == 5)
            ok, err = pcall(require, "no_such_module")
            assert(not ok and err:find("no file '" .. tmp .. "/no_such_module.lua'", 1, true), err)
            -- As in stock Lua: argument errors name the function, require does not need package.searchpath.
            ok, err = pcall(function() return load(true) end)
            assert(not ok and err:find("bad argument #1 to 'load' (function expected, got boolean)", 1, true), err)
            ok, err = pcall(function() return loadfile({}) end)
            assert(not ok and err:find("bad argument #1 to 'loadfile' (string expected, got table)", 1, true), err)
            local searchpath = package.searchpath
            package.searchpath = nil
            ok, err = pcall(require, "no_such_module")
            package.searchpath = searchpath
            assert(not ok and err:find("module 'no_such_module' not found", 1, true), err)
            """)
    }

    func testAnErrorMessageThatLooksLikeATracebackIsContinued() {
        // The first traceback of a fresh state: nothing is remembered yet to compare it with.
        let message = error("error('custom\\nstack traceback:\\n\\tsomewhere', 0)")
        XCTAssertTrue(message.hasPrefix("custom\nstack traceback:\n\tsomewhere\n"), message)
        XCTAssertTrue(message.contains("in function 'error'"), message)
    }

    func testErrorsThroughNestedCallbacksKeepOneShortTraceback() {
        // Six handlers deep: every frame once (it listed the outer frames again at each level).
        let nested = error("""
            local g = fl.graph.new()
            local k = 0
            g:on("change", function() k = k + 1; if k < 6 then g:addNode{id = "m" .. k} else error("deep", 0) end end)
            g:addNode{id = "first"}
            """)
        XCTAssertEqual(nested.components(separatedBy: "in method 'addNode'").count - 1, 6, nested)
        XCTAssertEqual(nested.components(separatedBy: "in main chunk").count - 1, 1, nested)
        // Each change handler adds a node, which calls the handler again, until the C stack runs out; every level
        // the error passes used to add its frames to the message (4,000 lines).
        let message = error("""
            local g = fl.graph.new()
            local k = 0
            g:on("change", function() k = k + 1; g:addNode{id = "m" .. k} end)
            g:addNode{id = "first"}
            """)
        XCTAssertTrue(message.replacingOccurrences(of: "test:3: ", with: "").hasPrefix("C stack overflow\nstack traceback:\n"), message)
        XCTAssertLessThanOrEqual(message.split(separator: "\n").count, 25, message)
        // One traceback, Lua's own (taken where the error was raised, on this thread), cut as Lua cuts long ones.
        XCTAssertEqual(message.components(separatedBy: "stack traceback:").count, 2, message)
        XCTAssertEqual(message.components(separatedBy: "in main chunk").count, 2, message)
        XCTAssertTrue(message.contains("...\t(skipping "), message)
    }

    func testTheSimulationCannotBeReenteredFromItsOwnForces() {
        run("""
            local sim = fl.simulation(fl.graph.generate("grid", {rows = 2, columns = 2}))
            sim:force("sneaky", function() sim:tick() end)
            local ok, err = pcall(sim.tick, sim)
            assert(not ok and err:find("cannot be called from inside the simulation"), err)
            sim:force("sneaky", nil)
            sim:tick(2)
            local strength = function() sim:force("y", fl.force.y{}) return 0.1 end
            ok, err = pcall(sim.force, sim, "x", fl.force.x{strength = strength})
            assert(not ok and err:find("cannot be called from inside"), err)
            """)
    }

    func testFinalizersCallingBackIntoTheHostGetClearErrors() {
        // A finalizer runs whenever Lua allocates, also while the host syncs node tables inside a tick: a call that
        // would tick or change forces then is refused (the layout is busy), and graph edits are picked up later.
        run("""
            local refused, added, armed = {}, 0, false
            local function attempt(f, ...)
              if not armed then return end -- a finalizer that ticks when idle would make more of itself
              local ok, err = pcall(f, ...)
              if not ok then refused[#refused + 1] = err end
            end
            local function case(make)
              local g = fl.graph.generate("grid", {rows = 8, columns = 8})
              local sim = fl.simulation(g)
              local call = make(g, sim)
              collectgarbage()
              collectgarbage("incremental", 0, 100)
              -- Enough garbage for collections to finish inside the ticks whatever the host allocated before (the
              -- module's own tables shift when the collector runs).
              sim:force("lf", function(alpha, nodes)
                for i = 1, 1000 do setmetatable({}, {__gc = call}) end
              end)
              armed = true
              sim:tick(4)
              armed = false
              collectgarbage("generational")
              sim:force("lf", nil)
              sim:tick(1)
              return g
            end
            case(function(g, sim) return function() attempt(sim.force, sim, "lf", nil) end end)
            case(function(g, sim) return function() attempt(sim.tick, sim) end end)
            case(function(g, sim) return function() attempt(sim.force, sim, "x", fl.force.x{}) end end)
            case(function(g, sim) return function() attempt(sim.run, sim, {maxTicks = 2}) end end)
            local g = case(function(g, sim)
              return function() added = added + 1; g:addNode{id = "gc" .. added} end
            end)
            assert(#refused > 0, "some finalizer ran while the simulation was busy")
            for _, err in ipairs(refused) do
              assert(err:find("cannot be called from inside the simulation"), err)
            end
            assert(added > 0 and g:nodeCount() == 64 + added, "graph edits from finalizers are kept")
            assert(g:node("gc1").x == g:node("gc1").x, "and the nodes they add are placed")
            """)
    }

    func testStopEndsARunFromATickHandlerAndRestartClearsIt() {
        run("""
            local sim = fl.simulation(fl.graph.generate("grid", {rows = 3, columns = 3}))
            sim:force("charge", fl.force.manyBody{})
            local n, why = sim:run{onTick = function(s, tick) if tick == 5 then s:stop() end end}
            assert(n == 5 and why == "stopped", n .. why)
            n, why = sim:restart():run{maxTicks = 3}
            assert(n == 3 and why == "maxTicks")
            """)
    }

    func testListsIterateAgainAndIndicesAreIntegers() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 3})
            local list, count = g:nodes(), 0
            for _ in list do count = count + 1 end
            for _ in list do count = count + 1 end
            assert(count == 12, count)
            assert(math.type(g:node("1").index) == "integer" and g:node("1").index == 1)
            assert(fl.simulation(g):graph() == g)
            """)
    }

    func testLuaForcesCanPinNodes() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 2})
            local sim = fl.simulation(g)
            sim:force("charge", fl.force.manyBody{})
            sim:force("pin", function(alpha, nodes) nodes[1].fx, nodes[1].fy = 40, -40 end)
            sim:tick(5)
            local n = g:node("0")
            assert(n.fx == 40 and n.fy == -40 and n.x == 40 and n.y == -40)
            sim:force("pin", function(alpha, nodes) nodes[1].fx, nodes[1].fy = nil, nil end)
            sim:tick(5)
            assert(g:node("0").fx == nil and g:node("0").x ~= 40)
            """)
    }

    func testReplacingALuaForceWithABuiltInOneAndBadFieldWrites() {
        run("""
            local sim = fl.simulation(fl.graph.generate("grid", {rows = 2, columns = 2}))
            sim:force("f", function() end)
            sim:force("f", fl.force.center{})
            assert(tostring(sim:force("f")):find("Force.center"))
            local g = fl.graph.new(); local n = g:addNode{id = "a"}
            local ok, err = pcall(function() n.x = "left" end)
            assert(not ok and err:find("field 'x': number expected, got string"), err)
            ok, err = pcall(function() n.id = "b" end)
            assert(not ok and err:find("read%-only"), err)
            """)
    }

    func testOneChangeEventPerOperationAfterTicks() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 2})
            local sim = fl.simulation(g)
            local events = 0
            g:on("change", function() events = events + 1 end)
            sim:tick()
            assert(events == 1, events)
            g:node("0").label = "first"
            assert(events == 2, events)
            """)
    }

    func testObjectsCannotBeForgedOrTheirMetatablesReached() {
        run("""
            local g = fl.graph.new()
            assert(getmetatable(g) == false and getmetatable(g:nodes()) == false)
            getmetatable(io.stdout).__forcelab = true
            local ok, err = pcall(fl.simulation, io.stdout)
            assert(not ok and err:find("Graph expected, got FILE"), err)
            """)
    }

    func testMethodsCalledFromCoroutinesDuringARunLeaveItIntact() {
        run("""
            local g = fl.graph.generate("grid", {rows = 3, columns = 3})
            local sim = fl.simulation(g)
            sim:force("charge", fl.force.manyBody{})
            local seen = 0
            sim:on("tick", function(s) seen = seen + (s == sim and 1 or 0) end)
            local n = sim:run{maxTicks = 5, onTick = function(s)
              coroutine.wrap(function() s:fix("0", 0, 0); s:alpha(s:alpha()) end)()
            end}
            assert(n == 5 and seen == 5, n .. " " .. seen)
            """)
    }

    func testLuaForcesMayChangeTheNodeSet() {
        run("""
            local g = fl.graph.generate("grid", {rows = 2, columns = 2})
            local sim = fl.simulation(g)
            local added = false
            sim:force("grow", function(alpha, nodes)
              if not added then added = true; g:addNode{id = "new", x = 5, y = 5}; g:addEdge{source = "0", target = "new"} end
            end)
            sim:force("link", fl.force.link{})
            sim:tick(3)
            assert(g:nodeCount() == 5 and g:node("new").x ~= nil)
            local e = g:edges()[1]
            g:applyEdgeChanges{{type = "replace", id = e.id, item = {id = e.id, source = "new", target = "3"}}}
            sim:tick(1)
            assert(sim:on("tick") == nil)
            """)
        XCTAssertTrue(error("fl.simulation(fl.graph.new(), {alhpa = 0.5})").contains("unknown option 'alhpa'"))
        XCTAssertTrue(error("fl.simulation(fl.graph.new(), {alpha = 0/0})").contains("field 'alpha': a number from 0 to 1 expected"))
    }

    func testHandlersThatCaptureTheirOwnObjectsAreCollected() {
        run("""
            local weak = setmetatable({}, {__mode = "k"})
            for _ = 1, 20 do
              local g = fl.graph.generate("grid", {rows = 2, columns = 2})
              g:on("change", function() return g:nodeCount() end)
              local sim = fl.simulation(g)
              sim:force("self", function() return sim end)
              sim:force("x", fl.force.x{strength = function() return sim and 0.1 end})
              sim:on("tick", function() return sim end)
              weak[g] = true; weak[sim] = true
            end
            collectgarbage(); collectgarbage(); collectgarbage()
            assert(next(weak) == nil, "graphs or simulations were kept alive by their own handlers")
            """)
    }

    func testHandlersLiveAsLongAsTheirObjectIsReachable() {
        run("""
            local sim = fl.simulation(fl.graph.generate("grid", {rows = 2, columns = 2}))
            local fired = 0
            sim:graph():on("change", function() fired = fired + 1 end)
            sim:force("x", fl.force.x{strength = function() return 0.1 end})
            collectgarbage(); collectgarbage()
            sim:graph():addNode{id = "late"}
            sim:tick()
            assert(fired >= 2, fired)
            local node = sim:graph():node("0")
            local list = sim:graph():nodes()
            sim = nil
            collectgarbage(); collectgarbage()
            node.label = "still here"
            assert(fired >= 3, "a node keeps its graph's handlers: " .. fired)
            assert(#list == 5)
            """)
    }
}
