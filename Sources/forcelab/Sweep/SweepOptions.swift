import Foundation

/// The command line of `forcelab sweep`.
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
    var shard = (index: 1, count: 1)
    /// The spec file (run, worker).
    var spec: String?
    /// The arguments after the spec, given to it as `...`.
    var specArguments: [String] = []
    /// The result files (merge).
    var files: [String] = []
    /// Whether a merge takes records from builds of different commits (refused otherwise).
    var mixedBuilds = false

    /// The usage text.
    static let usage = """
        usage: forcelab sweep [--jobs N] [--out FILE] [--shard I/N] spec.lua [args]
               forcelab sweep --merge results.jsonl... [--out FOLDER] [--mixed-builds]
          --jobs N     worker processes (default: every core this process may use)
          --out FILE   the JSON Lines file records are appended to (default: the spec's name with .jsonl)
          --shard I/N  run only shard I of N (default from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT)
          --merge      write FOLDER/results.csv and pictures from result files (default folder: sweep-merged)
          --mixed-builds  merge records made by builds of different commits (refused otherwise)
        """

    /// Parses the arguments after `sweep`; SLURM_ARRAY_* in `environment` give a run's shard unless --shard does.
    init(_ arguments: [String], environment: [String: String]) throws {
        var index = 0, shardGiven = false
        func value(_ option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw SweepError("'\(option)' needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--jobs":
                let text = try value(argument)
                guard let jobs = ChildJobs.count(text) else { throw SweepError(ChildJobs.refusal(text)) }
                self.jobs = jobs
            case "--out": out = try value(argument)
            case "--shard":
                shard = try SweepOptions.shard(try value(argument), what: "--shard")
                shardGiven = true
            case "-h", "--help":
                mode = .help
                return
            case "--merge": mode = .merge
            case "--mixed-builds": mixedBuilds = true
            case "--worker": mode = .worker
            default:
                guard argument == "--" || !argument.hasPrefix("--") else { throw SweepError("unknown option '\(argument)'") }
                if mode == .merge {
                    files.append(argument)
                } else {
                    let position = argument == "--" ? index + 1 : index
                    spec = position < arguments.count ? arguments[position] : nil
                    specArguments = position < arguments.count ? Array(arguments[(position + 1)...]) : []
                    index = arguments.count
                }
            }
            index += 1
        }
        if mode == .merge {
            guard !files.isEmpty else { throw SweepError("--merge needs one or more result files") }
        } else if mixedBuilds {
            throw SweepError("--mixed-builds applies only to --merge")
        } else if spec == nil {
            throw SweepError("no spec file given")
        }
        // Only a run has a shard: a merge and a run's workers (started without --shard) take none from Slurm.
        if mode == .run, !shardGiven, let id = environment["SLURM_ARRAY_TASK_ID"] {
            guard let count = environment["SLURM_ARRAY_TASK_COUNT"] else {
                throw SweepError(
                    "SLURM_ARRAY_TASK_ID is set (a job array's task) but SLURM_ARRAY_TASK_COUNT is not (an older Slurm), so the"
                        + " shards cannot be numbered; give --shard I/N")
            }
            let first = Int(environment["SLURM_ARRAY_TASK_MIN"] ?? "") ?? 0
            guard let number = Int(id) else { throw SweepError("SLURM_ARRAY_TASK_ID is not a number: '\(id)'") }
            if let step = environment["SLURM_ARRAY_TASK_STEP"], step != "1" {
                throw SweepError("a Slurm array with a step (SLURM_ARRAY_TASK_STEP=\(step)) cannot number the shards; submit --array=1-N, or give --shard")
            }
            shard = try SweepOptions.shard("\(number - first + 1)/\(count)", what: "the shard from SLURM_ARRAY_TASK_ID=\(id) (SLURM_ARRAY_TASK_MIN=\(first), SLURM_ARRAY_TASK_COUNT=\(count))")
        }
    }

    /// `I/N` with 1 <= I <= N.
    private static func shard(_ text: String, what: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw SweepError("\(what) must be I/N with 1 <= I <= N, got '\(text)'")
        }
        return (index, count)
    }
}
