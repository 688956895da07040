import XCTest

/// What the one reader refuses that it once let through without a word: keys beside a list's elements, a field given
/// by both its names, a number where text is wanted, NaN and infinities where they have no meaning.
final class OptionRefusalTests: LuaTestCase {
    /// The first line of the error `code` raises (the traceback follows it).
    private func firstLine(_ code: String) -> String {
        String(error(code).split(separator: "\n").first ?? "")
    }

    /// Every list a function takes holds its elements and nothing else: a named key, or a place past the list's end,
    /// is refused, naming the list and the key.
    func testAKeyBesideAListsElementsIsRefused() {
        let refused: [(String, String)] = [
            ("fl.graph.new():addNode{id = 'a', handles = {{id = 'h', type = 'source'}, foo = 1}}",
             "test:1: bad argument #1 to 'addNode' (field 'handles': key 'foo' is not part of the list)"),
            ("local g = fl.graph.new(); g:addNode{id = 'a'}; g:deleteElements{nodes = {'a', foo = 1}}",
             "test:1: bad argument #1 to 'deleteElements' (field 'nodes': key 'foo' is not part of the list)"),
            ("local g = fl.graph.new(); g:addNode{id = 'a'}; g:applyNodeChanges{{type = 'select', id = 'a', selected = true}, all = true}",
             "test:1: bad argument #1 to 'applyNodeChanges' (key 'all' is not part of the list)"),
            ("local g = fl.graph.new(); g:applyEdgeChanges{[3] = {type = 'remove', id = 'e'}}",
             "test:1: bad argument #1 to 'applyEdgeChanges' (key '[3]' is not part of the list)"),
            ("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}}, extra = {values = {3, 2, 1}}}})",
             "test:1: bad argument #2 to 'radar' (field 'series': key 'extra' is not part of the list)"),
            ("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c', d = 'd'}, series = {{values = {1, 2, 3}}}})",
             "test:1: bad argument #2 to 'radar' (field 'axes': key 'd' is not part of the list)"),
            ("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3, x = 4}}}})",
             "test:1: bad argument #2 to 'radar' (field 'values': key 'x' is not part of the list)"),
            ("fl.svg.plot(tmp .. '/p.svg', {series = {{y = {1, 2}}, {y = {2, 1}}, n = 2}})",
             "test:1: bad argument #2 to 'plot' (field 'series': key 'n' is not part of the list)"),
            ("fl.data.write(tmp .. '/d.csv', {{a = 1}, {a = 2}, n = 2})",
             "test:1: bad argument #2 to 'write' (key 'n' is not part of the list)"),
            ("fl.force.link{edges = {'e1', more = 3}}",
             "test:1: bad argument #1 to 'link' (field 'edges': key 'more' is not part of the list)"),
        ]
        for (script, message) in refused {
            XCTAssertEqual(firstLine(script), message, script)
        }
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
                       "test:1: bad argument #2 to 'plot' (field 'colour' and field 'color' name one setting: give one of them)")
        XCTAssertEqual(firstLine("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}, color = 'red', colour = 'blue'}}})"),
                       "test:1: bad argument #2 to 'radar' (field 'colour' and field 'color' name one setting: give one of them)")
        XCTAssertEqual(firstLine("local g = fl.graph.new(); g:addNode{id = 'p'}; g:addNode{id = 'c', parent = 'p', parentId = 'q'}"),
                       "test:1: bad argument #1 to 'addNode' (field 'parent' and field 'parentId' name one setting: give one of them)")
        run("""
            local g = fl.graph.new()
            g:addNode{id = 'p'}; g:addNode{id = 'c', parentId = 'p'}; g:addNode{id = 'd', parent = 'p'}
            assert(g:node('c').parent == 'p' and g:node('d').parent == 'p')
            """)
    }
}
