import CLuaShim

/// The run's limits (time, instructions, memory) and Ctrl-C, for the host's own long loops: a binding hands
/// `check(L, cost:)` to a loop below it, which calls it once per step.
enum LuaLimits {
    /// Charges `cost` instructions (the nodes and edges a step visits) and throws the message of a limit reached or
    /// of a pending Ctrl-C ("interrupted!"); the run then ends as it does when Lua code reaches the limit.
    static func check(_ L: OpaquePointer, cost: Int) throws {
        guard let message = fl_limits_exceeded(L, Int64(clamping: cost)) else { return }
        throw LuaError(String(cString: message))
    }

    /// `check(L, cost:)` as the closure a loop below the bindings takes (a generator, a reader, a picture).
    static func checker(_ L: OpaquePointer) -> (Int) throws -> Void {
        { try check(L, cost: $0) }
    }
}
