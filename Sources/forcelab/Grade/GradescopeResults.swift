import Foundation
import GraphModel

/// Gradescope's autograder results (`results.json`) for one submission, as `forcelab grade --gradescope FILE`
/// writes them: the score, a test per check (its name, score, max_score, status and output, visible to the student)
/// and the whole report as the output. A submission that failed before the checks judged earns nothing, each
/// check's output saying why.
struct GradescopeResults: Encodable {
    /// One check as a Gradescope test.
    struct Test: Encodable {
        let name: String
        let score: Double
        let max_score: Double
        let status: String
        let output: String
        let visibility = "visible"
    }

    let score: Double
    let output: String
    let stdout_visibility = "visible"
    let tests: [Test]

    /// The results of checks scored `scores`, with `report` as the output; `failure` when grading stopped before the
    /// checks (an error or a limit).
    init(scores: [GradeCheck.Score], report: String, failure: String?) {
        tests = scores.map { check in
            Test(name: check.name, score: check.earned, max_score: check.points, status: check.earned >= check.points && failure == nil ? "passed" : "failed",
                 output: failure.map { "not judged: \($0)" } ?? check.output)
        }
        score = tests.map(\.score).reduce(0, +)
        output = report
    }

    /// Writes the results to `path` (atomically).
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw GradeError.exercise("--gradescope: cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}
