import CLuaShim
import DataTables
import Foundation

/// The live sessions' turns between the session's own calls, for the loops that wait for input: the REPL while it
/// waits for a key, the notebook kernel between messages. Each turn runs as a binding does (protected, the state's
/// file rules in force), on the thread that owns the Lua state.
public enum LiveTurns {
    /// Whether state `L` serves live pages.
    public static func active(_ L: OpaquePointer) -> Bool {
        !LuaContext.of(L).liveSessions.isEmpty
    }

    /// The descriptors that read as ready when a page sent something.
    public static func descriptors(_ L: OpaquePointer) -> [Int32] {
        LuaContext.of(L).liveSessions.map(\.server.wakeupDescriptor)
    }

    /// Milliseconds until a session needs its next turn (0: now), or -1 while only a page can wake one.
    public static func timeout(_ L: OpaquePointer) -> Int32 {
        guard let next = LuaContext.of(L).liveSessions.compactMap(\.nextTurn).min() else { return -1 }
        return Int32(max(0, min(1000, (next - MonotonicClock.seconds()) * 1000).rounded(.up)))
    }

    /// Gives every session a turn; the error of one that failed (it is then paused, its pages told), or nil.
    public static func turn(_ L: OpaquePointer) -> String? {
        guard active(L) else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        LuaBinding.push(L, turnBinding)
        guard fl_pcall(L, 0, 0) != LUA_OK else { return nil }
        return LuaValues.describe(L, -1)
    }

    private static let turnBinding: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "fl.live") { arguments in
            var failures: [String] = []
            for session in LuaContext.of(arguments.L).liveSessions {
                do {
                    try session.simulation.running(in: arguments.L) { try session.turn(arguments.L) }
                } catch {
                    session.pauseAfter(error)
                    failures.append("fl.live: the live simulation is paused: \(error)")
                }
            }
            if !failures.isEmpty { throw LuaError(failures.joined(separator: "\n")) }
            return 0
        }
    }

    /// Waits until one of `descriptors` is readable, the time `until` (on `MonotonicClock`) comes, or `atMost`
    /// seconds pass.
    static func waitForInput(_ descriptors: [Int32], until deadline: Double?, atMost longest: Double) {
        var items = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let wait = min(longest, max(0, (deadline ?? .infinity) - MonotonicClock.seconds()))
        _ = poll(&items, nfds_t(items.count), Int32((wait * 1000).rounded(.up)))
    }
}
