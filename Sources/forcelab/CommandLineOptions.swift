/// The command line, parsed with the conventions of the stock `lua` interpreter.
struct CommandLineOptions {
    /// A `-e` chunk or a `-l` module, kept in command-line order.
    enum Action {
        case execute(String)
        case require(module: String, global: String)
    }

    /// A usage mistake, reported with exit status 2.
    struct UsageError: Error {
        let message: String
    }

    var actions: [Action] = []
    var interactive = false
    var showVersion = false
    var showHelp = false
    /// `--api`: print the description of the Lua API and of the command line (docs/api.md).
    var showAPI = false
    var ignoreEnvironment = false
    var warnings = false
    /// The memory limit in bytes from `--max-memory` or FORCELAB_MEMORY_LIMIT (e.g. `512M`, `2G`); 0 = none.
    var memoryLimit = 0
    /// `--max-instructions N`: Lua instructions the run may execute; 0 = no limit.
    var maxInstructions = 0
    /// `--timeout SECONDS`: the run's time limit; 0 = none.
    var timeout = 0.0
    /// `--sandbox`: the cut-down standard library and the file-access policy (README: the sandbox).
    var sandbox = false
    /// `--allow-read DIR` (repeatable): folders the sandbox may read besides the script's.
    var readableFolders: [String] = []
    /// `--out DIR`: the folder the sandbox may write under.
    var outputFolder = "out"
    /// `--watch`: run the script again each time it or a file it used is saved (Watch.swift).
    var watch = false
    /// The script path; "-" is standard input; nil when there is none.
    var script: String?
    /// Index in `arguments` of the script (or of the first argument after the options when there is none).
    var scriptIndex: Int
    /// The whole command line, program name first.
    let arguments: [String]

    /// Parses `arguments` (program name first) and the environment's FORCELAB_MEMORY_LIMIT.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        self.arguments = arguments
        var index = 1
        var givenOutput = false
        parsing: while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-") else { break }
            switch argument {
            case "--":
                index += 1
                break parsing
            case "-":
                break parsing
            case "-h", "--help":
                showHelp = true
            case "-v", "--version":
                showVersion = true
            case "--api":
                showAPI = true
            case "-i":
                interactive = true
                showVersion = true
            case "-E":
                ignoreEnvironment = true
            case "-W":
                warnings = true
            case "--timeout":
                let text = try CommandLineOptions.value(after: &index, in: arguments)
                guard let seconds = Double(text), seconds > 0, seconds <= 1e6 else {
                    throw UsageError(message: "--timeout: '\(text)' is not a number of seconds from 0 to 1000000")
                }
                timeout = seconds
            case "--max-instructions":
                let text = try CommandLineOptions.value(after: &index, in: arguments)
                guard let count = Int(text), count > 0 else {
                    throw UsageError(message: "--max-instructions: '\(text)' is not a positive whole number")
                }
                maxInstructions = count
            case "--sandbox":
                sandbox = true
            case "--watch":
                watch = true
            case "--allow-read":
                readableFolders.append(try CommandLineOptions.value(after: &index, in: arguments))
            case "--out":
                outputFolder = try CommandLineOptions.value(after: &index, in: arguments)
                givenOutput = true
            case "--max-memory":
                let text = try CommandLineOptions.value(after: &index, in: arguments)
                guard let bytes = CommandLineOptions.bytes(text) else {
                    throw UsageError(message: "--max-memory: '\(text)' is not a size (such as 512M or 2G)")
                }
                memoryLimit = bytes
            default:
                let flag = String(argument.prefix(2))
                guard flag == "-e" || flag == "-l" else {
                    throw UsageError(message: "unrecognized option '\(argument)'")
                }
                var value = String(argument.dropFirst(2))
                if value.isEmpty {
                    index += 1
                    guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                        throw UsageError(message: "'\(flag)' needs argument")
                    }
                    value = arguments[index]
                }
                if flag == "-e" {
                    actions.append(.execute(value))
                } else if let equals = value.firstIndex(of: "=") {
                    actions.append(.require(module: String(value[value.index(after: equals)...]), global: String(value[..<equals])))
                } else {
                    actions.append(.require(module: value, global: value))
                }
            }
            index += 1
        }
        scriptIndex = index
        script = index < arguments.count ? arguments[index] : nil
        if !sandbox && (givenOutput || !readableFolders.isEmpty) {
            throw UsageError(message: "--out and --allow-read apply to --sandbox, which was not given")
        }
        if watch && (script == nil || script == "-" || interactive) {
            throw UsageError(message: "--watch needs a script file and no -i")
        }
        if memoryLimit == 0, let text = environment["FORCELAB_MEMORY_LIMIT"] {
            guard let bytes = CommandLineOptions.bytes(text) else {
                throw UsageError(message: "FORCELAB_MEMORY_LIMIT: '\(text)' is not a size (such as 512M or 2G)")
            }
            memoryLimit = bytes
        }
    }

    /// The value after the option at `index` (which moves onto it).
    private static func value(after index: inout Int, in arguments: [String]) throws -> String {
        index += 1
        guard index < arguments.count else { throw UsageError(message: "'\(arguments[index - 1])' needs argument") }
        return arguments[index]
    }

    /// A positive size such as `1048576`, `512K`, `512M` or `2G`; nil when it is not one or does not fit.
    static func bytes(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let upper = text.uppercased()
        let unit = upper.last.flatMap { units[$0] } ?? 1
        guard let count = Int(unit == 1 ? upper : String(upper.dropLast())), count > 0 else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }

    /// Whether any `-e` chunk was given.
    var hasChunks: Bool {
        actions.contains { if case .execute = $0 { return true } else { return false } }
    }

    /// The arguments after the script, passed to it as `...`.
    var scriptArguments: [String] {
        script == nil ? [] : Array(arguments[(scriptIndex + 1)...])
    }

    /// The usage text printed by `-h` and after a usage error.
    static let usage = """
        usage: forcelab [options] [script [args]]
               forcelab sweep [--jobs N] [--out FILE] [--shard I/N] spec.lua [args]   (see forcelab sweep --help)
               forcelab grade [options] exercise.lua submission.lua...               (see forcelab grade --help)
        Available options are:
          -e stat   execute string 'stat'
          -i        enter interactive mode after executing 'script'
          -l mod    require library 'mod' into global 'mod'
          -l g=mod  require library 'mod' into global 'g'
          -v        show version information
          -E        ignore environment variables
          -W        turn warnings on
          -h        show this help
          --sandbox                 run untrusted code: no processes, environment, native code or
                                    debug library; reads under the script's folder and --allow-read,
                                    writes under --out (README: the sandbox)
          --allow-read DIR          let the sandbox read files under DIR too
          --out DIR                 the folder the sandbox writes under (default out, made if missing)
          --timeout SECONDS         end the run after SECONDS (exit status 3)
          --max-instructions N      end the run after about N Lua instructions (status 3)
          --max-memory SIZE         limit Lua's heap and the process's growth to SIZE (512M, 2G; status 3)
          --watch                   run the script again each time it or a file it read is saved, and
                                    say which files each run wrote; Ctrl-C ends it
          --api                     print the Lua API and these options as JSON (docs/api.md)
          --        stop handling options
          -         stop handling options and execute stdin
        With no script, forcelab starts the REPL when standard input is a terminal
        and runs standard input otherwise. The module is the global fl (and forcelab).
        FORCELAB_MEMORY_LIMIT=512M is --max-memory 512M.
        Exit status: 0 success, 1 script error, 2 usage error, 3 resource limit.
        """
}
