import CLuaShim
import DataTables
import GraphModel

/// The Lua face of data tables and the wall clock: `fl.data.write`, `fl.data.read` and `fl.clock`.
enum DataTableBindings {
    /// `fl.data.write`, `fl.data.read` and `fl.clock`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("data.write", write, "(path: string, rows: table[], options?: table): string", "writes rows as a CSV, TSV or JSON Lines file and returns the path", options: [DataTableOptions.write]),
        .init("data.read", read, "(path: string, options?: table): table[], string[]", "the rows of a CSV, TSV or JSON Lines file and its column names", options: [DataTableOptions.read]),
        .init("clock", clock, "(): number", "monotonic wall time in seconds"),
    ]

    /// The format `settings` give, else the one of the path's extension (an error of argument `n` when neither says).
    private static func format(_ settings: DataTableFile.Settings, path: String, _ arguments: LuaArguments, _ n: Int32) throws -> DataTableFormat {
        do {
            return try DataTableFormat.choose(settings.format, path: path)
        } catch let error as DataTableError {
            throw arguments.error(n, error.description)
        }
    }

    /// `fl.data.write(path, rows [, {format =, columns =}])`: writes an array of rows (tables of numbers, strings and
    /// booleans) as CSV, TSV or JSON Lines; columns are sorted by name unless given. Returns the path.
    static let write: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let path = try arguments.path(1)
            let rows = try LuaTableReader(arguments, 2).elements(of: nil) { type, position -> [String: DataCell] in
                guard type == LUA_TTABLE else {
                    throw arguments.error(2, "row \(position): a table expected, got \(LuaValues.typeName(arguments.L, -1))")
                }
                try checkExactIntegers(arguments, row: position)
                return try cells(try LuaValues.data(arguments.L, -1), row: position, arguments: arguments)
            }
            let settings = try DataTableOptions.writing.read(arguments, 3)
            let format = try format(settings, path: path, arguments, 3)
            try FileCallErrors.naming("fl.data.write") { try DataTableFile.write(DataTable(rows: rows, columns: settings.columns), to: path, format: format) }
            return arguments.returningFirst()
        }
    }

    /// Refuses an integer in the row on top of the stack that a table number (a double) cannot hold exactly.
    private static func checkExactIntegers(_ arguments: LuaArguments, row: Int) throws {
        if let (name, value) = LuaTableNumbers.inexactInteger(arguments.L, table: lua_gettop(arguments.L)) {
            throw arguments.error(2, "row \(row), field '\(name)': the integer \(value) has more digits than a table number holds exactly")
        }
    }

    /// A row's cells; anything but a number, a string or a boolean under a string key is refused.
    private static func cells(_ value: DataValue, row: Int, arguments: LuaArguments) throws -> [String: DataCell] {
        switch value {
        case .array(let items) where items.isEmpty: return [:]
        case .object(let fields):
            var cells: [String: DataCell] = [:]
            for (name, field) in fields {
                switch field {
                case .number(let number): cells[name] = .number(number)
                case .integer(let integer): cells[name] = .number(Double(integer))
                case .string(let text): cells[name] = .string(text)
                case .bool(let flag): cells[name] = .bool(flag)
                default: throw arguments.error(2, "row \(row), field '\(name)': a number, string or boolean expected")
                }
            }
            return cells
        default: throw arguments.error(2, "row \(row): a table of named fields expected")
        }
    }

    /// `fl.data.read(path [, {format =}])`: the rows of a CSV, TSV or JSON Lines table and its column names.
    static let read: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let path = try arguments.path(1)
            let settings = try DataTableOptions.reading.read(arguments, 2)
            let chosen = try format(settings, path: path, arguments, 2)
            let table = try FileCallErrors.naming("fl.data.read") { try DataTableFile.read(path, format: chosen, check: LuaLimits.checker(arguments.L)) }
            LuaValues.push(arguments.L, DataValue.array(table.rows.map { row in
                DataValue.object(row.mapValues { cell in
                    switch cell {
                    case .number(let number): return .number(number)
                    case .string(let text): return .string(text)
                    case .bool(let flag): return .bool(flag)
                    }
                })
            }))
            LuaValues.push(arguments.L, DataValue.array(table.columns.map(DataValue.string)))
            return 2
        }
    }

    /// `fl.clock()`: monotonic wall time in seconds, for timing runs.
    static let clock: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            lua_pushnumber(arguments.L, MonotonicClock.seconds())
            return 1
        }
    }
}

/// Numbers of a Lua table as tables and records hold them: as doubles.
public enum LuaTableNumbers {
    /// The first field of the table at `table` holding an integer beyond 2^53, which a double would round, with its
    /// key as text; nil when there is none. The stack is left as it was.
    public static func inexactInteger(_ L: OpaquePointer, table: Int32) -> (key: String, value: Int64)? {
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { fl_pop(L, 1) }
            guard lua_isinteger(L, -1) != 0 else { continue }
            let value = lua_tointegerx(L, -1, nil)
            guard value.magnitude > 1 << 53 else { continue }
            let key = LuaValues.describe(L, -2)
            fl_pop(L, 1)
            return (key, value)
        }
        return nil
    }
}
