import Foundation

/// The one rule that colours nodes by a key (a group or any data field), with legend entries.
///
/// Keys that are all colours are used as they are. Otherwise each key gets a colour of the palette in sorted key
/// order; when there are more keys than colours, the most frequent keys keep a colour and the rest share a grey
/// "other" entry, so that no two legend entries look alike. Nodes without a key are grey, unless no node has one:
/// then all take the palette's first colour.
struct GroupColouring {
    /// One colour per node.
    let colours: [String]
    /// One legend entry per coloured key in sorted key order, then "other" if needed; empty when nothing was mapped.
    let entries: [Legend.Entry]

    /// Colours given node by node: nothing to explain in a legend.
    init(colours: [String]) {
        self.init(colours: colours, entries: [])
    }

    private init(colours: [String], entries: [Legend.Entry]) {
        self.colours = colours
        self.entries = entries
    }

    /// Assigns palette colours to the keys (one per node, nil for none).
    init(keys: [String?], palette: [String]) {
        let present = keys.compactMap { $0 }
        if !present.isEmpty, present.allSatisfy(GroupColouring.isColour) {
            self.init(colours: keys.map { $0 ?? Palette.ungrouped })
            return
        }
        var counts: [String: Int] = [:]
        for key in present { counts[key, default: 0] += 1 }
        var sorted = Palette.sortedKeys(counts.keys)
        var overflow: [String] = []
        if sorted.count > palette.count {
            let rank = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
            let byCount = sorted.sorted { (counts[$0]!, rank[$1]!) > (counts[$1]!, rank[$0]!) }
            let kept = Set(byCount.prefix(palette.count - 1))
            overflow = sorted.filter { !kept.contains($0) }
            sorted = sorted.filter { kept.contains($0) }
        }
        var colourOf: [String: String] = [:]
        for (k, key) in sorted.enumerated() { colourOf[key] = palette[k] }
        let fallback = sorted.isEmpty && overflow.isEmpty ? palette[0] : Palette.ungrouped
        var entries = sorted.map { Legend.Entry(name: $0, colour: colourOf[$0]!) }
        if !overflow.isEmpty {
            entries.append(Legend.Entry(name: "other (\(overflow.count) groups)", colour: Palette.ungrouped))
        }
        self.init(colours: keys.map { $0.flatMap { colourOf[$0] } ?? fallback }, entries: entries)
    }

    /// Whether a text is a colour an SVG reader understands (hex or functional notation, or a common name).
    static func isColour(_ text: String) -> Bool {
        text.hasPrefix("#") || text.hasPrefix("rgb(") || text.hasPrefix("hsl(")
            || (text.count >= 3 && text.allSatisfy { $0.isLetter && $0.isLowercase } && cssNames.contains(text))
    }

    private static let cssNames: Set<String> = [
        "black", "white", "red", "green", "blue", "yellow", "orange", "purple", "gray", "grey", "pink", "brown",
        "cyan", "magenta", "navy", "teal", "olive", "maroon", "lime", "silver", "gold", "steelblue", "tomato",
        "crimson", "coral", "salmon", "orchid", "indigo", "violet", "turquoise", "tan", "khaki", "none",
    ]
}
