/// `forcelab sweep [options] spec.lua [args]` and `forcelab sweep --merge results.jsonl...`. After the spec, an
/// argument naming one of sweep's options is refused rather than passed on: `forcelab sweep spec.lua --out x.jsonl`
/// is nearly always sweep's option put in the wrong place, and taken as the spec's argument it would send the records
/// to the default file unsaid. `--` before the spec passes everything after it to the spec as it is.
public enum SweepSyntax {
    public static let jobs = SharedOptions.jobs(help: "worker processes")
    public static let out = Option<String>.text(
        "--out", "FILE", .file, defaultText: "the spec's name with .jsonl; with --merge, \(defaultMergeFolder)",
        help: "the JSON Lines file records are appended to; with --merge, the folder results.csv and the pictures go to")
    public static let shard = Option<Shard>.shard(
        "--shard", defaultText: "from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT", help: "run only shard I of N")
    public static let merge = Flag("--merge", help: "write FOLDER/results.csv and pictures from result files")
    public static let mixedBuilds = Flag(
        "--mixed-builds", help: "with --merge, merge records made by builds of different commits (refused otherwise)")
    public static let worker = Flag("--worker", help: "serve cases on standard input (a run starts its workers so)", hidden: true)
    public static let help = SharedOptions.help

    /// The folder `--merge` writes to without `--out`.
    public static let defaultMergeFolder = "sweep-merged"

    /// The declaration.
    public static let command = CommandDeclaration(
        name: "forcelab sweep",
        forms: ["[--jobs N] [--out FILE] [--shard I/N] spec.lua [args]", "--merge results.jsonl... [--out FOLDER] [--mixed-builds]"],
        options: [jobs.declaration, out.declaration, shard.declaration, merge.declaration, mixedBuilds.declaration, worker.declaration, help.declaration],
        operand: "the spec", afterOperand: .ownOptionsRefused, optionsAnywhereWith: merge.name,
        markers: [Marker("--", "stop handling options: the spec and its arguments follow, passed on as they are")],
        notes: """
            Options go before the spec: one of these after it is refused, as handing it to the spec would drop it unsaid
            ('--' before the spec passes all that follows to the spec). Other arguments after the spec are the spec's.
            A spec's standard input is empty (io.read() gets nil): its worker's input carries the cases.
            """)
}
