/// An error from a render function: bad input, named in a message a script author can act on.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    /// What was wrong with the input.
    public let message: String
    /// The setting whose value was refused, when one was (the caller names where it was given).
    public let setting: String?
    /// What was wrong with the setting's value (the message without the setting's name).
    public let problem: String

    /// Makes an error with the given message.
    public init(_ message: String) {
        self.message = message
        setting = nil
        problem = message
    }

    /// Makes an error refusing the value of `setting`: `problem` says why.
    public init(setting: String, _ problem: String) {
        message = "\(setting) \(problem)"
        self.setting = setting
        self.problem = problem
    }

    /// The message.
    public var description: String { message }
}
