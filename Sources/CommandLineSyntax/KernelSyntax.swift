/// `forcelab kernel [options] -f CONNECTION_FILE`: the Jupyter kernel, as Jupyter starts it from the kernelspec. It
/// takes forcelab's options for running code; `--timeout` is each cell's limit.
public enum KernelSyntax {
    public static let connectionFile = Option<String>.text(
        "-f", "CONNECTION_FILE", .file, help: "the connection file Jupyter writes for the kernel (its ports and key)")
    public static let timeout = Option<Double>.seconds(
        "--timeout", maximum: 1e6, help: "end a cell that runs longer than SECONDS with an error; the kernel lives on")
    public static let help = SharedOptions.help

    /// The declaration.
    public static let command = CommandDeclaration(
        name: "forcelab kernel",
        forms: ["[options] -f CONNECTION_FILE", "install [options] [-- forcelab options]   (see forcelab kernel install --help)"],
        options: [
            connectionFile.declaration, ForcelabSyntax.execute.declaration, ForcelabSyntax.require.declaration,
            ForcelabSyntax.ignoreEnvironment.declaration, ForcelabSyntax.warnings.declaration, ForcelabSyntax.sandbox.declaration,
            ForcelabSyntax.allowRead.declaration, ForcelabSyntax.outputFolder.declaration, timeout.declaration,
            ForcelabSyntax.maxInstructions.declaration, ForcelabSyntax.maxMemory.declaration, help.declaration,
        ],
        operand: "the kernel's arguments", afterOperand: .taken,
        markers: [],
        notes: """
            Cells run as lines at forcelab's prompt do; the sandbox reads under the kernel's working folder (the
            notebook's) and --allow-read. docs/notebook.md has the details.
            """)
}

/// `forcelab kernel install [--user | --prefix P | --sys-prefix] [--name N] [--display-name D] [-- options]`: writes
/// the kernelspec Jupyter lists the kernel by.
public enum KernelInstallSyntax {
    public static let user = Flag("--user", help: "install for this user (JUPYTER_DATA_DIR, else ~/.local/share/jupyter)")
    public static let prefix = Option<String>.text("--prefix", "P", .folder, help: "install under P/share/jupyter")
    public static let sysPrefix = Flag("--sys-prefix", help: "install into the active virtual environment (VIRTUAL_ENV or CONDA_PREFIX)")
    public static let name = Option<String>.text(
        "--name", "N", .text, default: "forcelab", help: "the kernelspec's name: letters, digits, '-', '.' and '_'")
    public static let displayName = Option<String>.text(
        "--display-name", "D", .text, default: "forcelab (Lua)", help: "the name the notebook's launcher shows")
    public static let help = SharedOptions.help

    /// The declaration.
    public static let command = CommandDeclaration(
        name: "forcelab kernel install",
        forms: ["[--user | --prefix P | --sys-prefix] [--name N] [--display-name D] [-- forcelab options]"],
        options: [user.declaration, prefix.declaration, sysPrefix.declaration, name.declaration, displayName.declaration, help.declaration],
        operand: "forcelab's options", afterOperand: .taken,
        markers: [Marker(
            "--", "the forcelab options every kernel started from the kernelspec runs with: --sandbox, --allow-read DIR,"
                + " --out DIR, --timeout SECONDS (per cell), --max-memory SIZE")],
        notes: "Without --user, --prefix or --sys-prefix it installs for every user, in /usr/local/share/jupyter/kernels.")
}
