import CommandLineSyntax
import Foundation

/// What the command line asks for: the flag that picks the measurement (nil: the benchmark), with its operands.
struct BenchRequest {
    let mode: Flag?
    let fast: Bool
    let operands: [String]

    /// Reads the arguments after the program's name; `--help` prints the usage and exits.
    init(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, command: ForceBenchSyntax.command)
        if parsed.contains(ForceBenchSyntax.help) {
            print(ForceBenchSyntax.command.usage)
            exit(0)
        }
        let modes = ForceBenchSyntax.modes.filter { parsed.contains($0) }
        if modes.count > 1 { throw UsageError.together(modes[0].name, modes[1].name) }
        mode = modes.first
        fast = parsed.contains(ForceBenchSyntax.fast)
        operands = parsed.operands
        if fast && mode?.name != ForceBenchSyntax.single.name { throw UsageError("'--fast' goes with '--single'") }
    }

    /// Who asks for the operands, in messages: the mode's flag, or ForceBench itself.
    private var asker: String { mode.map { "'\($0.name)'" } ?? "ForceBench" }

    /// The operands, as `form` names them (`N THREADS WARMUP TICKS [DIMENSIONS]`: a bracketed last one may be left
    /// out), each but FILE read as a whole number of 1 or more (WARMUP 0 or more); the usage error names the form
    /// when the count differs.
    func operands(_ form: String) throws -> [Int?] {
        let names = form.split(separator: " ").map(String.init)
        let required = names.filter { !$0.hasPrefix("[") }.count
        guard (required...names.count).contains(operands.count) else { throw UsageError("\(asker) needs \(form)") }
        return try zip(operands, names).map { text, name in
            let name = name.trimmingCharacters(in: ["[", "]"])
            return name == "FILE" ? nil : try WholeNumber.read(text, named: name, in: (["WARMUP", "POLISH"].contains(name) ? 0 : 1)...Int.max)
        }
    }

    /// Every operand as a size N, one or more.
    func sizes() throws -> [Int] {
        guard !operands.isEmpty else { throw UsageError("\(asker) needs N [N ...]") }
        return try operands.map { try WholeNumber.read($0, named: "N", in: 1...Int.max) }
    }
}
