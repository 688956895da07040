/// A generator's option refused for what it is beside the others (`barabasiAlbert` with m ≥ n, `erdosRenyi` given both
/// p and m) or for its size: the option to change, when one is to blame, apart from what is wrong, so that a caller
/// words it as its other option refusals.
public struct GeneratorOptionError: Error, Equatable, CustomStringConvertible {
    /// The generator.
    public let kind: String
    /// The option to change, or nil when the options are wrong together (give either p or m).
    public let option: String?
    /// What is wrong: `an integer ≥ 1 and < n = 3 expected, got 5`.
    public let reason: String

    /// A refusal of `option` of the generator `kind` (of the options together when nil) for `reason`.
    public init(_ kind: String, option: String?, _ reason: String) {
        self.kind = kind
        self.option = option
        self.reason = reason
    }

    /// `barabasiAlbert: option 'm': ...`, or `erdosRenyi: give either p or m`.
    public var description: String { option.map { "\(kind): option '\($0)': \(reason)" } ?? "\(kind): \(reason)" }
}
