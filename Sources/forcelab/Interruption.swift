import CLuaShim
import LuaHost

/// Ctrl-C handling while Lua runs: the signal only sets a flag and a hook, and the hook raises "interrupted!".
enum Interruption {
    /// Runs `body` with SIGINT turned into a Lua error in `lua`; the previous handler comes back afterwards.
    static func during<T>(_ lua: LuaState, _ body: () throws -> T) rethrows -> T {
        fl_set_interrupt_state(lua.L)
        fl_install_sigint()
        defer {
            fl_restore_sigint()
            fl_clear_interrupt(lua.L)
        }
        return try body()
    }
}
