import GraphModel

/// Replaces infinite distances (nodes in different components) by the largest finite one plus `gap`, so that
/// components stay apart without pulling on each other much.
func closeGaps(_ distances: inout [Double], gap: Double) {
    let largest = distances.lazy.filter(\.isFinite).max() ?? 0
    for i in distances.indices where !distances[i].isFinite { distances[i] = largest + gap }
}

/// The mean edge length of `paths` (1 without lengths or edges): the distance added between components.
func meanEdgeLength(_ paths: ShortestPaths) -> Double {
    guard let lengths = paths.lengths, !lengths.isEmpty else { return 1 }
    return lengths.reduce(0, +) / Double(lengths.count)
}
