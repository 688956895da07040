import LuaHost
import XCTest

/// Graphs from Lua: building, fields, React Flow store semantics, events and files.
final class GraphLuaTests: LuaTestCase {
    func testDeleteElementsListsAreDeclaredSettingsReadByTheOneReader() {
        let graph = "local g = fl.graph.new(); g:addNode{id = 'a'}; g:addNode{id = 'b'}; g:addEdge{id = 'ab', source = 'a', target = 'b'}\n"
        XCTAssertTrue(error(graph + "g:deleteElements{edgs = {'ab'}}").contains(":2: g:deleteElements: unknown option 'edgs' (did you mean 'edges'?)"))
        XCTAssertTrue(error(graph + "g:deleteElements{nodes = 'a'}").contains(":2: bad argument #1 to 'g:deleteElements' (field 'nodes': table expected, got string)"))
        XCTAssertTrue(error(graph + "g:deleteElements{edges = {true}}").contains(":2: bad argument #1 to 'g:deleteElements' (field 'edges': ids or elements expected)"))
        XCTAssertTrue(error(graph + "g:deleteElements{nodes = {{name = 'a'}}}")
            .contains(":2: bad argument #1 to 'g:deleteElements' (field 'nodes': element 1 has no string id)"))
        // An id, an element object and a table with an id name elements alike; `connectedEdges` reads its list so too.
        run(graph + """
            assert(#g:connectedEdges{g:node('a')} == 1)
            local nodes, edges = g:deleteElements{nodes = {{id = 'b'}}, edges = {g:edge('ab')}}
            assert(#nodes == 1 and #edges == 1 and g:nodeCount() == 1 and g:edgeCount() == 0)
            """)
        XCTAssertEqual(GraphRecordOptions.deleteElements.option("nodes")?.accepts, "`{id or node, ...}`")
    }

    func testMisspeltElementAndChangeFieldsAreRefusedWithTheNearestName() {
        XCTAssertTrue(error("fl.graph.new():addNode{id = 'a', lable = 'A'}").contains("g:addNode: unknown field 'lable' (did you mean 'label'?)"))
        XCTAssertTrue(error("local g = fl.graph.new(); g:addNode{id = 'a'}; g:addEdge{source = 'a', target = 'a', wieght = 2}")
            .contains("g:addEdge: unknown field 'wieght'"))
        XCTAssertTrue(error("local g = fl.graph.new(); g:addNode{id = 'a'}; g:applyNodeChanges{{type = 'select', id = 'a', selcted = true}}")
            .contains("g:applyNodeChanges change: unknown field 'selcted' (did you mean 'selected'?)"))
        XCTAssertTrue(error("fl.graph.new():deleteElements{node = {'a'}}").contains("g:deleteElements: unknown option 'node' (did you mean 'nodes'?)"))
        run("""
            local g = fl.graph.new()
            g:addNode{id = "p"}; g:addNode{id = "c", parent = "p", x = 1, y = 2}
            local nodes, edges = g:deleteElements{nodes = {"p"}}
            g:restore(nodes, edges)
            assert(g:nodeCount() == 2 and g:node("c").parent == "p", "snapshots go back through restore")
            """)
    }

    func testBuildingAndReadingNodesAndEdges() {
        run("""
            local g = fl.graph.new()
            local a = g:addNode{id = "a", x = 1, y = 2, data = {group = 3, name = "first"}}
            g:addNode{id = 7}
            local e = g:addEdge{source = "a", target = "7", data = {weight = 2}}
            assert(tostring(g) == "Graph(2 nodes, 1 edges)", tostring(g))
            assert(g:nodeCount() == 2 and g:edgeCount() == 1 and #g == 2)
            assert(a.id == "a" and a.x == 1 and a.y == 2 and a.index == 0)
            assert(a.data.group == 3 and a.group == 3 and a.name == "first")
            assert(g:node("7").x == nil, "unplaced nodes have no position")
            assert(e.id == "xy-edge__a-7" and e.source == "a" and e.weight == 2)
            assert(tostring(a) == "Node(a at (1, 2))", tostring(a))
            assert(g:node("a") == a, "references to one node compare equal")
            a.x = 10; a.label = "A"; a.color = "red"
            local n = g:node("a")
            assert(n.x == 10 and n.label == "A" and n.data.color == "red")
            local ids = {}
            for node in g:nodes() do ids[#ids + 1] = node.id end
            assert(table.concat(ids, ",") == "a,7")
            for i, edge in ipairs(g:edges()) do assert(i == 1 and edge.target == "7") end
            """)
    }

    /// A node, an edge and a handle are GraphModel's records, read by their declarations: each misspelt field is
    /// named with the nearest one and each wrong kind with what the field takes.
    func testElementRecordsAreCheckedAgainstTheirDeclarations() {
        let graph = "local g = fl.graph.new(); g:addNode{id = 'a'}; "
        let refused: [(String, String)] = [
            ("g:addNode{id = 'b', handles = {{id = 'h', tpye = 'source'}}}", "g:addNode handle: unknown field 'tpye' (did you mean 'type'?)"),
            ("g:addNode{id = 'b', handles = {{type = 'in'}}}", "(field 'type': unknown value 'in' (source, target))"),
            ("g:addNode{id = 'b', handles = {{position = 'up'}}}", "(field 'position': unknown value 'up' (left, top, right, bottom))"),
            ("g:addNode{id = 'b', handles = {'h'}}", "(field 'handles'[1]: table expected, got string)"),
            ("g:addNode{id = 'b', selected = 'yes'}", "(field 'selected': boolean expected, got string)"),
            ("g:addNode{id = 'b', data = 3}", "(field 'data': table of named fields expected)"),
            ("g:addNode{id = 'b', vx = 1/0}", "(field 'vx': a finite number expected, got inf)"),
            ("g:addNode{id = 'b', vxx = 1}", "g:addNode: unknown field 'vxx' (did you mean 'vx'?)"),
            ("g:addNode{id = 'b', vy = 'fast'}", "(field 'vy': number expected, got string)"),
            ("g:addEdge{source = 'a', target = 'a', label = {}}", "(field 'label': string or number expected, got table)"),
            ("g:addEdge{source = 'a'}", "(field 'target' is required)"),
            ("g:connect{source = 'a', target = 'a', lable = 'x'}", "g:connect: unknown field 'lable' (fields: source, target, "),
            ("g:restore({{id = 'b', positon = 1}})", "g:restore node: unknown field 'positon' (did you mean 'position'?)"),
            ("g:restore({{id = 'b', position = 0}})", "(field 'position': an integer ≥ 1 expected, got 0)"),
            ("g:restore({}, {{source = 'a', target = 'a', position = 'first'}})", "(field 'position': number expected, got string)"),
            ("g:restore({}, {{source = 'a', target = 'a', postion = 1}})", "g:restore edge: unknown field 'postion' (did you mean 'position'?)"),
            ("g:applyNodeChanges{{type = 'add', item = {id = 'b', vx = 1}}}", "g:applyNodeChanges item: unknown field 'vx'"),
            ("g:applyNodeChanges{{type = 'remove'}}", "bad argument #1 to 'g:applyNodeChanges' (field 'id' is required by a 'remove' change)"),
            ("g:applyNodeChanges{{id = 'a'}}", "(field 'type' is required)"),
            ("g:applyNodeChanges{{type = 'position', id = 'a', position = {x = 1, yy = 2}}}",
             "g:applyNodeChanges position: unknown field 'yy' (did you mean 'y'?)"),
            ("g:applyNodeChanges{{type = 'position', id = 'a', position = 'here'}}", "(field 'position': table expected, got string)"),
            ("g:applyNodeChanges{{type = 'dimensions', id = 'a', dimensions = {width = 'wide'}}}", "(field 'width': number expected, got string)"),
            ("g:applyNodeChanges{{type = 'add', item = {id = 'b'}, index = 0}}", "(field 'index': an integer ≥ 1 expected, got 0)"),
            ("g:applyEdgeChanges{{type = 'add', item = {source = 'a'}}}", "(field 'target' is required)"),
            ("g:applyEdgeChanges{{type = 'select', id = 'e', selected = 'yes'}}", "(field 'selected': boolean expected, got string)"),
        ]
        assertRefusals(refused.map { (graph + $0.0, $0.1) })
        run(graph + """
            g:addNode{id = "b", parentId = "a", handles = {{id = "out", position = "right"}, {type = "target"}}}
            local snapshot = g:deleteElements{nodes = {"b"}}
            assert(#snapshot == 1 and snapshot[1].parent == "a", "parentId is parent's other name")
            assert(snapshot[1].handles[1].type == "source" and snapshot[1].handles[2].type == "target")
            g:restore(snapshot)
            local e = g:addEdge{source = "a", target = "b", sourceHandle = "out"}
            assert(e.id == "xy-edge__aout-b", e.id)
            g:applyEdgeChanges{{type = "add", item = {source = "b", target = "a"}}}
            assert(g:edge("xy-edge__b-a") ~= nil, "an added edge without an id takes its connection id")
            g:applyNodeChanges{{type = "dimensions", id = "b", dimensions = {width = 4}}, {type = "position", id = "b", position = {x = 1, y = 2}}}
            local b = g:deleteElements{nodes = {"b"}}
            assert(b[1].width == 4 and b[1].height == 0 and b[1].x == 1 and b[1].y == 2)
            """)
    }

    func testBadArgumentsReadLikeLuasOwn() {
        let duplicate = "local g = fl.graph.new(); g:addNode{id='a'}; "
        assertRefusals([
            ("fl.graph.new():addNode()", "test:1: bad argument #1 to 'g:addNode' (table expected, got no value)"),
            ("local g = fl.graph.new(); g.addNode(g, nil)", "bad argument #2 to 'g:addNode' (table expected, got nil)"),
            ("fl.graph.new():addNode{id = 'a', x = 'left'}", "bad argument #1 to 'g:addNode' (field 'x': number expected, got string)"),
            ("fl.graph.new():addNode{x = 1}", "bad argument #1 to 'g:addNode' (field 'id' is required)"),
            // A graph's refusals name the method refused, as the docs write it, however it is called.
            (duplicate + "g:addNode{id='a'}", "test:1: g:addNode: duplicate node id 'a'"),
            (duplicate + "g:addEdge{source='a', target='b'}", "test:1: g:addEdge: edge 'xy-edge__a-b' (a -> b): node 'b' does not exist"),
            (duplicate + "g.addNode(g, {id='a'})", "test:1: g:addNode: duplicate node id 'a'"),
            (duplicate + "local n = g:node('a'); g:deleteElements{nodes = {'a'}}; n:snapshot()",
             "test:1: node:snapshot: node 'a' is no longer in the graph"),
            // An assignment is no method.
            ("local g = fl.graph.new(); g.nodes = 1", "test:1: graph field 'nodes' cannot be set"),
            ("fl.graph.new().nodeCount(42)", "bad argument #1 to 'g:nodeCount' (Graph expected, got number)"),
        ])
    }

    func testConnectUsesReactFlowIdsAndRefusesDuplicates() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "a"}; g:addNode{id = "b"}
            local e = g:connect{source = "a", target = "b", sourceHandle = "out"}
            assert(e.id == "xy-edge__aout-b", e.id)
            assert(g:connect{source = "a", target = "b", sourceHandle = "out", targetHandle = ""} == nil)
            assert(g:connect{source = "a", target = "b"}.id == "xy-edge__a-b")
            assert(g:connect{source = "a", target = "b", sourceHandle = ""} == nil, "nil and empty handles are equal")
            assert(g:connect{source = "a", target = "missing"} == nil)
            assert(g:edgeCount() == 2)
            """)
    }

    func testChangeListsGroupedPerIdWithUnknownIdsIgnored() {
        run("""
            local g = fl.graph.new()
            for _, id in ipairs{"a", "b", "c"} do g:addNode{id = id, x = 0, y = 0} end
            g:applyNodeChanges{
              {type = "position", id = "a", position = {x = 5, y = 6}},
              {type = "select", id = "a", selected = true},
              {type = "remove", id = "b"},
              {type = "position", id = "b", position = {x = 9, y = 9}},
              {type = "dimensions", id = "c", dimensions = {width = 40, height = 20}},
              {type = "add", item = {id = "d", x = 1, y = 1}, index = 1},
              {type = "position", id = "nobody", position = {x = 1, y = 1}},
            }
            local ids = {}
            for node in g:nodes() do ids[#ids + 1] = node.id end
            assert(table.concat(ids, ",") == "d,a,c", table.concat(ids, ","))
            assert(g:node("a").x == 5 and g:node("a").selected)
            assert(g:node("c").width == 40 and g:node("c").height == 20)
            assert(#g:selectedNodes() == 1 and g:selectedNodes()[1].id == "a")
            g:applyNodeChanges{{type = "replace", id = "a", item = {id = "a", x = 0, y = 0}}}
            assert(#g:selectedNodes() == 0, "selection follows a replace")
            g:connect{source = "a", target = "c"}
            g:applyEdgeChanges{{type = "select", id = "xy-edge__a-c", selected = true}}
            assert(g:selectedEdges()[1].id == "xy-edge__a-c")
            g:applyEdgeChanges{{type = "remove", id = "xy-edge__a-c"}}
            assert(g:edgeCount() == 0 and #g:selectedEdges() == 0)
            """)
        XCTAssertTrue(error("fl.graph.new():applyNodeChanges{{type = 'teleport', id = 'a'}}")
            .contains("(field 'type': unknown value 'teleport' (add, remove, replace, position, dimensions, select))"))
    }

    func testDeletingAParentTakesDescendantsInAnyOrderAndCanBeUndone() {
        run("""
            local g = fl.graph.new()
            g:addNode{id = "root"}
            g:addNode{id = "child", parent = "root"}
            g:addNode{id = "grandchild", parent = "child"}
            g:addNode{id = "keep"}
            g:addNode{id = "locked", parent = "keep", deletable = false}
            g:connect{source = "keep", target = "grandchild"}
            g:connect{source = "keep", target = "locked"}
            local nodes, edges = g:deleteElements{nodes = {"root", "locked"}}
            local ids = {}
            for _, n in ipairs(nodes) do ids[#ids + 1] = n.id end
            table.sort(ids)
            assert(table.concat(ids, ",") == "child,grandchild,root", table.concat(ids, ","))
            assert(#edges == 1 and edges[1].target == "grandchild")
            assert(g:nodeCount() == 2 and g:node("locked") and g:edgeCount() == 1)
            g:restore(nodes, edges)
            assert(g:nodeCount() == 5 and g:edgeCount() == 2 and g:node("grandchild").parent == "child")
            """)
    }

    func testReferencesToRemovedElementsStillPrintButCannotBeRead() {
        run("""
            local g = fl.graph.new()
            local n, m = g:addNode{id = "x"}, g:addNode{id = "y"}
            local e = g:addEdge{id = "e", source = "x", target = "y"}
            g:deleteElements{nodes = {"x"}}
            assert(tostring(n) == "Node(x, removed)" and tostring(e) == "Edge(e, removed)", tostring(n) .. tostring(e))
            assert(tostring(m) == "Node(y)")
            local ok, err = pcall(function() return n.x end)
            assert(not ok and err:find("node 'x' is no longer in the graph", 1, true), err)
            """)
    }

    func testConnectionsByHandleAndNeighbours() {
        run("""
            local g = fl.graph.new()
            for _, id in ipairs{"a", "b", "c"} do g:addNode{id = id} end
            g:connect{source = "a", sourceHandle = "x", target = "b"}
            g:connect{source = "a", sourceHandle = "y", target = "c"}
            g:connect{source = "c", target = "a"}
            assert(#g:connections("a") == 3)
            assert(#g:connections("a", "source") == 2 and #g:connections("a", "target") == 1)
            local viaX = g:connections("a", "source", "x")
            assert(#viaX == 1 and viaX[1].target == "b" and viaX[1].edgeId == "xy-edge__ax-b")
            assert(g:incomers("a")[1].id == "c" and #g:outgoers("a") == 2 and g:degree("a") == 3)
            """)
        // A choice argument out of its choices is refused in the stock luaL_checkoption's words, with what was meant.
        XCTAssertTrue(error("local g = fl.graph.new(); g:addNode{id = 'a'}; g:connections('a', 'sorce')")
            .hasPrefix("test:1: bad argument #2 to 'g:connections' (invalid option 'sorce' (did you mean 'source'?))"))
        XCTAssertTrue(error("fl.graph.new():on('chagne', print)")
            .hasPrefix("test:1: bad argument #1 to 'g:on' (invalid option 'chagne' (did you mean 'change'?))"))
        XCTAssertTrue(error("fl.graph.new():on('edit', print)").hasPrefix("test:1: bad argument #1 to 'g:on' (invalid option 'edit' (change))"))
    }

    func testChangeEventsAndDataSubscriptions() {
        run("""
            local g = fl.graph.new()
            local events, seen = {}, {}
            g:on("change", function(e) events[#events + 1] = e end)
            g:addNode{id = "a"}
            g:observeData("a", function(data) seen[#seen + 1] = data.score end)
            g:node("a").score = 4
            g:node("a").data = {score = 5}
            assert(#events == 3 and events[1].addedNodes[1] == "a" and events[2].updatedNodes[1] == "a")
            assert(#seen == 2 and seen[1] == 4 and seen[2] == 5)
            """)
        XCTAssertTrue(error("local g = fl.graph.new(); g:on('change', function() error('handler broke') end); g:addNode{id='a'}").contains("handler broke"))
    }

    func testGeneratorsAndFilesRoundTrip() {
        run("""
            local m = fl.graph.generate("miserables")
            assert(m:nodeCount() == 77 and m:edgeCount() == 254)
            local r = fl.graph.generate("recursive", {n = 100, seed = 1})
            assert(r:nodeCount() == 100 and r:edgeCount() == 198)
            for _, format in ipairs{"graphml", "gexf", "dot", "json"} do
              local path = tmp .. "/m." .. format
              m:save(path)
              local back = fl.graph.load(path)
              assert(back:nodeCount() == 77 and back:edgeCount() == 254, format)
            end
            assert(not pcall(m.save, m, tmp .. "/m.csv"), "an edge list cannot hold the nodes' data")
            m:save(tmp .. "/m.csv", {lossy = true})
            assert(fl.graph.load(tmp .. "/m.csv"):edgeCount() == m:edgeCount(), "with lossy = true the edges are saved")
            m:save(tmp .. "/flow.json", {format = "reactflow"})
            assert(fl.graph.load(tmp .. "/flow.json"):node("Valjean").group == 2)
            -- format = "json" is JSON whatever the extension: written as d3 JSON, read by content.
            m:save(tmp .. "/m.graph", {format = "json"})
            local f = assert(io.open(tmp .. "/m.graph")); local text = f:read("a"); f:close()
            assert(text:find('"links"'), "d3 JSON")
            assert(fl.graph.load(tmp .. "/m.graph", {format = "json"}):edgeCount() == 254)
            m:save(tmp .. "/flow.graphml", {format = "reactflow"})
            assert(fl.graph.load(tmp .. "/flow.graphml", {format = "json"}):node("Valjean").group == 2)
            """)
        // An edge list named as JSON is read as JSON (and fails as such), not by its extension.
        XCTAssertTrue(error("""
            local f = assert(io.open(tmp .. "/e.edgelist", "w")); f:write("a b\\n"); f:close()
            fl.graph.load(tmp .. "/e.edgelist", {format = "json"})
            """).contains("e.edgelist:1:"))
        XCTAssertTrue(error("fl.graph.generate('spiral')").contains("unknown graph kind 'spiral'"))
        // A file's error names the call as well as the file.
        let unsaved = error("fl.graph.new():save(tmp .. '/no/such/folder/g.json')")
        XCTAssertTrue(unsaved.contains(": g:save: ") && unsaved.contains("g.json: folder"), unsaved)
        let unread = error("fl.graph.load(tmp .. '/none.json')")
        XCTAssertTrue(unread.contains(": fl.graph.load: ") && unread.contains("none.json: no such file"), unread)
    }

    func testMalformedFilesSayWhere() throws {
        let path = folder + "/bad.json"
        try "{\"nodes\": [{\"id\": \"a\"},\n  {\"id\": }]}".write(toFile: path, atomically: true, encoding: .utf8)
        let message = error("fl.graph.load(tmp .. '/bad.json')")
        XCTAssertTrue(message.contains("fl.graph.load: ") && message.contains("bad.json:2:"), message)
        try "a,b\nb,c\n".write(toFile: folder + "/ok.csv", atomically: true, encoding: .utf8)
        run("assert(fl.graph.load(tmp .. '/ok.csv'):edgeCount() == 2)")
    }

    /// The graph algorithms write their node field (named by `field`) and return their counts; misspelt options and
    /// a missing weight field are errors naming the function and the option.
    func testGraphAlgorithmsWriteANodeFieldAndReturnTheirCounts() {
        run("""
            local g = fl.graph.new{directed = true}
            for _, id in ipairs{"a", "b", "c", "d", "e"} do g:addNode{id = id} end
            for _, e in ipairs{{"a", "b"}, {"b", "c"}, {"c", "a"}, {"c", "d"}} do g:addEdge{source = e[1], target = e[2], data = {w = 2}} end
            assert(fl.graph.components(g) == 2)
            assert(g:node("a").component == 1 and g:node("d").component == 1 and g:node("e").component == 2)
            assert(math.type(g:node("a").component) == "integer", "the numbers are integers, as files then write them")
            assert(fl.graph.components(g, {strong = true, field = "scc"}) == 3)
            assert(g:node("a").scc == 1 and g:node("c").scc == 1 and g:node("d").scc ~= 1 and g:node("a").component == 1)
            assert(fl.graph.cores(g) == 2 and g:node("a").core == 2 and g:node("d").core == 1 and g:node("e").core == 0)
            local count, modularity = fl.graph.communities(g, {weight = "w", field = "c"})
            assert(math.type(count) == "integer" and count >= 2 and type(modularity) == "number", tostring(modularity))
            assert(g:node("e").c == count, "the lone node is the smallest community")
            local again = {fl.graph.communities(g, {weight = "w", field = "c2"})}
            for _, node in ipairs(g:nodes()) do assert(node.c == node.c2, "the same seed gives the same communities") end
            """)
        XCTAssertTrue(error("fl.graph.communities(fl.graph.generate('miserables'), {sed = 2})")
            .contains("fl.graph.communities: unknown option 'sed' (did you mean 'seed'?)"))
        XCTAssertTrue(error("fl.graph.components(fl.graph.generate('miserables'), {strog = true})")
            .contains("fl.graph.components: unknown option 'strog' (did you mean 'strong'?)"))
        XCTAssertTrue(error("fl.graph.communities(fl.graph.generate('miserables'), {weight = 'nope'})")
            .contains("bad argument #2 to 'fl.graph.communities' (field 'weight': edge 'e0' (Napoleon -> Myriel) has no weight field 'nope')"))
        XCTAssertTrue(error("fl.graph.cores({})").contains("bad argument #1 to 'fl.graph.cores'"))
    }
}
