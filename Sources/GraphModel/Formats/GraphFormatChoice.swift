/// How a graph file's format is chosen when it is loaded or saved.
public enum GraphFormatChoice: Equatable, Sendable {
    /// From the path's extension; a .json file is d3 or React Flow by content when loaded, d3 when saved.
    case fromExtension
    /// JSON whatever the extension: d3 or React Flow by content when loaded, d3 when saved.
    case json
    /// This format, whatever the extension.
    case given(GraphFormat)

    /// The names a caller may choose by: each format's raw value, and `json`.
    public static let names = GraphFormat.allCases.map(\.rawValue) + ["json"]

    /// The choice `names` names by `name` (exactly), else nil.
    public init?(name: String) {
        if name == "json" {
            self = .json
        } else if let format = GraphFormat(rawValue: name) {
            self = .given(format)
        } else {
            return nil
        }
    }
}

/// How a caller asks for a graph file to be loaded or saved: the format, and when saving whether what the format
/// cannot hold may be left out.
public struct GraphFileSettings: Sendable {
    /// How the format is chosen.
    public var format = GraphFormatChoice.fromExtension
    /// When saving, leave out what the format cannot hold (and say what) instead of refusing the save.
    public var lossy = false

    /// The defaults.
    public init() {}

    /// No setting is a number.
    public static func range(of setting: PartialKeyPath<GraphFileSettings>) -> ClosedRange<Double>? { nil }
}
