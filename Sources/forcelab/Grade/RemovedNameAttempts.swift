import CLuaShim
import LuaHost

/// The uses of names the sandbox removed (`os.execute`, `io.popen`, `debug`, `string.dump`, ...) that a submission
/// tried, counted by the grader's driver (`GradeDriver.watchRemovedNames`) in a table the submission cannot reach:
/// such a try fails as a nil value the submission may catch, so without the count a hostile attempt would look like
/// an honest mistake.
struct RemovedNameAttempts {
    let lua: LuaState
    /// How the count of binary chunks the loaders refused is listed among the names (Lua's loaders count those).
    static let binaryChunk = "loading a binary chunk"
    /// The driver's table of counts by name.
    let table: LuaReference

    /// The counts by name, read before the state closes.
    func counts() -> [String: Int] {
        let L = lua.L
        table.push(L)
        defer { fl_pop(L, 1) }
        guard case .object(let fields)? = try? LuaValues.data(L, -1) else { return [:] }
        return fields.compactMapValues { $0.number.map { Int($0) } }
    }

    /// The report's lines for `counts`: the names tried and how often, or nothing.
    static func report(_ counts: [String: Int]) -> String {
        guard !counts.isEmpty else { return "" }
        let tried = counts.keys.sorted().map { "\($0) (\(counts[$0]!) time\(counts[$0]! == 1 ? "" : "s"))" }
        return "the submission tried what the sandbox removes: " + tried.joined(separator: ", ") + "\n"
    }
}
