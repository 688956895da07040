import CommandLineSyntax
import Foundation

/// The command line of `forcelab sweep`, read against `SweepSyntax`.
struct SweepOptions {
    /// What the command does.
    enum Mode: Equatable {
        /// Run a spec's cases (the default).
        case run
        /// Merge result files into a table and pictures.
        case merge
        /// Serve cases over a pipe (started by `run`, not by users).
        case worker
        /// Print the usage.
        case help
    }

    /// What to do; running a spec unless --merge, --worker or --help says otherwise.
    var mode = Mode.run
    /// Worker processes (`ChildJobs.defaultCount` by default).
    var jobs = ChildJobs.defaultCount
    /// The results file (run), or the output folder (merge).
    var out: String?
    /// This process's shard, 1-based, and the number of shards.
    var shard = Shard.whole
    /// The spec file (run, worker).
    var spec: String?
    /// The arguments after the spec, given to it as `...`.
    var specArguments: [String] = []
    /// The result files (merge).
    var files: [String] = []
    /// Whether a merge takes records from builds of different commits (refused otherwise).
    var mixedBuilds = false

    /// Parses the arguments after `sweep`; SLURM_ARRAY_* in `environment` give a run's shard unless --shard does.
    init(_ arguments: [String], environment: [String: String]) throws {
        typealias Syntax = SweepSyntax
        let parsed = try ParsedArguments(arguments, command: Syntax.command)
        if parsed.contains(Syntax.help) {
            mode = .help
            return
        }
        mode = parsed.contains(Syntax.merge) ? .merge : parsed.contains(Syntax.worker) ? .worker : .run
        jobs = try parsed.value(Syntax.jobs) ?? jobs
        out = try parsed.value(Syntax.out)
        mixedBuilds = parsed.contains(Syntax.mixedBuilds)
        if mixedBuilds && mode != .merge { throw UsageError("'--mixed-builds' applies only to --merge") }
        if mode == .merge {
            files = parsed.operands
            guard !files.isEmpty else { throw UsageError("'--merge' needs one or more result files") }
        } else {
            guard let spec = parsed.operands.first else { throw UsageError("no spec file given") }
            self.spec = spec
            specArguments = Array(parsed.operands.dropFirst())
        }
        // Only a run has a shard: a merge and a run's workers (started without --shard) take none from Slurm.
        if let given = try parsed.value(Syntax.shard) {
            shard = given
        } else if mode == .run, let id = environment["SLURM_ARRAY_TASK_ID"] {
            shard = try SweepOptions.slurmShard(id: id, environment: environment)
        }
    }

    /// The shard of a Slurm job array's task, from SLURM_ARRAY_TASK_ID (`id`) and the other SLURM_ARRAY_* variables.
    private static func slurmShard(id: String, environment: [String: String]) throws -> Shard {
        guard let count = environment["SLURM_ARRAY_TASK_COUNT"] else {
            throw UsageError(
                "SLURM_ARRAY_TASK_ID is set (a job array's task) but SLURM_ARRAY_TASK_COUNT is not (an older Slurm), so the"
                    + " shards cannot be numbered; give --shard I/N")
        }
        let first = Int(environment["SLURM_ARRAY_TASK_MIN"] ?? "") ?? 0
        guard let number = Int(id) else { throw UsageError("SLURM_ARRAY_TASK_ID is not a number: '\(id)'") }
        if let step = environment["SLURM_ARRAY_TASK_STEP"], step != "1" {
            throw UsageError("a Slurm array with a step (SLURM_ARRAY_TASK_STEP=\(step)) cannot number the shards; submit --array=1-N, or give --shard")
        }
        return try SweepSyntax.shard.value(
            "\(number - first + 1)/\(count)",
            from: "the shard from SLURM_ARRAY_TASK_ID=\(id) (SLURM_ARRAY_TASK_MIN=\(first), SLURM_ARRAY_TASK_COUNT=\(count))")
    }
}
