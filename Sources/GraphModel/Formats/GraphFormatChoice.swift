/// How a graph file's format is chosen when it is loaded or saved.
public enum GraphFormatChoice: Equatable, Sendable {
    /// From the path's extension; a .json file is d3 or React Flow by content when loaded, d3 when saved.
    case fromExtension
    /// JSON whatever the extension: d3 or React Flow by content when loaded, d3 when saved.
    case json
    /// This format, whatever the extension.
    case given(GraphFormat)
}
