import Foundation

/// The channel from a class's grading run to the class's grader: the run's Swift code writes its status and verdict
/// to the file named by the environment variable `variable`, in a folder the class's grader made for it alone. A
/// submission cannot write there (the sandbox lets it write only under `--out`, and it cannot read the environment),
/// so its verdict is never read back from a stream the submission can write.
enum VerdictFile {
    /// The environment variable naming the file.
    static let variable = "FORCELAB_GRADE_VERDICT"

    /// A run's status and verdict, and how many times the submission tried what the sandbox refuses (a removed
    /// function, a file outside its folders).
    struct Verdict: Codable, Equatable {
        let status: Int32
        let verdict: String
        let attempts: Int
        /// Each check's score (none earned when the submission failed before the checks).
        let scores: [GradeCheck.Score]
    }

    /// Writes `verdict` where the environment says, if it says.
    static func write(_ verdict: Verdict, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[variable], let data = try? JSONEncoder().encode(verdict) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The verdict written to `path`, or nil when the run wrote none (a limit or a signal ended it first).
    static func read(_ path: String) -> Verdict? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(Verdict.self, from: data)
    }
}
