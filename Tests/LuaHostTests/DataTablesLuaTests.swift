import XCTest

final class DataTablesLuaTests: LuaTestCase {
    func testRowsReadBackEqualInEveryFormat() {
        run("""
            local rows = {
              {graph = "tree", charge = -30, stress = 0.1 + 0.2, converged = true},
              {graph = "12", charge = 1e-7, note = "a, \\"b\\"\\tc\\nd"},
              {graph = "", converged = false},
            }
            for _, ext in ipairs{"csv", "tsv", "jsonl"} do
              local path = tmp .. "/rows." .. ext
              assert(fl.data.write(path, rows) == path)
              local back, columns = fl.data.read(path)
              assert(table.concat(columns, " ") == "charge converged graph note stress", ext .. ": " .. table.concat(columns, " "))
              assert(#back == #rows)
              for i, row in ipairs(rows) do
                for k, v in pairs(row) do assert(back[i][k] == v, ext .. " row " .. i .. " " .. k) end
                for k, v in pairs(back[i]) do assert(row[k] == v, ext .. " row " .. i .. " " .. k) end
              end
            end
            fl.data.write(tmp .. "/ordered.txt", rows, {format = "csv", columns = {"stress", "graph", "charge", "converged", "note"}})
            local _, columns = fl.data.read(tmp .. "/ordered.txt", {format = "csv"})
            assert(columns[1] == "stress" and columns[2] == "graph")
            """)
    }

    func testErrors() {
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{x = {}}})"),
                       "test:1: bad argument #2 to 'fl.data.write' (row 1, field 'x': a number, string or boolean expected)")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{x = 1}, 5})"),
                       "test:1: bad argument #2 to 'fl.data.write' (row 2: a table expected, got number)")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{1, 2}})"),
                       "test:1: bad argument #2 to 'fl.data.write' (row 1: a table of named fields expected)")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.xls', {{x = 1}})"),
                       "test:1: bad argument #3 to 'fl.data.write' (cannot tell the table format of '\(folder!)/a.xls' from its extension (.csv, .tsv, .jsonl); give format)")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{x = 1}}, {fromat = 'csv'})"),
                       "test:1: fl.data.write: unknown option 'fromat' (did you mean 'format'?)")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{x = 1, y = 2}}, {columns = {'x'}})"),
                       "test:1: fl.data.write: cannot write '\(folder!)/a.csv': row 1 has a column 'y' that is not among the columns (x)")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{x = 0/0}})"),
                       "test:1: fl.data.write: cannot write '\(folder!)/a.csv': row 1, column 'x': nan is not a finite number")
        XCTAssertEqual(firstLine("fl.data.write(tmp .. '/a.csv', {{x = 1 << 53}, {x = (1 << 53) + 1}})"),
                       "test:1: bad argument #2 to 'fl.data.write' (row 2, field 'x': the integer 9007199254740993 has more digits than a table number holds exactly)")
        XCTAssertEqual(firstLine("fl.data.read(tmp .. '/none.csv')"), "test:1: fl.data.read: cannot read '\(folder!)/none.csv': No such file or directory")
        XCTAssertEqual(firstLine("fl.data.read(tmp .. '/a.csv', {format = 'xml'})"),
                       "test:1: bad argument #2 to 'fl.data.read' (field 'format': unknown value 'xml' (csv, tsv, jsonl))")
    }

    /// A data table's and a graph file's errors give their place one way, `file:line[:column]: `, as compilers do.
    func testDataAndGraphFilesGiveTheirErrorsPlaceOneWay() throws {
        try "a,b\n1,2,3\n".write(toFile: folder + "/x.csv", atomically: true, encoding: .utf8)
        try "{\"a\": 1}\n{\"a\": 1,}\n".write(toFile: folder + "/x.jsonl", atomically: true, encoding: .utf8)
        try "graph [\n  node [ id 1 ]\n  edge [ source 1 target 9 ]\n]\n".write(toFile: folder + "/x.gml", atomically: true, encoding: .utf8)
        try "{\"nodes\": [\n  {\"id\": 1},,\n]}".write(toFile: folder + "/x.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(firstLine("fl.data.read(tmp .. '/x.csv')"),
                       "test:1: fl.data.read: \(folder!)/x.csv:2: 3 fields, but the header names 2 columns")
        XCTAssertEqual(firstLine("fl.data.read(tmp .. '/x.jsonl')"),
                       "test:1: fl.data.read: \(folder!)/x.jsonl:2:9: a key in double quotes expected")
        XCTAssertEqual(firstLine("fl.graph.load(tmp .. '/x.gml')"),
                       "test:1: fl.graph.load: \(folder!)/x.gml:3: edge target 9: no node has that id")
        XCTAssertTrue(firstLine("fl.graph.load(tmp .. '/x.json')").hasPrefix("test:1: fl.graph.load: \(folder!)/x.json:2:"))
    }

    private func firstLine(_ code: String, line: UInt = #line) -> String {
        String(error(code, line: line).split(separator: "\n").first ?? "")
    }

    func testClockIsWallTime() {
        run("""
            local start = fl.clock()
            repeat until fl.clock() - start > 0.05
            local elapsed = fl.clock() - start
            assert(elapsed >= 0.05 and elapsed < 5, elapsed)
            """)
    }
}
