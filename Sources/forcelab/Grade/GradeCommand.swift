import CommandLineSyntax
import Foundation

/// `forcelab grade [options] exercise.lua submission.lua...`: grades a student's force, or a class's, against an exercise.
enum GradeCommand {
    /// Runs the command and returns the exit status (0 all checks pass, 1 a check fails, 2 usage, 3 a limit).
    static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        if (try? ParsedArguments(arguments, command: GradeSyntax.command).contains(GradeSyntax.help)) == true {
            print(GradeSyntax.command.usage)
            return 0
        }
        do {
            let options = try GradeOptions(arguments, environment: environment)
            defer { options.outputFolder.removeIfEmpty() }
            return options.submissions.count > 1 ? try ClassGrading(options: options).run() : Grader(options: options).run()
        } catch {
            Diagnostics.write("forcelab grade: \(error)\n\(GradeSyntax.command.usage)\n")
            return 2
        }
    }
}
