/// An error from Lua code or from a binding, carrying the message Lua would show (with its traceback when there is one).
public struct LuaError: Error, CustomStringConvertible {
    /// The message, e.g. `script.lua:3: attempt to call a nil value` followed by a traceback.
    public let message: String
    /// Whether the error came from the memory limit.
    public let isMemoryError: Bool

    /// Whether the message already starts with its `file:line:` (a Lua error passing through), so no position is added.
    public let isLocated: Bool

    /// Creates an error with a message.
    public init(_ message: String, isMemoryError: Bool = false, isLocated: Bool = false) {
        self.message = message
        self.isMemoryError = isMemoryError
        self.isLocated = isLocated
    }

    /// The message.
    public var description: String { message }
}
