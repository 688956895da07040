/// Options more than one command takes, declared once each; a command gives its own default or help where they
/// differ.
enum SharedOptions {
    /// `-h, --help`.
    static let help = Flag("-h", "--help", help: "show this help")

    /// `--timeout SECONDS`.
    static func timeout(default: Double? = nil) -> Option<Double> {
        .seconds("--timeout", maximum: 1e6, default: `default`, help: "end the run after SECONDS (exit status 3)")
    }

    /// `--max-instructions N`.
    static func maxInstructions(default: Int? = nil) -> Option<Int> {
        .wholeNumber("--max-instructions", "N", 1...Int.max, default: `default`, help: "end the run after about N Lua instructions (status 3)")
    }

    /// `--max-memory SIZE`.
    static func maxMemory(default: Int? = nil) -> Option<Int> {
        .size("--max-memory", default: `default`, help: "limit Lua's heap and the process's growth to SIZE (512M, 2G; status 3)")
    }

    /// `--allow-read DIR`, repeatable.
    static func allowRead(help: String) -> Option<String> {
        .text("--allow-read", "DIR", .folder, help: help, repeatable: true)
    }

    /// `--out DIR`: the folder a sandboxed run writes under.
    static func outputFolder(help: String) -> Option<String> {
        .text("--out", "DIR", .folder, default: "out", help: help)
    }

    /// `--jobs N`: child processes at once.
    static func jobs(help: String) -> Option<Int> {
        .wholeNumber("--jobs", "N", 1...1024, defaultText: "every core this process may use", help: help)
    }
}
