import ForceSimulation

/// The engine settings one Lua state's simulations were made or set with, for records of what ran: a sweep takes
/// them after each case (`forcelab sweep` records `engine`). Each state keeps its own (`LuaState.engineUse`).
public final class EngineUse {
    /// One setting: the mode ("exact" or "fast") and the thread count.
    public struct Setting: Hashable, Sendable {
        /// "exact" or "fast".
        public let mode: String
        /// Threads the forces may use.
        public let threads: Int
    }

    private var settings: [Setting] = []

    /// Notes the settings of a simulation just made, or just set.
    func note(_ engine: Simulation) {
        let setting = Setting(mode: engine.mode == .fast ? "fast" : "exact", threads: engine.threads)
        if !settings.contains(setting) { settings.append(setting) }
    }

    /// The distinct settings noted since the last call, in first-use order, and forgets them.
    public func take() -> [Setting] {
        defer { settings = [] }
        return settings
    }
}
