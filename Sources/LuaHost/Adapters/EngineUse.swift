import ForceSimulation
import Foundation

/// The engine settings the simulations of this process were made or set with, for records of what ran: a sweep
/// takes them after each case (`forcelab sweep` records `engine`).
public enum EngineUse {
    /// One setting: the mode ("exact" or "fast") and the thread count.
    public struct Setting: Hashable, Sendable {
        /// "exact" or "fast".
        public let mode: String
        /// Threads the forces may use.
        public let threads: Int
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var settings: [Setting] = []

    /// Notes the settings of a simulation just made, or just set.
    static func note(_ engine: Simulation) {
        let setting = Setting(mode: engine.mode == .fast ? "fast" : "exact", threads: engine.threads)
        lock.withLock { if !settings.contains(setting) { settings.append(setting) } }
    }

    /// The distinct settings noted since the last call, in first-use order, and forgets them.
    public static func take() -> [Setting] {
        lock.withLock {
            defer { settings = [] }
            return settings
        }
    }
}
