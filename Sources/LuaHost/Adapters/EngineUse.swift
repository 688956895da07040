import ForceSimulation
import Foundation

/// The engine settings the simulations of one Lua state were made or set with, for records of what ran: a sweep
/// takes them from its spec's state after each case (`forcelab sweep` records `engine`).
public final class EngineUse {
    /// One setting: the mode ("exact" or "fast") and the thread count.
    public struct Setting: Hashable, Sendable {
        /// "exact" or "fast".
        public let mode: String
        /// Threads the forces may use.
        public let threads: Int
    }

    private var settings: [Setting] = []

    /// Notes the settings of a simulation of the state `L` belongs to, just made or just set.
    static func note(_ engine: Simulation, in L: OpaquePointer) {
        let setting = Setting(mode: engine.mode == .fast ? "fast" : "exact", threads: engine.threads)
        let use = LuaContext.of(L).engineUse
        if !use.settings.contains(setting) { use.settings.append(setting) }
    }

    /// The distinct settings noted since the last call, in first-use order, and forgets them.
    public func take() -> [Setting] {
        defer { settings = [] }
        return settings
    }
}
