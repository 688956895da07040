/// `forcelab --each script...`: runs every script in a fresh Lua state of its own, one after another in this process,
/// each with the command line's options and limits (a fuzzer's batch: one process start for many cases, nothing
/// carried from one case to the next). Each state is closed, its finalizers run, before the next opens.
enum EachScript {
    /// Runs the scripts of `options`; says on standard error how many ran and how each ended, and returns the highest
    /// status. Ctrl-C ends the batch after the run it interrupted.
    static func run(_ options: CommandLineOptions) throws -> Interpreter.Status {
        var ended: [Interpreter.Status: Int] = [:]
        for path in options.operands {
            let (status, interrupted) = try Interpreter(options: options.running(path)).runTellingInterruption()
            ended[status, default: 0] += 1
            if interrupted {
                Diagnostics.write("forcelab: --each: interrupted in \(path); \(summary(ended, of: options.operands.count))\n")
                return .scriptError
            }
        }
        Diagnostics.write("forcelab: --each: \(summary(ended, of: options.operands.count))\n")
        return ended.keys.max { $0.rawValue < $1.rawValue } ?? .success
    }

    /// `3 of 3 scripts run: 2 ended with status 0, 1 with status 1`.
    private static func summary(_ ended: [Interpreter.Status: Int], of total: Int) -> String {
        let run = ended.values.reduce(0, +)
        let statuses = ended.keys.sorted { $0.rawValue < $1.rawValue }.enumerated().map { index, status in
            "\(ended[status]!) \(index == 0 ? "ended " : "")with status \(status.rawValue)"
        }
        return "\(run) of \(total) script\(total == 1 ? "" : "s") run: " + statuses.joined(separator: ", ")
    }
}
