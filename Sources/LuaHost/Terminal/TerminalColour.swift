import Foundation

/// Whether output to standard output may use ANSI colour: it is a terminal, TERM names one that is not `dumb`, and
/// NO_COLOR (no-color.org) is unset or empty.
enum TerminalColour {
    /// The answer for the current process.
    static var onStandardOutput: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) != 0 && allowed(term: environment["TERM"], noColour: environment["NO_COLOR"])
    }

    /// Whether TERM and NO_COLOR allow colour.
    static func allowed(term: String?, noColour: String?) -> Bool {
        guard let term, !term.isEmpty, term != "dumb" else { return false }
        return noColour?.isEmpty ?? true
    }
}
