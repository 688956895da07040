import CommandLineSyntax
import Foundation
import LuaHost
import ProcessorSupport

Diagnostics.keepStandardDescriptorsOpen()
setvbuf(stdout, nil, _IOLBF, 0)
#if FORCELAB_ENGINE_VECTOR_UNITS
if let refusal = ProcessorSupport.refusalHere(program: "forcelab") {
    Diagnostics.write(refusal + "\n")
    exit(Interpreter.Status.usageError.rawValue)
}
#endif
let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "sweep" {
    exit(SweepCommand.main(Array(arguments.dropFirst(2)), environment: ProcessInfo.processInfo.environment))
}
if arguments.count > 1 && arguments[1] == "kernel" {
    exit(KernelCommand.main(Array(arguments.dropFirst(2)), environment: ProcessInfo.processInfo.environment))
}
if arguments.count > 1 && arguments[1] == "grade" {
    exit(GradeCommand.main(Array(arguments.dropFirst(2)), environment: ProcessInfo.processInfo.environment))
}
do {
    let options = try CommandLineOptions(arguments, environment: ProcessInfo.processInfo.environment)
    if options.showHelp {
        print(ForcelabSyntax.command.usage)
        exit(0)
    }
    if options.showAPI {
        print(LuaAPIDescription.json(commandLine: CommandLineDescription.json).text)
        exit(0)
    }
    if let folder = options.definitionsFolder { exit(EditorDefinitions.write(to: folder)) }
    if options.watch { exit(Watch(options: options).run().rawValue) }
    if options.each { exit(try EachScript.run(options).rawValue) }
    let interpreter = try Interpreter(options: options)
    exit(interpreter.run().rawValue)
} catch let error as UsageError {
    Diagnostics.write("forcelab: \(error.message)\n\(ForcelabSyntax.command.usage)\n")
    exit(Interpreter.Status.usageError.rawValue)
} catch {
    Diagnostics.write("forcelab: \(error)\n")
    exit(Interpreter.Status.scriptError.rawValue)
}
