import XCTest

/// What the one reader refuses that it once let through without a word: keys beside a list's elements, a field given
/// by both its names, a number where text is wanted, NaN and infinities where they have no meaning.
final class OptionRefusalTests: LuaTestCase {
    /// The first line of the error `code` raises (the traceback follows it).
    private func firstLine(_ code: String) -> String {
        String(error(code).split(separator: "\n").first ?? "")
    }

    /// Checks that each script raises an error whose first line ends with its message.
    private func assertRefused(_ refused: [(script: String, message: String)], file: StaticString = #filePath, line: UInt = #line) {
        for (script, message) in refused {
            let raised = firstLine(script)
            XCTAssertTrue(raised.hasSuffix(message), "\(script): \(raised)", file: file, line: line)
        }
    }

    /// Every list a function takes holds its elements and nothing else: a named key, or a place past the list's end,
    /// is refused, naming the list and the key.
    func testAKeyBesideAListsElementsIsRefused() {
        let refused: [(String, String)] = [
            ("fl.graph.new():addNode{id = 'a', handles = {{id = 'h', type = 'source'}, foo = 1}}",
             "test:1: bad argument #1 to 'g:addNode' (field 'handles': key 'foo' is not part of the list)"),
            ("local g = fl.graph.new(); g:addNode{id = 'a'}; g:deleteElements{nodes = {'a', foo = 1}}",
             "test:1: bad argument #1 to 'g:deleteElements' (field 'nodes': key 'foo' is not part of the list)"),
            ("local g = fl.graph.new(); g:addNode{id = 'a'}; g:applyNodeChanges{{type = 'select', id = 'a', selected = true}, all = true}",
             "test:1: bad argument #1 to 'g:applyNodeChanges' (key 'all' is not part of the list)"),
            ("local g = fl.graph.new(); g:applyEdgeChanges{[3] = {type = 'remove', id = 'e'}}",
             "test:1: bad argument #1 to 'g:applyEdgeChanges' (key '[3]' is not part of the list)"),
            ("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}}, extra = {values = {3, 2, 1}}}})",
             "test:1: bad argument #2 to 'fl.svg.radar' (field 'series': key 'extra' is not part of the list)"),
            ("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c', d = 'd'}, series = {{values = {1, 2, 3}}}})",
             "test:1: bad argument #2 to 'fl.svg.radar' (field 'axes': key 'd' is not part of the list)"),
            ("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3, x = 4}}}})",
             "test:1: bad argument #2 to 'fl.svg.radar' (field 'values': key 'x' is not part of the list)"),
            ("fl.svg.plot(tmp .. '/p.svg', {series = {{y = {1, 2}}, {y = {2, 1}}, n = 2}})",
             "test:1: bad argument #2 to 'fl.svg.plot' (field 'series': key 'n' is not part of the list)"),
            ("fl.data.write(tmp .. '/d.csv', {{a = 1}, {a = 2}, n = 2})",
             "test:1: bad argument #2 to 'fl.data.write' (key 'n' is not part of the list)"),
            ("fl.force.link{edges = {'e1', more = 3}}",
             "test:1: bad argument #1 to 'fl.force.link' (field 'edges': key 'more' is not part of the list)"),
        ]
        assertRefused(refused)
        // A list given with `[i] =` in order is a list like any other.
        run("""
            local g = fl.graph.new()
            g:addNode{id = 'a', handles = {[1] = {id = 'h', type = 'source'}, [2] = {id = 'i', type = 'target'}}}
            assert(#g:node('a').handles == 2)
            """)
    }

    /// A field given by both its names (`colour` and `color`, `parent` and `parentId`) is refused naming both, whatever
    /// their values; either alone is taken.
    func testASettingGivenByBothItsNamesIsRefused() {
        let series = "{{y = {1, 2}, colour = '#abcdef', color = '#abcdef'}}"
        XCTAssertEqual(firstLine("fl.svg.plot(tmp .. '/p.svg', {series = \(series)})"),
                       "test:1: bad argument #2 to 'fl.svg.plot' (field 'colour' and field 'color' name one setting: give one of them)")
        XCTAssertEqual(firstLine("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}, color = 'red', colour = 'blue'}}})"),
                       "test:1: bad argument #2 to 'fl.svg.radar' (field 'colour' and field 'color' name one setting: give one of them)")
        XCTAssertEqual(firstLine("local g = fl.graph.new(); g:addNode{id = 'p'}; g:addNode{id = 'c', parent = 'p', parentId = 'q'}"),
                       "test:1: bad argument #1 to 'g:addNode' (field 'parent' and field 'parentId' name one setting: give one of them)")
        run("""
            local g = fl.graph.new()
            g:addNode{id = 'p'}; g:addNode{id = 'c', parentId = 'p'}; g:addNode{id = 'd', parent = 'p'}
            assert(g:node('c').parent == 'p' and g:node('d').parent == 'p')
            """)
    }

    /// A string option refuses a number (`colour = 5` is no colour), unless it is declared to take one as its text:
    /// ids and labels (`id = 1` is `"1"`, as networkx's integer nodes). Lua's own coercion lets nothing through:
    /// the table is read as given, its number left a number.
    func testANumberIsNoStringUnlessTheOptionTakesOne() {
        let refused: [(String, String)] = [
            ("fl.svg.plot(tmp .. '/p.svg', {series = {{y = {1, 2}, colour = 5}}})",
             "test:1: bad argument #2 to 'fl.svg.plot' (field 'colour': string expected, got number)"),
            ("fl.svg.plot(tmp .. '/p.svg', {series = {{y = {1, 2}, color = 5}}})",
             "test:1: bad argument #2 to 'fl.svg.plot' (field 'color': string expected, got number)"),
            ("local g = fl.graph.new(); g:addNode{id = 'a'}; fl.svg.graph(g, tmp .. '/g.svg', {background = 0})",
             "test:1: bad argument #3 to 'fl.svg.graph' (field 'background': string expected, got number)"),
            ("local g = fl.graph.new(); g:addNode{id = 'a', type = 1}",
             "test:1: bad argument #1 to 'g:addNode' (field 'type': string expected, got number)"),
            ("local g = fl.graph.new(); g:addNode{id = true}",
             "test:1: bad argument #1 to 'g:addNode' (field 'id': string or number expected, got boolean)"),
            ("local g = fl.graph.generate('grid', {rows = 2, columns = 2}); fl.graph.components(g, {field = 2})",
             "test:1: bad argument #2 to 'fl.graph.components' (field 'field': string expected, got number)"),
        ]
        assertRefused(refused)
        run("""
            local g = fl.graph.new()
            g:addNode{id = 1, label = 10}; g:addNode{id = 2.5, parent = 1}
            local e = g:addEdge{source = 1, target = 2.5, id = 7, label = 3}
            assert(g:node('1').label == '10' and g:node('2.5').parent == '1')
            assert(e.id == '7' and e.source == '1' and e.target == '2.5' and e.label == '3')
            local t = {id = 3}
            g:addNode(t)
            assert(math.type(t.id) == 'integer', 'the table given keeps its number')
            """)
    }

    /// NaN, and an infinity where a finite number is wanted, are named plainly: what the option takes, and `nan`
    /// or `inf` as given.
    func testNaNAndInfinitiesAreToldPlainly() {
        let refused: [(String, String)] = [
            ("fl.graph.new():addNode{id = 'a', x = 0/0}", "(field 'x': a number, inf or -inf expected, got nan)"),
            ("fl.graph.new():addNode{id = 'a', width = 0/0}", "(field 'width': a number, inf or -inf expected, got nan)"),
            ("fl.force.manyBody{theta = math.huge}", "(field 'theta': a finite number ≥ 0 expected, got inf)"),
            ("fl.force.manyBody{theta = -1}", "(field 'theta': a number ≥ 0 expected, got -1)"),
            ("fl.force.manyBody{strength = 0/0}", "(field 'strength': a finite number expected, got nan)"),
            ("fl.simulation(fl.graph.new(), {alphaDecay = 0/0})", "(field 'alphaDecay': a number from 0 to 1 expected, got nan)"),
        ]
        assertRefused(refused)
        run("local g = fl.graph.new(); g:addNode{id = 'a', x = math.huge, fy = -math.huge}; assert(g:node('a').x == math.huge)")
    }

    /// A node's or edge's field set by assignment takes the kinds its record takes: a label or a parent a number as
    /// its text, a type no number, a coordinate no numeric string, a flag only a boolean (nil: false).
    func testAFieldSetByAssignmentTakesWhatItsRecordTakes() {
        let graph = "local g = fl.graph.new(); local a = g:addNode{id = 'a'}; g:addNode{id = '1'}; local e = g:addEdge{source = 'a', target = 'a'}; "
        assertRefused([
            (graph + "a.type = 5", "field 'type': string expected, got number"),
            (graph + "e.type = 5", "field 'type': string expected, got number"),
            (graph + "a.label = {}", "field 'label': string or number expected, got table"),
            (graph + "a.x = '12'", "field 'x': number expected, got string"),
            (graph + "a.selected = 'no'", "field 'selected': boolean expected, got string"),
            (graph + "e.deletable = 0", "field 'deletable': boolean expected, got number"),
        ])
        run(graph + """
            a.label = 7; e.label = 8; a.hidden = true; a.hidden = nil
            local b = g:addNode{id = 'b'}; b.parent = 1
            assert(a.label == '7' and e.label == '8' and a.hidden == false and b.parent == '1')
            """)
    }
}
