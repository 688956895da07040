/// `ForceBench`, the engine's benchmark (scripts/bench, scripts/bench-peers): one flag picks what it measures,
/// the operands are sizes and files. Nothing is passed on, so options may come anywhere.
public enum ForceBenchSyntax {
    public static let quality = Flag("--quality", help: "fast mode's error and layout quality against exact mode's on G(N)")
    public static let error = Flag("--error", help: "only the error of --quality")
    public static let edges = Flag("--edges", help: "G(N)'s links, one 'source target' line each, for peers to lay out")
    public static let stress = Flag("--stress", help: "the stress of the layout in FILE ('x y' per node, in order) as a layout of G(N)")
    public static let layout = Flag("--layout", help: "whole layouts of G(N) in each mode: 'mode seconds stress'")
    public static let qualityFile = Flag(
        "--quality-file", help: "fast mode's layout quality against exact mode's on the graph in each PATH (read as fl.graph.load does)")
    public static let single = Flag(
        "--single", help: "one run, 2D unless DIMENSIONS is 3, for profilers (callgrind: --toggle-collect='*measuredTicks*')")
    public static let multilevel = Flag(
        "--multilevel", help: "one multilevel layout of G(N) (fl.layout.multilevel's defaults, POLISH sweeps of stress polish, TICKS on the finest level): its progress, levels, time and peak memory")
    public static let fast = Flag("--fast", help: "with --single: in fast mode")
    public static let help = SharedOptions.help

    /// The flags that pick what is measured; at most one may be given.
    public static let modes = [quality, error, edges, stress, layout, qualityFile, single, multilevel]

    /// The declaration.
    public static let command = CommandDeclaration(
        name: "ForceBench",
        forms: [
            "N [N ...]   (link + manyBody + center on G(N), exact then fast mode)",
            "--quality N [N ...]", "--error N [N ...]", "--edges N", "--stress N FILE", "--layout N", "--quality-file PATH [PATH ...]",
            "[--fast] --single N THREADS WARMUP TICKS [DIMENSIONS]", "--multilevel N [POLISH] [TICKS]",
        ],
        options: modes.map(\.declaration) + [fast.declaration, help.declaration],
        operand: "the first size", afterOperand: .taken,
        markers: [Marker("--", "stop handling options")],
        notes: """
            G(N) is the benchmark graph of docs/benchmark-graph.md. scripts/bench runs one process per size, for a peak
            memory per size. Exit status: 0 done, 2 usage error.
            """)
}
