import CommandLineSyntax

/// The command line of `forcelab` itself, read against `ForcelabSyntax` (the stock `lua` interpreter's conventions).
struct CommandLineOptions {
    /// A `-e` chunk or a `-l` module, kept in command-line order.
    enum Action {
        case execute(String)
        case require(module: String, global: String)
    }

    var actions: [Action] = []
    var interactive = false
    var showVersion = false
    var showHelp = false
    /// `--api`: print the description of the Lua API and of the command lines (docs/api.md).
    var showAPI = false
    /// `-E`, or `--sandbox`, which implies it: LUA_INIT, LUA_PATH and LUA_CPATH are ignored.
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
    /// `--allow-live`: the sandbox lets `fl.live` serve pages.
    var allowLive = false
    /// `--allow-read DIR` (repeatable): folders the sandbox may read besides the script's.
    var readableFolders: [String] = []
    /// `--out DIR`: the folder the sandbox may write under.
    var outputFolder: String
    /// The notebook's folder, which the sandbox reads as a script's own folder (set by `forcelab kernel`: its working
    /// folder); nil outside a notebook.
    var notebookFolder: String?
    /// `--watch`: run the script again each time it or a file it used is saved (Watch.swift).
    var watch = false
    /// `--each`: every operand is a script, run in a fresh Lua state of its own (EachScript.swift).
    var each = false
    /// `--definitions DIR`: write the editor definitions and the luacheck standard there instead of running.
    var definitionsFolder: String?
    /// The script path; "-" is standard input; nil when there is none.
    var script: String?
    /// Index in `arguments` of the script (or of the first argument after the options when there is none).
    var scriptIndex: Int
    /// The whole command line, program name first.
    private(set) var arguments: [String]
    /// The operands: the script and its arguments, or with `--each` the scripts.
    let operands: [String]

    /// Parses `arguments` (program name first) and the environment's FORCELAB_MEMORY_LIMIT.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        try self.init(ParsedArguments(Array(arguments.dropFirst()), command: ForcelabSyntax.command),
                      of: arguments, environment: environment)
    }

    /// Takes forcelab's own options from `parsed`, the reading of `arguments` (program name first) by forcelab's
    /// declaration or by another command's that declares some of them (the kernel's): what it does not declare is
    /// absent.
    init(_ parsed: ParsedArguments, of arguments: [String], environment: [String: String]) throws {
        typealias Syntax = ForcelabSyntax
        self.arguments = arguments
        for given in parsed.given {
            switch given.option {
            case Syntax.execute.declaration: actions.append(.execute(given.value ?? ""))
            case Syntax.require.declaration:
                let value = given.value ?? ""
                if let equals = value.firstIndex(of: "=") {
                    actions.append(.require(module: String(value[value.index(after: equals)...]), global: String(value[..<equals])))
                } else {
                    actions.append(.require(module: value, global: value))
                }
            default: break
            }
        }
        showHelp = parsed.contains(Syntax.help)
        showAPI = parsed.contains(Syntax.api)
        interactive = parsed.contains(Syntax.interactive)
        showVersion = interactive || parsed.contains(Syntax.version)
        sandbox = parsed.contains(Syntax.sandbox)
        allowLive = parsed.contains(Syntax.allowLive)
        ignoreEnvironment = sandbox || parsed.contains(Syntax.ignoreEnvironment)
        warnings = parsed.contains(Syntax.warnings)
        watch = parsed.contains(Syntax.watch)
        each = parsed.contains(Syntax.each)
        definitionsFolder = try parsed.value(Syntax.definitions)
        timeout = try parsed.value(Syntax.timeout) ?? 0
        maxInstructions = try parsed.value(Syntax.maxInstructions) ?? 0
        readableFolders = try parsed.values(Syntax.allowRead)
        outputFolder = try parsed.valueOrDefault(Syntax.outputFolder)
        scriptIndex = parsed.firstOperandIndex + 1
        script = parsed.operands.first
        operands = parsed.operands
        if !sandbox && (parsed.contains(Syntax.outputFolder) || parsed.contains(Syntax.allowRead) || allowLive) {
            throw UsageError("'--out', '--allow-read' and '--allow-live' apply to '--sandbox', which was not given")
        }
        if watch && (script == nil || script == "-" || interactive) {
            throw UsageError("'--watch' needs a script file and no '-i'")
        }
        if each && (script == nil || operands.contains("-") || interactive || watch) {
            throw UsageError("'--each' needs script files, and no '-', '-i' or '--watch'")
        }
        memoryLimit = try CommandLineOptions.memoryLimit(parsed.value(Syntax.maxMemory), environment: environment)
    }

    /// The memory limit `--max-memory` gives, else FORCELAB_MEMORY_LIMIT in `environment`; 0 for none.
    static func memoryLimit(_ given: Int? = nil, environment: [String: String]) throws -> Int {
        if let given { return given }
        guard let text = environment[ForcelabSyntax.memoryLimitVariable] else { return 0 }
        return try ForcelabSyntax.maxMemory.value(text, from: ForcelabSyntax.memoryLimitVariable)
    }

    /// These options for one run of `--each`: `path` is the script, with no arguments.
    func running(_ path: String) -> CommandLineOptions {
        var one = self
        one.arguments = Array(arguments[..<scriptIndex]) + [path]
        one.script = path
        return one
    }

    /// Whether any `-e` chunk was given.
    var hasChunks: Bool {
        actions.contains { if case .execute = $0 { return true } else { return false } }
    }

    /// The arguments after the script, passed to it as `...`.
    var scriptArguments: [String] {
        script == nil ? [] : Array(arguments[(scriptIndex + 1)...])
    }
}
