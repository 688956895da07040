import CommandLineSyntax
import Foundation
import GraphModel

/// The command line of `forcelab grade`: the sandbox's and the limits' options of `forcelab` itself, then the
/// exercise and the submission. Grading always runs sandboxed, with limits of its own by default.
struct GradeOptions {
    let exercise: String
    /// The submissions, in the order given: none shows the exercise instead (its task, its checks and the
    /// reference's figures); two or more grade a class (`ClassGrading`), each in a process of its own.
    let submissions: [String]
    /// The submission graded here: the only one given, else nil.
    var submission: String? { submissions.count == 1 ? submissions[0] : nil }
    /// How many submissions of a class are graded at once (`--jobs`; `ChildJobs.defaultCount` by default).
    let jobs: Int
    /// Where `--gradescope` writes Gradescope's results of the one submission, if given.
    let gradescopeResults: String?
    /// `--record`: write the reference's layouts to the exercise's `recorded` file instead of grading.
    let record: Bool
    /// `--pictures`: draw the submission's layouts beside the reference's (`GradePicture`).
    let pictures: Bool
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

    /// Parses the arguments after `grade`; the folder `--out` names is made when missing (and removed again when
    /// the arguments are refused).
    init(_ arguments: [String], environment: [String: String]) throws {
        typealias Syntax = GradeSyntax
        let parsed = try ParsedArguments(arguments, command: Syntax.command)
        guard let exercise = parsed.operands.first else { throw UsageError("grade needs an exercise and a submission") }
        let submissions = Array(parsed.operands.dropFirst())
        for file in parsed.operands {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
                throw UsageError("cannot read '\(file)': no such file")
            }
        }
        self.exercise = exercise
        self.submissions = submissions
        jobs = try parsed.value(Syntax.jobs) ?? ChildJobs.defaultCount
        gradescopeResults = try parsed.value(Syntax.gradescope)
        if gradescopeResults != nil && submissions.count != 1 {
            throw UsageError("'--gradescope' writes the results of one submission: give exactly one")
        }
        record = parsed.contains(Syntax.record)
        pictures = parsed.contains(Syntax.pictures)
        if record && !submissions.isEmpty {
            throw UsageError("'--record' records the exercise's reference: give the exercise alone")
        }
        let readable = try parsed.values(Syntax.allowRead)
        readableFolders = readable
        timeout = try parsed.valueOrDefault(Syntax.timeout)
        maxInstructions = try parsed.valueOrDefault(Syntax.maxInstructions)
        // --max-memory, else FORCELAB_MEMORY_LIMIT, else grade's default.
        let variable = try CommandLineOptions.memoryLimit(environment: environment)
        memoryLimit = parsed.contains(Syntax.maxMemory) || variable == 0 ? try parsed.valueOrDefault(Syntax.maxMemory) : variable
        let output = try parsed.valueOrDefault(Syntax.outputFolder)
        outputFolder = try OutputFolder(output)
        outputPath = output
        let submission = submissions.count == 1 ? submissions.first : nil
        func folder(of file: String) -> String { URL(fileURLWithPath: file).deletingLastPathComponent().path }
        let allowed = readable.map { FileAccess.Folder($0, "--allow-read") }, written = FileAccess.Folder(output, "--out")
        do {
            exerciseAccess = try FileAccess(readable: [FileAccess.Folder(folder(of: exercise), "the exercise's folder")] + allowed,
                                            writable: written)
            // The exercise's folder stays closed to the submission even where the submission's folder holds it
            // (`forcelab grade examples/exercises/spring.lua my-spring.lua` from the repository's root). A class's run
            // grades a private copy: its refusals show the student's folder as the teacher gave it, not the copy's.
            let shown = environment[PrivateSubmission.shownAsVariable].map(folder(of:))
            submissionAccess = try submission.map {
                try FileAccess(readable: [FileAccess.Folder(folder(of: $0), "the submission's folder", shownAs: shown)] + allowed,
                               writable: written,
                               closed: [FileAccess.Folder(folder(of: exercise), "the exercise's folder, closed to the submission")])
            }
        } catch {
            outputFolder.removeIfEmpty()
            throw UsageError("'--allow-read': \(error)")
        }
    }
}
