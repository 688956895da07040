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
        /// How many times it tried what the sandbox refuses (a removed function, a file outside its folders).
        var attempts = 0
        /// Each check's score, as its run wrote them.
        var scores: [GradeCheck.Score] = []
    }

    private let options: GradeOptions
    /// A name per submission, for its report and its folder.
    private let names: [String]
    /// Whether each submission shares its folder with another, so that only its file is copied for its run.
    private let sharesAFolder: [Bool]
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
        let folders = options.submissions.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path }
        let counts = Dictionary(folders.map { ($0, 1) }, uniquingKeysWith: +)
        sharesAFolder = folders.map { counts[$0]! > 1 }
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

    /// Notes submissions that share a folder: each is graded on a copy of its file alone, so a module it requires from
    /// beside it is not there.
    private func noteSharedFolders() {
        let folders = Dictionary(grouping: options.submissions) { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        for (folder, files) in folders.sorted(by: { $0.key < $1.key }) where files.count > 1 {
            Diagnostics.write("forcelab grade: note: \(files.count) submissions are in '\(ControlText.escaped(folder))': each is graded on "
                + "a copy of its file alone, and cannot read the others (give each student's files a folder of their own)\n")
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

    /// Grades submission `index` in a `forcelab grade` of its own, on a private copy of it (`PrivateSubmission`), and
    /// writes its report: the verdict, what the run printed, and the verdict again. The verdict comes from the run's
    /// verdict file, which the submission cannot write, or from how the process ended; nil when a signal ended it.
    private func grade(_ index: Int) -> Outcome? {
        let folder = options.outputPath + "/" + names[index]
        let copy: PrivateSubmission
        do {
            copy = try PrivateSubmission(options.submissions[index], sharingItsFolder: sharesAFolder[index],
                                         excluding: [URL(fileURLWithPath: options.exercise).deletingLastPathComponent().path, options.outputPath])
        } catch {
            return Outcome(status: 1, verdict: ControlText.escaped(String(describing: error)))
        }
        defer { copy.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = ["grade", "--timeout", "\(options.timeout)", "--max-instructions", "\(options.maxInstructions)",
                             "--max-memory", "\(options.memoryLimit)", "--out", folder]
            + options.readableFolders.flatMap { ["--allow-read", $0] } + (options.pictures ? ["--pictures"] : []) + [options.exercise, copy.path]
        var environment = ProcessInfo.processInfo.environment
        environment[VerdictFile.variable] = copy.verdictPath
        environment[PrivateSubmission.shownAsVariable] = options.submissions[index]
        environment[GradePicture.variable] = options.outputPath + "/" + names[index] + ".svg"
        process.environment = environment
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
        let outcome = ClassGrading.outcome(of: process, VerdictFile.read(copy.verdictPath), stderr: stderr)
        let verdict = "forcelab grade: \(ControlText.escaped(names[index])): \(ClassGrading.result(outcome.status)), \(outcome.verdict)\n"
        do {
            try AtomicFile.write(verdict + "\n" + stdout + stderr + "\n" + verdict, to: options.outputPath + "/" + names[index] + ".txt")
        } catch {
            return Outcome(status: 2, verdict: String(describing: error))
        }
        return outcome
    }

    /// A run's outcome: its verdict file's, else what its exit says (a limit's watchdog or a signal ended it before it
    /// could write one; the watchdog's message is the last line of `stderr` that starts `forcelab: `, which only the
    /// run's own code writes there, since the submission's output is captured apart).
    private static func outcome(of process: Process, _ written: VerdictFile.Verdict?, stderr: String) -> Outcome {
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return Outcome(status: 128 + signal, verdict: "the grading run was ended by signal \(signal) (\(String(cString: strsignal(signal))))")
        }
        let status = process.terminationStatus
        if let written, written.status == status {
            return Outcome(status: status, verdict: ControlText.escaped(written.verdict), attempts: written.attempts, scores: written.scores)
        }
        if status == 3 {
            let watchdog = stderr.split(separator: "\n").last { $0.hasPrefix("forcelab: ") }?.dropFirst("forcelab: ".count)
            return Outcome(status: 3, verdict: ControlText.escaped(watchdog ?? "a limit was reached and the run had to be ended"))
        }
        return Outcome(status: status == 0 ? 1 : status, verdict: "the grading run ended with status \(status) and no verdict")
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
        let shown = names.map { ControlText.escaped($0) }
        let width = shown.map(\.count).max() ?? 0
        while printed < outcomes.count, skipping || outcomes[printed] != nil {
            let name = shown[printed].padding(toLength: width, withPad: " ", startingAt: 0)
            if let ready = outcomes[printed] {
                let flag = ready.attempts == 0 ? "" : "  [! \(ready.attempts) attempt\(ready.attempts == 1 ? "" : "s") at what the sandbox refuses]"
                print("\(name)  \(ClassGrading.result(ready.status).padding(toLength: 7, withPad: " ", startingAt: 0))  \(ready.verdict)\(flag)")
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

    /// Writes `OUT/summary.csv`: name, submission, status, result, verdict, attempts, score, max_score, a column per
    /// check (its score) and report, a row per graded submission; no
    /// cell can start a spreadsheet formula or hold a control character.
    private func writeSummary() throws {
        let cell = { (text: String) in DataCell.string(ControlText.spreadsheetSafe(ControlText.escaped(text))) }
        // A column per check (the exercise's, from any run that read it), named "check: NAME", holding its score.
        let checks = outcomes.lazy.compactMap { $0?.scores }.first { !$0.isEmpty }?.map { "check: " + ControlText.escaped($0.name) } ?? []
        let rows = outcomes.indices.compactMap { index -> [String: DataCell]? in
            guard let outcome = outcomes[index] else { return nil }
            var row: [String: DataCell] = [
                "name": cell(names[index]), "submission": cell(options.submissions[index]),
                "status": .number(Double(outcome.status)), "result": .string(ClassGrading.result(outcome.status)),
                "verdict": cell(outcome.verdict), "attempts": .number(Double(outcome.attempts)), "report": cell(names[index] + ".txt")]
            if outcome.scores.count == checks.count {
                row["score"] = .number(outcome.scores.map(\.earned).reduce(0, +))
                row["max_score"] = .number(outcome.scores.map(\.points).reduce(0, +))
                for (column, score) in zip(checks, outcome.scores) { row[column] = .number(score.earned) }
            }
            return row
        }
        let columns = ["name", "submission", "status", "result", "verdict", "attempts", "score", "max_score"] + checks + ["report"]
        try DataTableFile.write(DataTable(rows: rows, columns: columns), to: options.outputPath + "/summary.csv", format: .csv)
    }
}
