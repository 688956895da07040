import CommandLineSyntax
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
    /// (`submissions/alice/clusters.lua` is alice's), and for a folder holding several, the folder's and the file's
    /// (`late/dan.lua` is late-dan's).
    private static func names(of submissions: [String]) throws -> [String] {
        let files = submissions.map { URL(fileURLWithPath: $0) }
        let stems = files.map { $0.deletingPathExtension().lastPathComponent }
        if Set(stems).count == stems.count { return stems }
        let folders = files.map { $0.deletingLastPathComponent() }
        let counts = Dictionary(folders.map { ($0.path, 1) }, uniquingKeysWith: +)
        let names = files.indices.map { index in
            counts[folders[index].path]! > 1 ? folders[index].lastPathComponent + "-" + stems[index] : folders[index].lastPathComponent
        }
        guard Set(names).count == names.count else {
            let shared = Dictionary(grouping: submissions.indices, by: { names[$0] }).first { $0.value.count > 1 }!
            throw UsageError("'\(submissions[shared.value[0]])' and '\(submissions[shared.value[1]])' "
                + "would share the report name '\(shared.key)': give each submission a file name or a folder of its own")
        }
        return names
    }

    /// Grades every submission and returns the exit status: 0 when all pass, 2 when one was refused as a usage error
    /// or for an exercise that cannot be used (no further one starts), 1 otherwise, 128 + the signal when stopped.
    func run() -> Int32 {
        // A reader that goes away (`| head`, a pager quit early) ends no grading: its runs would be left running on
        // and the summary never written.
        signal(SIGPIPE, SIG_IGN)
        let count = options.submissions.count, jobs = min(options.jobs, count)
        print("grading \(count) submissions of \(options.exercise), \(jobs) at a time; reports in \(options.outputPath)/NAME.txt")
        noteSharedFolders()
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
            Diagnostics.write("forcelab grade: \(StopSignals.stopped(by: signal)): \(graded.count) of \(count) graded\n")
            return 128 + signal
        }
        return refused > 0 ? 2 : passed == count ? 0 : 1
    }

    /// Warns of submissions that share a folder: the sandbox lets a submission read its folder, so each can read the
    /// others' files there.
    private func noteSharedFolders() {
        let folders = Dictionary(grouping: options.submissions) { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        for (folder, files) in folders.sorted(by: { $0.key < $1.key }) where files.count > 1 {
            Diagnostics.write("forcelab grade: note: \(files.count) submissions are in '\(folder)', where each can read the others' "
                + "files (give each student's file a folder of its own)\n")
        }
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
        do {
            try process.run()
        } catch {
            return Outcome(status: 2, verdict: "cannot start a grading run: \(error)")
        }
        children.started(process.processIdentifier)
        let outputRead = RunOutput(reading: output), errorsRead = RunOutput(reading: errors)
        let stdout = outputRead.text, stderr = errorsRead.text
        process.waitUntilExit()
        children.ended(process.processIdentifier)
        guard !(children.stoppedBy != nil && process.terminationReason == .uncaughtSignal) else {
            rmdir(folder)  // the run ended before it could remove its folder, if it wrote nothing there
            return nil
        }
        let report = stdout + stderr
        do {
            try AtomicFile.write(report, to: options.outputPath + "/" + names[index] + ".txt")
        } catch {
            return Outcome(status: 2, verdict: String(describing: error))
        }
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return Outcome(status: 128 + signal, verdict: "the grading run was ended by signal \(signal) (\(String(cString: strsignal(signal))))")
        }
        return Outcome(status: process.terminationStatus, verdict: ClassGrading.verdict(status: process.terminationStatus, stdout: stdout, stderr: stderr))
    }

    /// What a report ends with: when the run did not pass, the error grading wrote last (less `forcelab grade: `, or
    /// the `forcelab: ` of a limit that had to end the process), which comes after anything the submission wrote to
    /// standard error; else the last line of standard output (the checks' summary, printed after the submission ran).
    private static func verdict(status: Int32, stdout: String, stderr: String) -> String {
        let lines = { (text: String) in text.split(separator: "\n").map(String.init) }
        let prefixes = ["forcelab grade: ", "forcelab: "]
        for line in status == 0 ? [] : lines(stderr).reversed() {
            if let prefix = prefixes.first(where: line.hasPrefix) { return String(line.dropFirst(prefix.count)) }
        }
        return lines(stdout).last ?? "(no report)"
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
