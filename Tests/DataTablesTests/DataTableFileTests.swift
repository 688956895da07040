import DataTables
import Foundation
import XCTest

final class DataTableFileTests: XCTestCase {
    /// A table with every kind of cell, strings that look like numbers or booleans, separators, quotes,
    /// line breaks, non-ASCII text and missing cells.
    private let awkward = DataTable(rows: [
        ["graph": .string("tree"), "charge": .number(-30), "stress": .number(0.1 + 0.2), "converged": .bool(true)],
        ["graph": .string("12"), "charge": .number(1e-7), "stress": .number(1.5e300), "converged": .bool(false)],
        ["graph": .string("true"), "charge": .number(-0.0), "note": .string("a, \"quoted\"\tword\nnext line")],
        ["graph": .string(""), "note": .string(" café ✓ ")],
        ["graph": .string("1e5"), "note": .string("-"), "converged": .bool(true)],
    ], columns: ["graph", "charge", "stress", "converged", "note"])

    private func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("datatables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testEveryFormatReadsBackEqual() throws {
        let folder = try temporaryFolder()
        for format in DataTableFormat.allCases {
            let path = "\(folder)/table.\(format.rawValue)"
            try DataTableFile.write(awkward, to: path, format: format)
            let back = try DataTableFile.read(path, format: format)
            XCTAssertEqual(back.columns, awkward.columns, format.rawValue)
            XCTAssertEqual(back.rows, awkward.rows, format.rawValue)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
            XCTAssertEqual(leftovers, [], "the atomic write left a temporary file")
        }
    }

    func testTextIsStableAndReadable() throws {
        let table = DataTable(rows: [["b": .number(2), "a": .string("x,y")], ["a": .string("7"), "c": .bool(true)]])
        XCTAssertEqual(table.columns, ["a", "b", "c"], "columns default to sorted names")
        XCTAssertEqual(try DataTableFile.text(table, format: .csv), "a,b,c\n\"x,y\",2,\n\"7\",,true\n")
        XCTAssertEqual(try DataTableFile.text(table, format: .tsv), "a\tb\tc\nx,y\t2\t\n\"7\"\t\ttrue\n")
        XCTAssertEqual(try DataTableFile.text(table, format: .jsonl), "{\"a\":\"x,y\",\"b\":2,\"c\":null}\n{\"a\":\"7\",\"b\":null,\"c\":true}\n")
    }

    func testForeignFilesRead() throws {
        let csv = try DataTableFile.table("name,value\r\nalpha,0.5\r\n\"multi\nline\",-3e2\r\n\r\n", format: .csv)
        XCTAssertEqual(csv.rows, [["name": .string("alpha"), "value": .number(0.5)],
                                  ["name": .string("multi\nline"), "value": .number(-300)]])
        XCTAssertEqual(try DataTableFile.table("x\n0x10\nnan\ninf\n", format: .csv).rows.map { $0["x"] },
                       [.string("0x10"), .string("nan"), .string("inf")], "only decimals are numbers")
        let lines = try DataTableFile.table("{\"b\":1,\"a\":null}\n\n{\"a\":\"\\u00e9\\ud83d\\ude00\"}\n", format: .jsonl)
        XCTAssertEqual(lines.columns, ["b", "a"])
        XCTAssertEqual(lines.rows, [["b": .number(1)], ["a": .string("é😀")]])
    }

    func testErrorsNameThePlace() throws {
        let folder = try temporaryFolder()
        func failure(_ text: String, _ format: DataTableFormat) -> String {
            let path = "\(folder)/bad.\(format.rawValue)"
            FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            do {
                _ = try DataTableFile.read(path, format: format)
                return "no error"
            } catch {
                return "\(error)".replacingOccurrences(of: folder, with: "F")
            }
        }
        XCTAssertEqual(failure("a,b\n1,2\n3\n", .csv), "F/bad.csv:3: 1 fields, but the header names 2 columns")
        XCTAssertEqual(failure("a,a\n", .csv), "F/bad.csv:1: column 'a' is named twice")
        XCTAssertEqual(failure("a\n\"open\n", .csv), "F/bad.csv:2: a quoted field is not closed")
        XCTAssertEqual(failure("a\nx\"y\n", .csv), "F/bad.csv:2: a quote inside a field must be doubled and the field quoted")
        XCTAssertEqual(failure("{\"a\":1}\n{\"a\":[1]}\n", .jsonl), "F/bad.jsonl:2: key 'a': a table cell must be a number, a string or a boolean")
        XCTAssertEqual(failure("{\"a\":1,}\n", .jsonl), "F/bad.jsonl:1:8: a key in double quotes expected")
        XCTAssertEqual(failure("[1]\n", .jsonl), "F/bad.jsonl:1: a JSON object expected")
        XCTAssertEqual(failure("{\"a\":1e999}\n", .jsonl), "F/bad.jsonl:1:6: '1e999' is not a finite number")
        FileManager.default.createFile(atPath: "\(folder)/bom.csv", contents: Data("\u{FEFF}name\nx\n".utf8))
        XCTAssertEqual(try DataTableFile.read("\(folder)/bom.csv", format: .csv).columns, ["name"], "a byte order mark is not part of the first name")
        XCTAssertThrowsError(try DataTableFile.read("\(folder)/missing.csv", format: .csv)) {
            XCTAssertEqual("\($0)".replacingOccurrences(of: folder, with: "F"), "cannot read 'F/missing.csv': No such file or directory")
        }
        let infinite = DataTable(rows: [["x": .number(.infinity)]])
        XCTAssertThrowsError(try DataTableFile.write(infinite, to: "\(folder)/inf.csv", format: .csv)) {
            XCTAssertEqual("\($0)".replacingOccurrences(of: folder, with: "F"), "cannot write 'F/inf.csv': row 1, column 'x': inf is not a finite number")
        }
        let stray = DataTable(rows: [["x": .number(1), "y": .number(2)]], columns: ["x"])
        XCTAssertThrowsError(try DataTableFile.text(stray, format: .csv)) {
            XCTAssertEqual("\($0)", "row 1 has a column 'y' that is not among the columns (x)")
        }
        XCTAssertThrowsError(try DataTableFormat.choose(nil, path: "a.txt")) {
            XCTAssertEqual("\($0)", "cannot tell the table format of 'a.txt' from its extension (.csv, .tsv, .jsonl); give format")
        }
        XCTAssertEqual(try DataTableFormat.choose(.tsv, path: "a.csv"), .tsv)
    }

    func testJSONValuesKeepKeyOrderAndRoundTrip() throws {
        let value = JSONValue.object([JSONField("z", .number(0.1)), JSONField("a", .array([.bool(true), .null, .string("\u{1}\"")]))])
        XCTAssertEqual(value.text, "{\"z\":0.1,\"a\":[true,null,\"\\u0001\\\"\"]}")
        XCTAssertEqual(try JSONValue.parse(Substring(value.text)), value)
        XCTAssertEqual(value["z"], .number(0.1))
    }

    func testClockMovesForward() {
        let start = MonotonicClock.seconds()
        usleep(20_000)
        let elapsed = MonotonicClock.seconds() - start
        XCTAssertGreaterThanOrEqual(elapsed, 0.02)
        XCTAssertLessThan(elapsed, 5)
    }
}
