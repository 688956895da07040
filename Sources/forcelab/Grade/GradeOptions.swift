import Foundation
import GraphModel
import ProcessorSupport

/// The command line of `forcelab grade`: the sandbox's and the limits' options of `forcelab` itself, then the
/// exercise and the submission. Grading always runs sandboxed, with limits of its own by default.
struct GradeOptions {
    /// `--timeout` when not given: seconds for the whole grading run.
    static let defaultTimeout = 60.0
    /// `--max-instructions` when not given.
    static let defaultInstructions = 1_000_000_000
    /// `--max-memory` when not given (FORCELAB_MEMORY_LIMIT also sets it).
    static let defaultMemory = 1 << 30

    let exercise: String
    /// The submissions, in the order given: none shows the exercise instead (its task, its checks and the
    /// reference's figures); two or more grade a class (`ClassGrading`), each in a process of its own.
    let submissions: [String]
    /// The submission graded here: the only one given, else nil.
    var submission: String? { submissions.count == 1 ? submissions[0] : nil }
    /// How many submissions of a class are graded at once (`--jobs`; default: the cores this process may use).
    let jobs: Int
    /// The folders given with `--allow-read`, for the runs that grade a class's submissions.
    let readableFolders: [String]
    let timeout: Double
    let maxInstructions: Int
    let memoryLimit: Int
    /// What the exercise may read while it is set up (its folder, `--allow-read`) and write (`--out`).
    let exerciseAccess: FileAccess
    /// What the submission may read (its folder, `--allow-read`) and write (`--out`): not the exercise's folder,
    /// where the model solutions may be. Nil without a submission.
    let submissionAccess: FileAccess?
    /// The folder both may write under (`--out`), made when missing; `removeIfEmpty()` when grading ends.
    let outputFolder: OutputFolder
    /// Its path, as given.
    let outputPath: String

    /// forcelab's options that grade takes, each followed by its value.
    private static let optionsWithValues: Set = ["--timeout", "--max-instructions", "--max-memory", "--allow-read", "--out"]

    /// The usage text.
    static let usage = """
        usage: forcelab grade [options] exercise.lua submission.lua
               forcelab grade [options] [--jobs N] exercise.lua submission.lua submission.lua ...
                                          (a class: a report and a folder each under --out, and a summary)
               forcelab grade [options] exercise.lua      (shows the task, the checks and the reference's figures)
          --timeout SECONDS       the whole grading run's time limit (default \(Int(defaultTimeout)))
          --max-instructions N    Lua instructions it may run (default \(defaultInstructions))
          --max-memory SIZE       Lua's heap and the process's growth (default \(defaultMemory >> 20)M)
          --allow-read DIR        let the exercise and the submission read files under DIR too
          --out DIR               the folder they may write under (default out, made if missing,
                                  removed again if nothing was written there); for a class, DIR/NAME
                                  for each submission, its report DIR/NAME.txt and DIR/summary.csv
          --jobs N                a class's submissions graded at once (default: the usable cores)
        Both run sandboxed: the exercise reads under its folder, the submission under its own (not the
        exercise's), each also under --allow-read; they write only under --out. Exit status: 0 every check
        passes, 1 a check fails or the submission fails, 2 usage error or an exercise that cannot be used,
        3 the run reached a limit; for a class, 0 when every submission passes, 2 as for one, else 1.
        See docs/grading.md.
        """

    /// Parses the arguments after `grade`; the folder `--out` names is made when missing (and removed again when
    /// the arguments are refused).
    init(_ arguments: [String], environment: [String: String]) throws {
        // --jobs, before the exercise, is grade's own; the other options are forcelab's, read by CommandLineOptions.
        var rest: [String] = [], jobs = UsableCores.count(), index = 0
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-" {
            let option = arguments[index]
            guard option == "--jobs" || GradeOptions.optionsWithValues.contains(option) else { break }
            guard index + 1 < arguments.count else { break }
            if option == "--jobs" {
                guard let count = Int(arguments[index + 1]), count >= 1 else {
                    throw CommandLineOptions.UsageError(message: "--jobs needs a whole number of at least 1")
                }
                jobs = count
            } else {
                rest += [option, arguments[index + 1]]
            }
            index += 2
        }
        rest += arguments[index...]
        let options = try CommandLineOptions(["forcelab", "--sandbox"] + rest, environment: environment)
        guard options.actions.isEmpty, !options.interactive, !options.showVersion, !options.ignoreEnvironment, !options.warnings,
              !options.watch else {
            throw CommandLineOptions.UsageError(message: "grade takes only --timeout, --max-instructions, --max-memory, --allow-read, --out and --jobs")
        }
        guard let exercise = options.script, exercise != "-" else {
            throw CommandLineOptions.UsageError(message: "grade needs an exercise and a submission")
        }
        let submission = options.scriptArguments.count == 1 ? options.scriptArguments.first : nil
        for file in [exercise] + options.scriptArguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
                throw CommandLineOptions.UsageError(message: "cannot read '\(file)': no such file")
            }
        }
        self.exercise = exercise
        submissions = options.scriptArguments
        self.jobs = jobs
        readableFolders = options.readableFolders
        timeout = options.timeout > 0 ? options.timeout : GradeOptions.defaultTimeout
        maxInstructions = options.maxInstructions > 0 ? options.maxInstructions : GradeOptions.defaultInstructions
        memoryLimit = options.memoryLimit > 0 ? options.memoryLimit : GradeOptions.defaultMemory
        outputFolder = try OutputFolder(options.outputFolder)
        outputPath = options.outputFolder
        func folder(of file: String) -> String { URL(fileURLWithPath: file).deletingLastPathComponent().path }
        do {
            exerciseAccess = try FileAccess(readable: [folder(of: exercise)] + options.readableFolders, writable: options.outputFolder)
            // The exercise's folder stays closed to the submission even where the submission's folder holds it
            // (`forcelab grade examples/exercises/spring.lua my-spring.lua` from the repository's root).
            submissionAccess = try submission.map {
                try FileAccess(readable: [folder(of: $0)] + options.readableFolders, writable: options.outputFolder,
                               closed: [folder(of: exercise)])
            }
        } catch {
            outputFolder.removeIfEmpty()
            throw CommandLineOptions.UsageError(message: "--allow-read: \(error)")
        }
    }
}
