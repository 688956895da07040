import Foundation

setvbuf(stdout, nil, _IOLBF, 0)
let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "sweep" {
    exit(SweepCommand.main(Array(arguments.dropFirst(2)), environment: ProcessInfo.processInfo.environment))
}
do {
    let options = try CommandLineOptions(arguments, environment: ProcessInfo.processInfo.environment)
    if options.showHelp {
        print(CommandLineOptions.usage)
        exit(0)
    }
    let interpreter = try Interpreter(options: options)
    exit(interpreter.run().rawValue)
} catch let error as CommandLineOptions.UsageError {
    FileHandle.standardError.write(Data("forcelab: \(error.message)\n\(CommandLineOptions.usage)\n".utf8))
    exit(Interpreter.Status.usageError.rawValue)
} catch {
    FileHandle.standardError.write(Data("forcelab: \(error)\n".utf8))
    exit(Interpreter.Status.scriptError.rawValue)
}
