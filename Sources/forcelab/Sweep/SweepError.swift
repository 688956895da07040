/// A sweep that cannot start or go on, with the reason.
struct SweepError: Error, CustomStringConvertible {
    /// What went wrong, naming the file or the option.
    let description: String

    /// Makes an error with its message.
    init(_ description: String) {
        self.description = description
    }
}
