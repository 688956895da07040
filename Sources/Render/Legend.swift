/// A list of coloured swatches (or line samples) with names, drawn in a box at a corner of a picture, or in rows.
struct Legend {
    /// How a plot series is drawn, shown in its entry instead of a swatch: a short line in its pattern (none when
    /// the series has no line) with its marker.
    struct LineSample {
        /// The marker at each point.
        let marker: PlotMarker
        /// The line's pattern; nil when the points are not joined.
        let dash: PlotDash?
        /// The line width in pixels.
        let strokeWidth: Double
    }

    /// One entry: its name and colour.
    struct Entry {
        /// The text beside the swatch.
        let name: String
        /// The swatch colour.
        let colour: String
        /// The line sample drawn instead of the swatch; nil for a swatch.
        var sample: LineSample? = nil
    }

    /// A heading above the entries (column legends only).
    let title: String?
    /// The entries in order.
    let entries: [Entry]
    /// The font size in pixels.
    let fontSize: Double
    /// Whether entries run in rows (true) or one column (false).
    var horizontal = false
    /// The widest a row of entries may be (horizontal legends); more entries wrap to further rows.
    var maxWidth = Double.infinity
    /// A remark in grey under the entries, without a swatch (column legends only): what the picture leaves out.
    var note: String? = nil

    /// The width of the swatch or line sample.
    private func swatchWidth(_ entry: Entry) -> Double { entry.sample == nil ? fontSize * 0.9 : fontSize * 2.4 }

    /// The width of one entry: swatch, gap and name.
    private func entryWidth(_ entry: Entry) -> Double {
        TextMeasure.width(entry.name, fontSize: fontSize) + swatchWidth(entry) + fontSize * 0.5
    }

    /// A horizontal legend's entries, row by row: each row as full as `maxWidth` allows (one entry at least).
    private var rows: [[Entry]] {
        var rows: [[Entry]] = [], row: [Entry] = [], used = 2.0
        for entry in entries {
            let needed = entryWidth(entry) + 14
            if !row.isEmpty, used + needed > maxWidth {
                rows.append(row)
                row = []
                used = 2
            }
            row.append(entry)
            used += needed
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// Height of one row in pixels.
    var rowHeight: Double { fontSize * 1.6 }

    /// The width the legend box needs.
    var width: Double {
        if horizontal { return rows.map { $0.map { entryWidth($0) + 14 }.reduce(0, +) + 2 }.max() ?? 2 }
        let names = entries.map { TextMeasure.width($0.name, fontSize: fontSize) }
        let unswatched = [title, note].compactMap { $0.map { TextMeasure.width($0, fontSize: fontSize) } }.max() ?? 0
        return max(names.max() ?? 0, unswatched - fontSize * 1.4) + fontSize * 1.4 + 16
    }

    /// The height the legend box needs.
    var height: Double {
        if horizontal { return Double(max(1, rows.count)) * rowHeight + 10 }
        return Double(entries.count + (title == nil ? 0 : 1) + (note == nil ? 0 : 1)) * rowHeight + 10
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
        for (offset, row) in (horizontal ? rows : entries.map { [$0] }).enumerated() {
            if horizontal && offset > 0 {
                rowTop += rowHeight
                left = x + 8
            }
            for entry in row {
                drawSwatch(entry, into: &svg, x: left, middle: rowTop + rowHeight / 2)
                svg.text("text", [("x", (left + swatchWidth(entry) + fontSize * 0.5).svg), ("y", (rowTop + rowHeight * 0.7).svg),
                                  ("font-size", fontSize.svg), ("fill", "#222222")], entry.name)
                if horizontal { left += entryWidth(entry) + 14 } else { rowTop += rowHeight }
            }
        }
        if let note, !horizontal {
            svg.text("text", [("x", (x + 8).svg), ("y", (rowTop + rowHeight * 0.7).svg),
                              ("font-size", fontSize.svg), ("font-style", "italic"), ("fill", "#6c757d")], note)
        }
        svg.close("g")
    }

    /// Draws an entry's swatch, or its line sample, from `x` centred on the height `middle`.
    private func drawSwatch(_ entry: Entry, into svg: inout SVGWriter, x: Double, middle: Double) {
        guard let sample = entry.sample, sample.dash != nil || sample.marker != .none else {
            let swatch = fontSize * 0.9
            svg.element("rect", [("x", x.svg), ("y", (middle - swatch / 2).svg), ("width", swatch.svg), ("height", swatch.svg),
                                 ("rx", "2"), ("fill", entry.colour)])
            return
        }
        let end = x + swatchWidth(entry)
        if let dash = sample.dash {
            svg.element("line", [("x1", x.svg), ("y1", middle.svg), ("x2", end.svg), ("y2", middle.svg), ("stroke", entry.colour),
                                 ("stroke-width", sample.strokeWidth.svg)]
                + (dash.dashArray(width: sample.strokeWidth).map { [("stroke-dasharray", $0)] } ?? []))
        }
        sample.marker.draw(into: &svg, x: (x + end) / 2, y: middle, r: sample.strokeWidth * 1.8, colour: entry.colour)
    }
}
