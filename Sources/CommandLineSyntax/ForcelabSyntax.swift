/// `forcelab [options] [script [args]]`: the stock `lua` interpreter's options (lua.c), the sandbox, the limits
/// and `--watch`. As with `lua`, everything after the script is the script's, options included.
public enum ForcelabSyntax {
    public static let execute = Option<String>.text("-e", "stat", .chunk, help: "execute string 'stat'", repeatable: true)
    public static let interactive = Flag("-i", help: "enter interactive mode after executing 'script'")
    public static let require = Option<String>.text(
        "-l", "mod", .module, help: "require library 'mod' into global 'mod' (-l g=mod: into global 'g')", repeatable: true)
    public static let version = Flag("-v", "--version", help: "show version information")
    public static let ignoreEnvironment = Flag("-E", help: "ignore environment variables (LUA_INIT, LUA_PATH, LUA_CPATH)")
    public static let warnings = Flag("-W", help: "turn warnings on")
    public static let help = SharedOptions.help
    public static let sandbox = Flag(
        "--sandbox",
        help: "run untrusted code: no processes, environment, native code or debug library; reads under the script's folder"
            + " and --allow-read, writes under --out; implies -E, so LUA_INIT does not run (README: the sandbox)")
    public static let allowRead = SharedOptions.allowRead(help: "let the sandbox read files under DIR too")
    public static let outputFolder = SharedOptions.outputFolder(help: "the folder the sandbox writes under, made if missing")
    public static let allowLive = Flag("--allow-live", help: "let the sandbox serve live pages (fl.live: a server on loopback)")
    public static let timeout = SharedOptions.timeout()
    public static let maxInstructions = SharedOptions.maxInstructions()
    public static let maxMemory = SharedOptions.maxMemory()
    public static let definitions = Option<String>.text(
        "--definitions", "DIR", .folder,
        help: "write the Lua language server's definitions of the forcelab module and a luacheck standard under DIR, then exit"
            + " (docs/editors.md)")
    public static let watch = Flag(
        "--watch", help: "run the script again each time it or a file it read is saved, and say which files each run wrote; Ctrl-C ends it")
    public static let each = Flag(
        "--each",
        help: "run every operand as a script, each in a fresh Lua state of its own, one after another in this process, the"
            + " limits (--timeout too) applying to each; ends with the highest status a script gave (fuzzing: scripts/fuzz)")
    public static let api = Flag("--api", help: "print the Lua API and these command lines as JSON (docs/api.md)")

    /// The environment variable that gives `--max-memory` when the option is not given.
    public static let memoryLimitVariable = "FORCELAB_MEMORY_LIMIT"

    /// The declaration.
    public static let command = CommandDeclaration(
        name: "forcelab",
        forms: [
            "[options] [script [args]]",
            "--each [options] script...",
            "sweep \(SweepSyntax.command.forms[0])   (see forcelab sweep --help)",
            "grade [options] exercise.lua submission.lua...   (see forcelab grade --help)",
            "kernel [options] -f CONNECTION_FILE   (a Jupyter kernel: see forcelab kernel --help)",
        ],
        options: [
            execute.declaration, interactive.declaration, require.declaration, version.declaration, ignoreEnvironment.declaration,
            warnings.declaration, help.declaration, sandbox.declaration, allowRead.declaration, outputFolder.declaration,
            allowLive.declaration, timeout.declaration, maxInstructions.declaration, maxMemory.declaration, watch.declaration, each.declaration, api.declaration, definitions.declaration,
        ],
        operand: "the script", afterOperand: .passedOn,
        markers: [Marker("--", "stop handling options"), Marker("-", "stop handling options and execute stdin")],
        notes: """
            Everything after the script is the script's (in ... and arg), options included, as with the stock lua.
            With no script, forcelab starts the REPL when standard input is a terminal
            and runs standard input otherwise. The module is the global fl (and forcelab).
            \(memoryLimitVariable)=512M is --max-memory 512M.
            Exit status: 0 success, 1 script error, 2 usage error, 3 resource limit.
            """)
}
