import Foundation

/// How many processors this process may run on: the ones its CPU affinity allows, which is what a batch system's
/// allocation (Slurm's cgroup cpuset, `--cpus-per-task`) or `taskset` leaves it, rather than every core of the machine.
public enum UsableCores {
    /// The processors in this process's affinity mask (`Cpus_allowed` in /proc/self/status); the machine's active
    /// processors when there is no such mask to read.
    public static func count() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return allowed(status: status) ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// The processors a /proc/PID/status text's `Cpus_allowed` mask (hexadecimal words separated by commas) allows,
    /// or nil when the text has no readable mask or it allows none.
    public static func allowed(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let mask = line.dropFirst("Cpus_allowed:".count).trimmingCharacters(in: .whitespaces)
        var count = 0
        for digit in mask where digit != "," {
            guard let value = digit.hexDigitValue else { return nil }
            count += value.nonzeroBitCount
        }
        return count > 0 ? count : nil
    }
}
