import LuaHost

extension LuaState {
    /// Runs `code` and returns its error message, or nil when it ran (tests of several states side by side).
    func failure(_ code: String) -> String? {
        do {
            try run(code, name: "=test")
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
