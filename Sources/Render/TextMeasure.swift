/// Estimates text widths for layout, since an SVG writer cannot ask the renderer.
enum TextMeasure {
    /// Approximate width in pixels of `text` at `fontSize` in a DejaVu-like sans-serif font.
    static func width(_ text: String, fontSize: Double) -> Double {
        var units = 0.0
        for ch in text {
            if ch.isUppercase || ch == "m" || ch == "w" || ch == "M" || ch == "W" {
                units += 0.72
            } else if "il.,;:'!|".contains(ch) {
                units += 0.32
            } else if ch == " " {
                units += 0.32
            } else {
                units += 0.6
            }
        }
        return units * fontSize
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
}
