/// `forcelab grade [options] exercise.lua submission.lua...`: the sandbox's and the limits' options of `forcelab`,
/// with limits of grade's own by default, and `--jobs` for a class. No operand takes arguments of its own, so an
/// option may come anywhere, before or after the files (`--` ends the options, for a file named like one).
public enum GradeSyntax {
    public static let timeout = SharedOptions.timeout(default: 60)
    public static let maxInstructions = SharedOptions.maxInstructions(default: 1_000_000_000)
    public static let maxMemory = SharedOptions.maxMemory(default: 1 << 30)
    public static let allowRead = SharedOptions.allowRead(help: "let the exercise and the submission read files under DIR too")
    public static let outputFolder = SharedOptions.outputFolder(
        help: "the folder they may write under (made if missing, removed again if nothing was written there); for a class,"
            + " DIR/NAME for each submission, its report DIR/NAME.txt and DIR/summary.csv")
    public static let jobs = SharedOptions.jobs(help: "a class's submissions graded at once")
    public static let gradescope = Option<String>.text(
        "--gradescope", "FILE", .file, help: "also write Gradescope's autograder results (results.json) to FILE (one submission)")
    public static let record = Flag(
        "--record", help: "write the reference's layouts to the file the exercise names as 'recorded' (give the exercise alone)")
    public static let pictures = Flag(
        "--pictures", help: "also draw each submission's layouts beside the reference's (OUT/NAME.svg; for a class, beside its report)")
    public static let help = SharedOptions.help

    /// The declaration.
    public static let command = CommandDeclaration(
        name: "forcelab grade",
        forms: [
            "[options] exercise.lua submission.lua",
            "[options] [--jobs N] exercise.lua submission.lua submission.lua ...   (a class: see --out)",
            "[options] exercise.lua      (shows the task, the checks and the reference's figures)",
            "[options] --record exercise.lua   (records the reference's layouts for students to check against)",
        ],
        options: [timeout.declaration, maxInstructions.declaration, maxMemory.declaration, allowRead.declaration,
                  outputFolder.declaration, jobs.declaration, gradescope.declaration, record.declaration, pictures.declaration, help.declaration],
        operand: "the exercise", afterOperand: .taken,
        markers: [Marker("--", "stop handling options (for a file whose name starts with '-')")],
        notes: """
            The limits are the whole grading run's. Both run sandboxed: the exercise reads under its folder, the submission
            under its own (not the exercise's), each also under --allow-read; they write only under --out. Options may
            come before or after the files. Exit status: 0 every check passes, 1 a check fails or the submission fails,
            2 usage error or an exercise that cannot be used, 3 the run reached a limit; for a class, 0 when every
            submission passes, 2 as for one, 128 + the signal when Ctrl-C (130), SIGTERM (143) or SIGHUP (129) stopped
            it, else 1. See docs/grading.md.
            """)
}
