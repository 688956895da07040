import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Large allocations whose size is known before they are made (a distance matrix, the pivots' rows, a generated
/// graph): each is checked against the room the process has, the least of what the host's memory limit leaves, what
/// the address-space limit (`ulimit -v`) leaves and what the machine has available, and refused with an error when
/// it does not fit, rather than made and failed, which ends a Swift program with a signal.
public enum MemoryRequest {
    /// A request that does not fit: what it was for, its size and the room there was.
    public struct Refusal: Error, CustomStringConvertible {
        /// What the memory was for ("the all-pairs distances of 20000 nodes").
        public let purpose: String
        /// The bytes asked for.
        public let bytes: Int
        /// The bytes there were room for.
        public let room: Int
        /// Which bound left that room ("the memory limit", "the address-space limit (ulimit -v)", ...).
        public let bound: String

        /// `not enough memory: N bytes (X GiB) for PURPOSE, more than BOUND leaves (Y MiB)`.
        public var description: String {
            "not enough memory: \(bytes) bytes (\(Self.readable(bytes))) for \(purpose), more than \(bound) leaves (\(Self.readable(room)))"
        }

        /// A size in GiB with two decimals from 1 GiB up, else in MiB with one, so that a request and the room left
        /// compare at a glance at any size (not "0.02 GiB for ..., the limit leaves 0.02 GiB").
        static func readable(_ bytes: Int) -> String {
            let mebibytes = Double(bytes) / Double(1 << 20)
            return mebibytes >= 1024 ? String(format: "%.2f GiB", mebibytes / 1024) : String(format: "%.1f MiB", mebibytes)
        }
    }

    /// The resident size the process may reach under the memory limit in force for this call (nil: no limit): a
    /// task-local value a Lua state with `--max-memory` binds around each of its bindings, so states in one process
    /// keep their own.
    @TaskLocal public static var ceiling: Int?

    /// Throws a `Refusal` when `bytes` more would not fit in the room the process has now.
    public static func check(_ bytes: Int, for purpose: String) throws {
        if let (room, bound) = room(), bytes > room {
            throw Refusal(purpose: purpose, bytes: bytes, room: max(room, 0), bound: bound)
        }
    }

    /// `check` for `count` values of `type` (a count whose size overflows is refused too).
    public static func check<T>(_ count: Int, of type: T.Type, for purpose: String) throws {
        let (bytes, overflow) = max(count, 0).multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        try check(overflow ? Int.max : bytes, for: purpose)
    }

    /// The tightest room and the bound that sets it, or nil when nothing bounds the process.
    static func room() -> (Int, String)? {
        let (virtualSize, resident) = processSizes()
        var rooms: [(Int, String)] = []
        if let ceiling { rooms.append((ceiling - resident, "the memory limit")) }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int.max) {
            rooms.append((Int(limit.rlim_cur) - virtualSize, "the address-space limit (ulimit -v)"))
        }
        if let available = machineAvailable() { rooms.append((available, "the machine's available memory")) }
        return rooms.min { $0.0 < $1.0 }
    }

    /// The process's virtual and resident sizes in bytes (0 when /proc cannot tell).
    private static func processSizes() -> (Int, Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return (0, 0) }
        let fields = text.split(separator: " ").compactMap { Int($0) }
        let page = sysconf(Int32(_SC_PAGESIZE))
        guard fields.count >= 2 else { return (0, 0) }
        return (fields[0] * page, fields[1] * page)
    }

    /// The memory the machine can still give (MemAvailable and free swap), or nil when /proc cannot tell.
    private static func machineAvailable() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return nil }
        var total: Int?
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") || line.hasPrefix("SwapFree:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            total = (total ?? 0) + kilobytes * 1024
        }
        return total
    }
}
