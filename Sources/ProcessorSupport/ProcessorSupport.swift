import Foundation

/// Which x86-64 processor features a release build's engine may need, and whether this processor has them: a binary
/// built on a machine with AVX2 and FMA would crash on one without them, so it says so at start-up instead.
public enum ProcessorSupport {
    /// The features a release build's engine uses when the building machine has them all (Package.swift's
    /// `engineFeatures`, as /proc/cpuinfo names them).
    public static let engineFeatures = [
        "avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "abm", "popcnt", "pni", "ssse3", "sse4_1", "sse4_2",
        "lahf_lm",
    ]

    /// The features of `required` that the "flags" line of `cpuinfo` (the text of /proc/cpuinfo) does not list;
    /// none when the text has no such line (nothing to go by).
    public static func missing(_ required: [String], cpuinfo: String) -> [String] {
        guard let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
        let present = Set(line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" }).map(String.init))
        return required.filter { !present.contains($0) }
    }

    /// The message for a binary whose engine needs `engineFeatures` on a processor that lacks `missing`, or nil
    /// when nothing is missing.
    public static func refusal(program: String, missing: [String]) -> String? {
        guard !missing.isEmpty else { return nil }
        return "\(program): this build's engine uses the processor features \(engineFeatures.joined(separator: " ")),"
            + " which the machine that built it has; this processor lacks \(missing.joined(separator: " ")). Build"
            + " \(program) on this machine, or anywhere with FORCELAB_NATIVE=0 for any x86-64 processor"
            + " (docs/scale.md)."
    }

    /// `refusal` for this processor (from /proc/cpuinfo; nil when it cannot be read).
    public static func refusalHere(program: String) -> String? {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        return refusal(program: program, missing: missing(engineFeatures, cpuinfo: cpuinfo))
    }
}
