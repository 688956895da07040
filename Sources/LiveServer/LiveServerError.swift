/// Why a live server could not start.
public struct LiveServerError: Error, CustomStringConvertible {
    /// What went wrong, in words.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
