import CLuaShim
import LuaHost

extension LuaState {
    /// Sets the global `fl` to the forcelab module, as the docs name it, in every state the command runs code in
    /// (scripts, the REPL, sweep specs).
    func setModuleGlobal() throws {
        guard fl_getglobal_protected(L, "forcelab") == LUA_OK, fl_setglobal_protected(L, "fl") == LUA_OK else {
            throw popError()
        }
    }
}
