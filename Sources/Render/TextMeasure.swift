/// Estimates text widths for layout, since an SVG writer cannot ask the renderer.
enum TextMeasure {
    /// Advance widths in ems of DejaVu Sans, for groups of characters of about the same width.
    private static let ems: [Character: Double] = {
        let groups: [(String, Double)] = [
            ("ijlIJ'", 0.29), (" .,:;/|", 0.33), ("ft-()[]", 0.37), ("r!", 0.41), ("\"", 0.46), ("sz*_?–", 0.52),
            ("cLF", 0.56), ("abdeghknopquvxyEPSTY0123456789{}$#", 0.62), ("ABCKRVXZ", 0.69), ("DGHNOQU&", 0.76),
            ("w+=<>~", 0.83), ("M", 0.86), ("mW%@…—", 0.98),
        ]
        return Dictionary(uniqueKeysWithValues: groups.flatMap { chars, em in chars.map { ($0, em) } })
    }()

    /// Approximate width in pixels of `text` at `fontSize` in DejaVu Sans (the font the pictures ask for first).
    static func width(_ text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + (ems[$1] ?? ($1.isUppercase ? 0.72 : 0.62)) } * fontSize
    }

    /// Shortens `text` with an ellipsis so that it fits in `maxWidth` pixels.
    static func truncate(_ text: String, fontSize: Double, maxWidth: Double) -> String {
        if width(text, fontSize: fontSize) <= maxWidth { return text }
        var kept = ""
        for ch in text {
            if width(kept + String(ch) + "…", fontSize: fontSize) > maxWidth { break }
            kept.append(ch)
        }
        return kept + "…"
    }

    /// Breaks `text` at spaces into at most `maxLines` lines of up to `maxWidth` pixels, and a word too wide for a
    /// line where its case changes (`neighbourhood` / `Preservation`, a figure's name); whatever still does not fit
    /// (the rest of the text on the last line) is shortened with an ellipsis.
    static func wrap(_ text: String, fontSize: Double, maxWidth: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let pieces = width(String(word), fontSize: fontSize) > maxWidth ? camelCaseParts(word) : [String(word)]
            for (index, piece) in pieces.enumerated() {
                let candidate = current.isEmpty ? piece : current + (index == 0 ? " " : "") + piece
                if !current.isEmpty && lines.count < maxLines - 1 && width(candidate, fontSize: fontSize) > maxWidth {
                    lines.append(current)
                    current = piece
                } else {
                    current = candidate
                }
            }
        }
        return (lines + [current]).map { truncate($0, fontSize: fontSize, maxWidth: maxWidth) }
    }

    /// `word` cut before each capital that follows a lower-case letter: `edgeLengthCV` gives edge, Length, CV.
    private static func camelCaseParts(_ word: Substring) -> [String] {
        var parts: [String] = []
        var previous: Character?
        for character in word {
            if parts.isEmpty || (character.isUppercase && previous?.isLowercase == true) { parts.append("") }
            parts[parts.count - 1].append(character)
            previous = character
        }
        return parts
    }
}
