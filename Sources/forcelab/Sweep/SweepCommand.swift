import CommandLineSyntax
import Foundation

/// `forcelab sweep ...`: parses the arguments after `sweep` and runs, merges or serves as a worker.
enum SweepCommand {
    /// Runs the command and returns the exit status (2 for a usage error).
    static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        let options: SweepOptions
        let memoryLimit: Int
        do {
            options = try SweepOptions(arguments, environment: environment)
            memoryLimit = try CommandLineOptions.memoryLimit(environment: environment)
        } catch {
            Diagnostics.write("forcelab sweep: \(error)\n\(SweepSyntax.command.usage)\n")
            return 2
        }
        switch options.mode {
        case .help:
            print(SweepSyntax.command.usage)
            return 0
        case .worker: return SweepWorker.serve(spec: options.spec!, arguments: options.specArguments, memoryLimit: memoryLimit)
        case .run: return SweepRun(options: options, memoryLimit: memoryLimit).run()
        case .merge:
            return SweepMerge(files: options.files, folder: options.out ?? SweepSyntax.defaultMergeFolder, mixedBuilds: options.mixedBuilds).run()
        }
    }
}
