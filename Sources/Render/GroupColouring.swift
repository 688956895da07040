/// Colours nodes by their group key from a categorical palette, with legend entries.
///
/// When there are more groups than colours, the most frequent groups keep a colour and the
/// rest share a grey "other" entry, so that no two legend entries look alike.
struct GroupColouring {
    /// One colour per node.
    let colours: [String]
    /// One legend entry per coloured group in sorted group order, then "other" if needed.
    let entries: [Legend.Entry]

    /// Assigns palette colours to the group keys of `scene`.
    init(scene: GraphScene, palette: [String]) {
        var counts: [String: Int] = [:]
        for node in scene.nodes { if let g = node.group { counts[g, default: 0] += 1 } }
        var keys = Palette.sortedKeys(counts.keys)
        var overflow: [String] = []
        if keys.count > palette.count {
            let rank = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            let byCount = keys.sorted { (counts[$0]!, rank[$1]!) > (counts[$1]!, rank[$0]!) }
            let kept = Set(byCount.prefix(palette.count - 1))
            overflow = keys.filter { !kept.contains($0) }
            keys = keys.filter { kept.contains($0) }
        }
        var colourOf: [String: String] = [:]
        for (k, key) in keys.enumerated() { colourOf[key] = palette[k] }
        let fallback = keys.isEmpty && overflow.isEmpty ? palette[0] : Palette.ungrouped
        colours = scene.nodes.map { $0.group.flatMap { colourOf[$0] } ?? fallback }
        var entries = keys.map { Legend.Entry(name: $0, colour: colourOf[$0]!) }
        if !overflow.isEmpty {
            entries.append(Legend.Entry(name: "other (\(overflow.count) groups)", colour: Palette.ungrouped))
        }
        self.entries = entries
    }
}
