/// Charges a long loop's work (one unit per node, edge, line or element it handles) to a caller's check, such as a
/// time or work limit, calling the check once every `stride` units so that it costs next to nothing per unit.
public final class WorkMeter {
    /// How many units gather between two calls of the check.
    public static let stride = 4096
    /// The caller's check, given the units done since its last call; it may throw to stop the loop.
    private let check: (Int) throws -> Void
    /// Units done since the check was last called.
    private var pending = 0
    /// Whether the check has thrown (the loop was stopped, not failed by what it read).
    public private(set) var hasStopped = false

    /// A meter calling `check` (by default, one that never stops anything).
    public init(_ check: @escaping (Int) throws -> Void = { _ in }) {
        self.check = check
    }

    /// Counts `units` of work done; calls the check once `stride` units have gathered.
    @inline(__always)
    public func charge(_ units: Int = 1) throws {
        pending += units
        if pending >= Self.stride { try flush() }
    }

    /// Calls the check with the units not yet given to it.
    public func flush() throws {
        guard pending > 0 else { return }
        let units = pending
        pending = 0
        do {
            try check(units)
        } catch {
            hasStopped = true
            throw error
        }
    }
}
