import CommandLineSyntax
import Foundation
import JupyterProtocol

/// `forcelab kernel ...`: runs a notebook kernel, or installs its kernelspec.
enum KernelCommand {
    /// The kernel's command line: the connection file and the forcelab options the cells run with.
    struct Settings {
        let connectionFile: String
        /// The options as for a script (sandbox, memory); the time limit applies per cell instead.
        var options: CommandLineOptions
        let cellTimeout: Double

        /// Reads `[forcelab options] -f FILE` against `KernelSyntax`.
        init(_ arguments: [String], environment: [String: String]) throws {
            let parsed = try ParsedArguments(arguments, command: KernelSyntax.command)
            if let operand = parsed.operands.first { throw UsageError("unexpected argument '\(operand)'") }
            guard let file = try parsed.value(KernelSyntax.connectionFile) else {
                throw UsageError("no connection file ('-f CONNECTION_FILE') given")
            }
            connectionFile = file
            cellTimeout = try parsed.value(KernelSyntax.timeout) ?? 0
            // The options a script's run takes (the sandbox, the limits, -e and -l), from this one reading: the
            // connection file and the time limit, each cell's here, are the kernel's own declarations.
            options = try CommandLineOptions(parsed, of: ["forcelab"] + arguments, environment: environment)
            // The notebook's folder is the kernel's working folder: readable, as a script's own folder is.
            options.notebookFolder = FileManager.default.currentDirectoryPath
        }
    }

    /// Runs `forcelab kernel` with the arguments after the word kernel; returns the exit status.
    static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            if arguments.first == "install" {
                let spec = try KernelSpec(arguments: Array(arguments.dropFirst()), environment: environment)
                if spec.showHelp {
                    print(KernelInstallSyntax.command.usage)
                    return 0
                }
                let folder = try spec.install(executable: executablePath(), environment: environment)
                print("Installed kernelspec \(spec.name) in \(folder)")
                return 0
            }
            if arguments.contains(KernelSyntax.help.declaration.name) || arguments.contains("--help") {
                print(KernelSyntax.command.usage)
                return 0
            }
            let settings = try Settings(arguments, environment: environment)
            let connection = try ConnectionInfo(path: settings.connectionFile)
            let interpreter = try Interpreter(options: settings.options)
            // A cell is no script: `arg` holds only the program, so `arg[1] or "out"` picks the default as in a script run alone.
            interpreter.lua.setGlobalArray("arg", [executablePath()], firstIndex: 0)
            for action in settings.options.actions { try interpreter.perform(action) }
            let kernel = try NotebookKernel(connection: connection, lua: interpreter.lua, cellTimeout: settings.cellTimeout)
            return kernel.serve()
        } catch let error as UsageError {
            let command = arguments.first == "install" ? KernelInstallSyntax.command : KernelSyntax.command
            Diagnostics.write("\(command.name): \(error.message)\n\(command.usage)\n")
            return Interpreter.Status.usageError.rawValue
        } catch {
            Diagnostics.write("forcelab kernel: \(error)\n")
            return Interpreter.Status.scriptError.rawValue
        }
    }

    /// The absolute path of the running forcelab, for kernel.json's argv.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
