import DataTables
import Foundation
import GraphModel

/// `forcelab grade exercise.lua a.lua b.lua ...`: grades a class's submissions, each by a `forcelab grade` of its own
/// (its own process, sandbox, limits and `--out` folder, so that no submission reaches another's files or state),
/// `--jobs` at a time. Each report goes to `OUT/NAME.txt`; a line per submission, in the order given, goes to standard
/// output as soon as it and those before it are graded; `OUT/summary.csv` tables them all.
final class ClassGrading {
    /// A graded submission.
    private struct Outcome {
        let status: Int32
        /// What its report ends with: the checks' summary, or the error or limit that stopped it.
        let verdict: String
    }

    /// A run's standard error, read on a thread of its own while its standard output is read (so that neither pipe
    /// fills while the other is waited on).
    private final class ErrorsRead: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }

    private let options: GradeOptions
    /// A name per submission, for its report and its folder.
    private let names: [String]
    /// The jobs' threads, each grading one submission at a time, which a signal stops.
    private let children = ChildJobs()
    /// Guards what follows.
    private let lock = NSLock()
    private var next = 0
    private var outcomes: [Outcome?]
    private var printed = 0

    /// Prepares the grading of `options.submissions`; a usage error when two would share a report's name.
    init(options: GradeOptions) throws {
        self.options = options
        names = try ClassGrading.names(of: options.submissions)
        outcomes = Array(repeating: nil, count: options.submissions.count)
    }

    /// Each submission's name: its file's name without `.lua` when those differ, else its folder's name
    /// (`submissions/alice/clusters.lua` is alice's).
    private static func names(of submissions: [String]) throws -> [String] {
        let files = submissions.map { URL(fileURLWithPath: $0) }
        let stems = files.map { $0.deletingPathExtension().lastPathComponent }
        if Set(stems).count == stems.count { return stems }
        let folders = files.map { $0.deletingLastPathComponent().lastPathComponent }
        guard Set(folders).count == folders.count else {
            let shared = Dictionary(grouping: submissions.indices, by: { folders[$0] }).first { $0.value.count > 1 }!
            throw CommandLineOptions.UsageError(message: "'\(submissions[shared.value[0]])' and '\(submissions[shared.value[1]])' "
                + "would share the report name '\(shared.key)': give each submission a file name or a folder of its own")
        }
        return folders
    }

    /// Grades every submission and returns the exit status: 0 when all pass, 2 when one was refused as a usage error
    /// or for an exercise that cannot be used (no further one starts), 1 otherwise, 128 + the signal when stopped.
    func run() -> Int32 {
        let count = options.submissions.count, jobs = min(options.jobs, count)
        print("grading \(count) submissions of \(options.exercise), \(jobs) at a time; reports in \(options.outputPath)/NAME.txt")
        children.run(jobs) { [self] in
            while let index = take() { finish(index, grade(index)) }
        }
        let signal = children.stoppedBy
        lock.lock()
        let graded = outcomes.compactMap { $0 }
        printReady(skipping: true)  // the submissions not graded, when the grading stopped early
        lock.unlock()
        let passed = graded.filter { $0.status == 0 }.count, stopped = graded.filter { $0.status == 3 }.count
        let refused = graded.filter { $0.status == 2 }.count, failed = graded.count - passed - stopped - refused
        do {
            try writeSummary()
        } catch {
            Diagnostics.write("forcelab grade: \(error)\n")
            return 1
        }
        var tally = "\(passed) pass, \(failed) fail, \(stopped) stopped by a limit"
        if refused > 0 { tally += ", \(refused) refused (status 2: see the report)" }
        print("\(graded.count) of \(count) graded: \(tally); the table is \(options.outputPath)/summary.csv")
        if let signal {
            Diagnostics.write("forcelab grade: \(signal == SIGINT ? "interrupted" : "stopped by SIGTERM"): \(graded.count) of \(count) graded\n")
            return 128 + signal
        }
        return refused > 0 ? 2 : passed == count ? 0 : 1
    }

    /// The next submission to grade, or nil when none is left or the grading must stop.
    private func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard children.stoppedBy == nil, next < outcomes.count, !outcomes.contains(where: { $0?.status == 2 }) else { return nil }
        next += 1
        return next - 1
    }

    /// Grades submission `index` in a `forcelab grade` of its own and writes its report; nil when a signal ended it.
    private func grade(_ index: Int) -> Outcome? {
        let folder = options.outputPath + "/" + names[index]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = ["grade", "--timeout", "\(options.timeout)", "--max-instructions", "\(options.maxInstructions)",
                             "--max-memory", "\(options.memoryLimit)", "--out", folder]
            + options.readableFolders.flatMap { ["--allow-read", $0] } + [options.exercise, options.submissions[index]]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let stderr = ErrorsRead()
        do {
            try process.run()
        } catch {
            return Outcome(status: 2, verdict: "forcelab grade: cannot start a grading run: \(error)")
        }
        children.started(process.processIdentifier)
        Thread { [errors] in
            stderr.data = errors.fileHandleForReading.readDataToEndOfFile()
            stderr.done.signal()
        }.start()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        stderr.done.wait()
        process.waitUntilExit()
        children.ended(process.processIdentifier)
        guard !(children.stoppedBy != nil && process.terminationReason == .uncaughtSignal) else {
            rmdir(folder)  // the run ended before it could remove its folder, if it wrote nothing there
            return nil
        }
        let report = String(decoding: stdout, as: UTF8.self) + String(decoding: stderr.data, as: UTF8.self)
        do {
            try AtomicFile.write(report, to: options.outputPath + "/" + names[index] + ".txt")
        } catch {
            return Outcome(status: 2, verdict: "forcelab grade: \(error)")
        }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Outcome(status: status, verdict: ClassGrading.verdict(stdout: stdout, stderr: stderr.data))
    }

    /// What a report ends with: the first line of its errors, if any (less `forcelab grade: `), else its last line
    /// (the checks' summary).
    private static func verdict(stdout: Data, stderr: Data) -> String {
        let lines = { (data: Data) in String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
        guard let error = lines(stderr).first else { return lines(stdout).last ?? "(no report)" }
        let prefix = "forcelab grade: "
        return error.hasPrefix(prefix) ? String(error.dropFirst(prefix.count)) : error
    }

    /// Notes submission `index`'s outcome and prints, in the order given, every line now ready.
    private func finish(_ index: Int, _ outcome: Outcome?) {
        lock.lock()
        defer { lock.unlock() }
        guard let outcome else { return }
        outcomes[index] = outcome
        printReady(skipping: false)
    }

    /// Prints the lines of the submissions graded since the last printed, in the order given, up to the first not
    /// graded yet, or, `skipping` those (once the grading has stopped), all of them. Called with the lock held.
    private func printReady(skipping: Bool) {
        let width = names.map(\.count).max() ?? 0
        while printed < outcomes.count, skipping || outcomes[printed] != nil {
            let name = names[printed].padding(toLength: width, withPad: " ", startingAt: 0)
            if let ready = outcomes[printed] {
                print("\(name)  \(ClassGrading.result(ready.status).padding(toLength: 7, withPad: " ", startingAt: 0))  \(ready.verdict)")
            } else {
                print("\(name)  not graded")
            }
            printed += 1
        }
        fflush(stdout)
    }

    /// A status in a word.
    private static func result(_ status: Int32) -> String {
        switch status {
        case 0: "pass"
        case 1: "fail"
        case 2: "refused"
        case 3: "stopped"
        default: "ended"
        }
    }

    /// Writes `OUT/summary.csv`: name, submission, status, result, verdict and report, a row per graded submission.
    private func writeSummary() throws {
        let rows = outcomes.indices.compactMap { index -> [String: DataCell]? in
            guard let outcome = outcomes[index] else { return nil }
            return ["name": .string(names[index]), "submission": .string(options.submissions[index]),
                    "status": .number(Double(outcome.status)), "result": .string(ClassGrading.result(outcome.status)),
                    "verdict": .string(outcome.verdict), "report": .string(names[index] + ".txt")]
        }
        let columns = ["name", "submission", "status", "result", "verdict", "report"]
        try DataTableFile.write(DataTable(rows: rows, columns: columns), to: options.outputPath + "/summary.csv", format: .csv)
    }
}
