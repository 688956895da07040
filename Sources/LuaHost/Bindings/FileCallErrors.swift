import DataTables
import GraphModel

/// Words a file reader's or writer's error with the call that met it, `fl.graph.load: g.json:2: ...`, as option
/// errors name their function, so a script's reader sees which call failed as well as where in which file.
enum FileCallErrors {
    /// Runs `operation`, a graph file's, data table's or atomic write's error or a sandbox's refusal rethrown after
    /// `function: `.
    static func naming<Result>(_ function: String, _ operation: () throws -> Result) throws -> Result {
        do {
            return try operation()
        } catch let error as GraphFileError {
            throw LuaError("\(function): \(error)")
        } catch let error as DataTableError {
            throw LuaError("\(function): \(error)")
        } catch let error as AtomicFile.WriteError {
            throw LuaError("\(function): \(error)")
        } catch let refusal as FileAccess.Refusal {
            throw LuaError("\(function): \(refusal)")
        }
    }
}
