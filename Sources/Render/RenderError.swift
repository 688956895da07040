/// An error from a render function: bad input, named in a message a script author can act on.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    /// What was wrong with the input.
    public let message: String

    /// Makes an error with the given message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
