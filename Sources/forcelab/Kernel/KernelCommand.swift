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

        /// Reads `[forcelab options] -f FILE`.
        init(_ arguments: [String], environment: [String: String]) throws {
            var rest: [String] = [], file: String?
            var index = 0
            while index < arguments.count {
                if arguments[index] == "-f" || arguments[index] == "--connection-file" {
                    guard index + 1 < arguments.count else { throw CommandLineOptions.UsageError(message: "kernel: '-f' needs the connection file") }
                    file = arguments[index + 1]
                    index += 2
                } else {
                    rest.append(arguments[index])
                    index += 1
                }
            }
            guard let file else { throw CommandLineOptions.UsageError(message: "kernel: no connection file (-f FILE) given") }
            connectionFile = file
            options = try CommandLineOptions(["forcelab"] + rest, environment: environment)
            guard options.script == nil, !options.watch, !options.interactive, !options.showHelp else {
                throw CommandLineOptions.UsageError(message: "kernel: only forcelab's options for running code may be given (no script, -i, --watch)")
            }
            cellTimeout = options.timeout
            options.timeout = 0
            if options.sandbox {
                // The notebook's folder is the kernel's working folder: readable, as a script's own folder is.
                options.readableFolders.append(FileManager.default.currentDirectoryPath)
            }
        }
    }

    /// Runs `forcelab kernel` with the arguments after the word kernel; returns the exit status.
    static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            if arguments.first == "-h" || arguments.first == "--help" {
                print(KernelSpec.usage)
                return 0
            }
            if arguments.first == "install" {
                let spec = try KernelSpec(arguments: Array(arguments.dropFirst()), environment: environment)
                let folder = try spec.install(executable: executablePath(), environment: environment)
                print("Installed kernelspec \(spec.name) in \(folder)")
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
        } catch let error as CommandLineOptions.UsageError {
            Diagnostics.write("forcelab: \(error.message)\n\(KernelSpec.usage)\n")
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
