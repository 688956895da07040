/// A stress layout option out of its range.
public struct StressOptionError: Error, Equatable, CustomStringConvertible {
    /// The option's name.
    public let option: String
    /// What is wrong with its value.
    public let problem: String

    /// The message: the option and the problem.
    public var description: String { "option '\(option)': \(problem)" }
}
