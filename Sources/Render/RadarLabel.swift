/// Where a radar axis label sits: anchored by the axis angle, and how large the chart may be so it stays inside.
struct RadarLabel {
    /// The axis direction (screen coordinates, y down).
    let direction: SIMD2<Double>
    /// The estimated text width in pixels.
    let width: Double
    /// The number of text lines (the name's lines, then the range on per-axis charts and which way is better).
    let lines: Int
    /// The font size in pixels.
    let fontSize: Double
    /// The space in pixels between the end of the axis and the label point.
    let gap: Double

    /// "start" on the right side, "end" on the left, "middle" at the top and bottom.
    var anchor: String {
        direction.x > 0.05 ? "start" : direction.x < -0.05 ? "end" : "middle"
    }

    /// The baseline's offset from the label point: text above points at the top, below at the bottom.
    var baselineOffset: Double {
        let extra = Double(lines - 1) * fontSize * 1.2
        if direction.y < -0.3 { return -4 - extra }
        if direction.y > 0.3 { return fontSize + 2 }
        return fontSize * 0.35 - extra / 2
    }

    /// The label box relative to the label point: (minX, minY, maxX, maxY).
    private var box: WorldRect {
        let minX = anchor == "start" ? 0 : anchor == "end" ? -width : -width / 2
        let top = baselineOffset - fontSize
        return WorldRect(minX: minX, minY: top, maxX: minX + width,
                         maxY: top + fontSize * 1.25 + Double(lines - 1) * fontSize * 1.2)
    }

    /// The largest chart radius for which this label stays inside `area`.
    func largestRadius(center: SIMD2<Double>, area: WorldRect) -> Double {
        var best = min(area.width, area.height) / 2
        let b = box
        func limit(_ u: Double, low: Double, high: Double, c: Double, near: Double, far: Double) {
            if u > 1e-9 { best = min(best, (high - c - far) / u - gap) }
            if u < -1e-9 { best = min(best, (low - c - near) / u - gap) }
        }
        limit(direction.x, low: area.minX, high: area.maxX, c: center.x, near: b.minX, far: b.maxX)
        limit(direction.y, low: area.minY, high: area.maxY, c: center.y, near: b.minY, far: b.maxY)
        return best
    }
}
