/// A mistake on the command line: the program prints `PROGRAM: message`, then its usage, and exits with status 2.
/// Every command words its mistakes the same way, an option's name always in quotes.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// A usage error with its message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// `unknown option '--x'`.
    static func unknownOption(_ name: String) -> UsageError { UsageError("unknown option '\(name)'") }

    /// `'--jobs' needs a value`.
    static func missingValue(_ name: String) -> UsageError { UsageError("'\(name)' needs a value") }

    /// `'--jobs' must be a whole number from 1 to 1024, got '0'`; `name` is quoted when it is an option.
    public static func badValue(_ name: String, _ text: String, expected: String) -> UsageError {
        UsageError("\(name.hasPrefix("-") ? "'\(name)'" : name) must be \(expected), got '\(text)'")
    }

    /// `'--quality' and '--layout' cannot be given together`.
    public static func together(_ first: String, _ second: String) -> UsageError {
        UsageError("'\(first)' and '\(second)' cannot be given together")
    }

    /// `'--out' after the spec is forcelab sweep's own option: ...`.
    static func optionAfterOperand(_ name: String, operand: String, command: String) -> UsageError {
        UsageError("'\(name)' after \(operand) is \(command)'s own option: give it before \(operand), or '--' before \(operand) to pass it on")
    }
}
