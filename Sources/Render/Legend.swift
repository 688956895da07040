/// A list of coloured swatches with names, drawn in a box at a corner of a picture.
struct Legend {
    /// One entry: its name and colour.
    struct Entry {
        /// The text beside the swatch.
        let name: String
        /// The swatch colour.
        let colour: String
    }

    /// A heading above the entries (column legends only).
    let title: String?
    /// The entries in order.
    let entries: [Entry]
    /// The font size in pixels.
    let fontSize: Double
    /// Whether entries run in one row (true) or one column (false).
    var horizontal = false

    /// The width of one entry: swatch, gap and name.
    private func entryWidth(_ entry: Entry) -> Double {
        TextMeasure.width(entry.name, fontSize: fontSize) + fontSize * 1.4
    }

    /// Height of one row in pixels.
    var rowHeight: Double { fontSize * 1.6 }

    /// The width the legend box needs.
    var width: Double {
        if horizontal { return entries.map { entryWidth($0) + 14 }.reduce(0, +) + 2 }
        let names = entries.map { TextMeasure.width($0.name, fontSize: fontSize) }
        let titleWidth = title.map { TextMeasure.width($0, fontSize: fontSize) } ?? 0
        return max(names.max() ?? 0, titleWidth - fontSize * 1.4) + fontSize * 1.4 + 16
    }

    /// The height the legend box needs.
    var height: Double {
        if horizontal { return rowHeight + 10 }
        return Double(entries.count + (title == nil ? 0 : 1)) * rowHeight + 10
    }

    /// Draws the legend with its top-left corner at (x, y).
    func draw(into svg: inout SVGWriter, x: Double, y: Double) {
        svg.open("g", [("class", "legend")])
        svg.element("rect", [("x", x.svg), ("y", y.svg), ("width", width.svg), ("height", height.svg),
                             ("rx", "4"), ("fill", "#ffffff"), ("fill-opacity", "0.85"),
                             ("stroke", "#cccccc")])
        var rowTop = y + 5
        var left = x + 8
        if let title {
            svg.text("text", [("x", (x + 8).svg), ("y", (rowTop + rowHeight * 0.7).svg),
                              ("font-size", fontSize.svg), ("font-weight", "bold"), ("fill", "#222222")], title)
            rowTop += rowHeight
        }
        for entry in entries {
            let swatch = fontSize * 0.9
            svg.element("rect", [("x", left.svg), ("y", (rowTop + (rowHeight - swatch) / 2).svg),
                                 ("width", swatch.svg), ("height", swatch.svg), ("rx", "2"), ("fill", entry.colour)])
            svg.text("text", [("x", (left + fontSize * 1.4).svg), ("y", (rowTop + rowHeight * 0.7).svg),
                              ("font-size", fontSize.svg), ("fill", "#222222")], entry.name)
            if horizontal { left += entryWidth(entry) + 14 } else { rowTop += rowHeight }
        }
        svg.close("g")
    }
}
