import CLuaShim
import GraphModel

/// A Swift function exposed to Lua. It never raises: it returns a result count or an error code for the C trampoline.
public typealias LuaFunction = @convention(c) (OpaquePointer?) -> Int32

/// Runs binding bodies so that every Swift error becomes a Lua error raised by the C trampoline after the Swift frame is gone.
public enum LuaBinding {
    /// Runs `body` for the API function running (or one outside the API, named `undeclared`) under the state's file-access rules and memory limit, then the Lua
    /// handlers of the graph events it caused (so they run after every binding that edits a graph, and never inside
    /// one); a thrown error is pushed and handed to the trampoline.
    public static func run(_ L: OpaquePointer?, undeclared name: String? = nil, _ body: (LuaArguments) throws -> Int32) -> Int32 {
        guard let L else { return 0 }
        fl_enter_swift(L)
        defer { fl_leave_swift(L) }
        let arguments = LuaArguments(L, function: name)
        do {
            let context = LuaContext.of(L)
            // Each is bound only where it limits anything: most calls run under open rules and no memory limit.
            func call() throws -> Int32 { try body(arguments) }
            func underRules() throws -> Int32 {
                try context.fileRules.areOpen ? call() : FileAccess.$inForce.withValue(context.fileRules, operation: call)
            }
            let results = try context.memoryCeiling == nil ? underRules()
                : MemoryRequest.$ceiling.withValue(context.memoryCeiling, operation: underRules)
            let top = lua_gettop(L)
            try context.deliverEvents(L)
            lua_settop(L, top)
            return results
        } catch let error as LuaError where error.isLocated {
            LuaValues.push(L, error.message)
            return FL_RAISE
        } catch let refusal as MemoryRequest.Refusal {
            LuaValues.push(L, "\(arguments.function): \(refusal)")
            return FL_RAISE_WHERE
        } catch let refusal as GraphError {
            // A graph's refusal (a duplicate id, a missing node) names the method refused as the docs write it
            // (`g:addEdge`); a module function's reads as before.
            let function = arguments.function
            LuaValues.push(L, (LuaAPI.isMethod(function) ? "\(function): " : "") + refusal.message)
            return FL_RAISE_WHERE
        } catch {
            LuaValues.push(L, String(describing: error))
            return FL_RAISE_WHERE
        }
    }

    /// Pushes a Swift function as a Lua function (optionally with `upvalues` values from the top of the stack).
    public static func push(_ L: OpaquePointer, _ function: LuaFunction, upvalues: Int32 = 0) {
        fl_pushbinding(L, function, upvalues)
    }

    /// Sets `table[name] = function` for the table at `tableIndex`.
    public static func set(_ L: OpaquePointer, table tableIndex: Int32, _ name: String, _ function: LuaFunction) {
        let table = lua_absindex(L, tableIndex)
        fl_pushbinding(L, function, 0)
        lua_setfield(L, table, name)
    }
}

