import CommandLineSyntax
import Foundation
import GraphModel
import Render

/// `forcelab kernel install`: writes the kernelspec Jupyter finds the kernel by (kernel.json with the command line,
/// and the logo, which forcelab draws itself), in the folder `jupyter kernelspec list` searches for the place asked.
struct KernelSpec {
    /// Where the kernelspec goes: the user's data folder, a prefix's, or the system's (no flag).
    enum Place {
        case user, prefix(String), system
    }

    let name: String
    let displayName: String
    var place = Place.system
    /// `--help`: print the usage instead.
    let showHelp: Bool
    /// forcelab options the kernel runs with (--sandbox, --timeout...), after `--` on the install command line.
    let kernelOptions: [String]

    /// Reads `install`'s arguments (after the word install), against `KernelInstallSyntax`.
    init(arguments: [String], environment: [String: String]) throws {
        typealias Syntax = KernelInstallSyntax
        let split = arguments.firstIndex(of: "--") ?? arguments.count
        let parsed = try ParsedArguments(Array(arguments[..<split]), command: Syntax.command)
        if let operand = parsed.operands.first { throw UsageError("unexpected argument '\(operand)' (forcelab options go after '--')") }
        showHelp = parsed.contains(Syntax.help)
        let places = [parsed.contains(Syntax.user), parsed.contains(Syntax.prefix), parsed.contains(Syntax.sysPrefix)]
        guard places.filter({ $0 }).count <= 1 else { throw UsageError("give only one of '--user', '--prefix' and '--sys-prefix'") }
        if parsed.contains(Syntax.user) { place = .user }
        if let prefix = try parsed.value(Syntax.prefix) { place = .prefix(prefix) }
        if parsed.contains(Syntax.sysPrefix) {
            guard let prefix = environment["VIRTUAL_ENV"] ?? environment["CONDA_PREFIX"] else {
                throw UsageError("'--sys-prefix' needs an active virtual environment (VIRTUAL_ENV or CONDA_PREFIX)")
            }
            place = .prefix(prefix)
        }
        name = try parsed.valueOrDefault(Syntax.name)
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
            throw UsageError("'--name' must hold only letters, digits, '-', '.' and '_', got '\(name)'")
        }
        displayName = try parsed.valueOrDefault(Syntax.displayName)
        kernelOptions = Array(arguments[min(split + 1, arguments.count)...])
        // The options must be ones the kernel accepts: checked now, not when a notebook starts.
        _ = try KernelCommand.Settings(kernelOptions + ["-f", "connection.json"], environment: [:])
    }

    /// The kernelspec's folder for `place`.
    func folder(environment: [String: String]) -> String {
        switch place {
        case .user:
            let data = environment["JUPYTER_DATA_DIR"]
                ?? (environment["XDG_DATA_HOME"] ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share") + "/jupyter"
            return data + "/kernels/" + name
        case .prefix(let prefix): return prefix + "/share/jupyter/kernels/" + name
        case .system: return "/usr/local/share/jupyter/kernels/" + name
        }
    }

    /// Writes kernel.json and the logos into the folder; returns the folder.
    func install(executable: String, environment: [String: String]) throws -> String {
        let folder = folder(environment: environment)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot make the folder '\(folder)': \(error.localizedDescription)")
        }
        let spec: [String: Any] = [
            "argv": [executable, "kernel"] + kernelOptions + ["-f", "{connection_file}"],
            "display_name": displayName, "language": "lua", "interrupt_mode": "signal",
            "metadata": ["debugger": false],
        ]
        let json = try JSONSerialization.data(withJSONObject: spec, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try AtomicFile.write(String(decoding: json, as: UTF8.self) + "\n", to: folder + "/kernel.json")
        let logo = try KernelSpec.logo()
        try AtomicFile.write(logo, to: folder + "/logo-svg.svg")
        for size in [32, 64] { try KernelSpec.png(of: folder + "/logo-svg.svg", size: size, to: folder + "/logo-\(size)x\(size).png") }
        return folder
    }

    /// forcelab's logo: a small force layout (a hub, its ring and a tail) drawn by Render as the pictures are.
    static func logo() throws -> String {
        let ring = (0..<6).map { i -> GraphScene.Node in
            let angle = Double(i) * Double.pi / 3
            var node = GraphScene.Node(id: "r\(i)", x: 40 * cos(angle), y: 40 * sin(angle))
            node.group = "ring"
            return node
        }
        var hub = GraphScene.Node(id: "hub", x: 0, y: 0)
        hub.group = "hub"
        let nodes = [hub] + ring
        let edges = (1...6).map { GraphScene.Edge(source: 0, target: $0) } + (1...6).map { GraphScene.Edge(source: $0, target: $0 % 6 + 1) }
        var options = GraphSVGOptions()
        options.width = 64
        options.height = 64
        options.padding = 6
        options.background = nil
        options.labels = .never
        options.legend = false
        options.nodeRadius = .constant(6)
        options.edgeStrokeWidth = .constant(2.5)
        options.edgeStroke = .constant("#4e79a7")
        options.nodeFill = .constant("#f28e2b")
        return try GraphSVG(scene: GraphScene(nodes: nodes, edges: edges), options: options).render()
    }

    /// Renders the SVG at `path` to a PNG of `size` pixels with rsvg-convert (librsvg, which scripts/setup installs).
    private static func png(of path: String, size: Int, to output: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "-w", "\(size)", "-h", "\(size)", "-o", output, path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            throw UsageError("cannot run rsvg-convert to make the logo's PNG: \(error.localizedDescription)")
        }
        guard process.terminationStatus == 0 else {
            throw UsageError("rsvg-convert could not make \(output) (status \(process.terminationStatus))")
        }
    }
}
