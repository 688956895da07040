import NodeOutline
/// What a graph picture draws over the graph to explain a simulation: fixed-node rings, Barnes-Hut cells, arrows.
extension GraphSVG {
    /// A circle's outline width: the option's, but at most a quarter of the radius, so the fill always shows.
    func outlineWidth(radius: Double) -> Double {
        min(options.nodeStrokeWidth, radius / 4)
    }

    /// Throws when an overlay does not fit the scene or holds numbers that cannot be drawn.
    func validateOverlays() throws {
        let n = scene.nodes.count
        for arrows in options.arrows {
            guard arrows.vectors.count == n else {
                throw RenderError("\(arrows.kind.rawValue) arrows have \(arrows.vectors.count) vectors but the graph has \(n) nodes")
            }
            if let bad = arrows.vectors.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                throw RenderError("node '\(scene.nodes[bad].id)' has a \(arrows.kind.rawValue) that is not a finite number")
            }
        }
        if let scale = options.arrowScale { try StyleNumbers.check([("arrowScale", scale, StyleNumbers.scale)]) }
        if let cells = options.cells {
            guard scene.nodes.indices.contains(cells.node) else {
                throw RenderError("the cells' node index \(cells.node) is not one of the \(n) nodes")
            }
            guard cells.cells.allSatisfy({ ($0.lower - $0.upper).x.isFinite && ($0.lower - $0.upper).y.isFinite }) else {
                throw RenderError("a Barnes-Hut cell has a corner that is not a finite number")
            }
        }
    }

    /// The legend entries of the overlays drawn: the arrow kinds, then the cell uses present.
    var overlayKey: [Legend.Entry] {
        let arrows = options.arrows.map { Legend.Entry(name: $0.kind.legendName, colour: $0.kind.colour) }
        let uses = CellOverlay.Use.allCases.filter { use in options.cells?.cells.contains { $0.use == use } ?? false }
        return arrows + uses.map { Legend.Entry(name: $0.legendName, colour: $0.colour) }
    }

    /// Whether some Barnes-Hut cell reaches past `area`, so that the picture shows it cut (the key then says so).
    func cellsRunOff(area: WorldRect, screen: (Double, Double) -> SIMD2<Double>) -> Bool {
        let margin = 0.01
        return options.cells?.cells.contains { cell in
            let a = screen(cell.lower.x, cell.lower.y), b = screen(cell.upper.x, cell.upper.y)
            return a.x < area.minX - margin || a.y < area.minY - margin || b.x > area.maxX + margin || b.y > area.maxY + margin
        } ?? false
    }

    /// A dark ring just outside each fixed node (circle or box), when `fixedMark` is on.
    func drawFixedMarks(shapes: [NodeShape], layout: SceneLayout, into svg: inout SVGWriter) {
        let fixed = scene.nodes.indices.filter { scene.nodes[$0].isFixed && !layout.isParent[$0] }
        guard options.fixedMark, !fixed.isEmpty else { return }
        svg.open("g", [("class", "fixed"), ("fill", "none"), ("stroke", "#212529")])
        for i in fixed {
            let s = shapes[i]
            let width = max(0.4, min(2, s.halfWidth / 4)), gap = max(0.6, min(2.5, s.halfWidth / 3))
            if s.isBox {
                svg.element("rect", [("x", (s.center.x - s.halfWidth - gap).svg), ("y", (s.center.y - s.halfHeight - gap).svg),
                                     ("width", (2 * (s.halfWidth + gap)).svg), ("height", (2 * (s.halfHeight + gap)).svg),
                                     ("rx", "6"), ("stroke-width", width.svg)])
            } else {
                svg.element("circle", [("cx", s.center.x.svg), ("cy", s.center.y.svg), ("r", (s.halfWidth + gap).svg),
                                       ("stroke-width", width.svg)])
            }
        }
        svg.close("g")
    }

    /// The Barnes-Hut cells, cut at the edges of `area` (the part of the picture the graph is fitted into: d3's
    /// root square often reaches well beyond the graph), and a ring around the node whose sum they make.
    func drawCells(shapes: [NodeShape], screen: (Double, Double) -> SIMD2<Double>, area: WorldRect, into svg: inout SVGWriter) {
        guard let overlay = options.cells else { return }
        svg.open("g", [("class", "cells"), ("stroke-width", "0.8")])
        // A nested viewport in the picture's own units cuts what runs past it, with no id to clash with another
        // picture's on the same page.
        let box = [area.minX, area.minY, area.width, area.height].map(\.svg)
        svg.open("svg", [("x", box[0]), ("y", box[1]), ("width", box[2]), ("height", box[3]), ("viewBox", box.joined(separator: " "))])
        for cell in overlay.cells {
            let a = screen(cell.lower.x, cell.lower.y), b = screen(cell.upper.x, cell.upper.y)
            var attributes = [("class", cell.use.rawValue), ("x", a.x.svg), ("y", a.y.svg),
                              ("width", (b.x - a.x).svg), ("height", (b.y - a.y).svg), ("stroke", cell.use.colour)]
            switch cell.use {
            case .approximated: attributes += [("fill", cell.use.colour), ("fill-opacity", "0.1")]
            case .opened: attributes += [("fill", "none")]
            case .direct: attributes += [("fill", "none"), ("stroke-dasharray", "2 2")]
            }
            svg.element("rect", attributes)
        }
        svg.close("svg")
        let s = shapes[overlay.node]
        svg.element("circle", [("class", "subject"), ("cx", s.center.x.svg), ("cy", s.center.y.svg),
                               ("r", (max(s.halfWidth, s.halfHeight) + 3).svg), ("fill", "none"),
                               ("stroke", "#212529"), ("stroke-width", "2")])
        svg.close("g")
    }

    /// The arrows, each kind in its colour with a closed head; arrows shorter than a pixel are left out.
    func drawArrows(shapes: [NodeShape], zoom: Double, into svg: inout SVGWriter) {
        guard !options.arrows.isEmpty else { return }
        let longest = options.arrows.flatMap(\.vectors).map { ($0 * $0).sum().squareRoot() }.max() ?? 0
        let scale = options.arrowScale.map { $0 * zoom } ?? (longest > 0 ? GraphSVGOptions.longestArrow / longest : 0)
        for arrows in options.arrows {
            svg.open("g", [("class", "arrows \(arrows.kind.rawValue)"), ("stroke", arrows.kind.colour),
                           ("fill", arrows.kind.colour), ("stroke-width", "1.5"), ("stroke-linecap", "round")])
            for (i, vector) in arrows.vectors.enumerated() {
                let v = vector * scale
                let length = (v * v).sum().squareRoot()
                guard length >= 1 else { continue }
                let from = shapes[i].center, to = from + v
                let direction = v / length, across = SIMD2(-direction.y, direction.x)
                let head = min(7, length * 0.4), base = to - direction * head
                let left = base + across * head * 0.45, right = base - across * head * 0.45
                svg.element("path", [("d", "M\(from.x.svg),\(from.y.svg) L\(base.x.svg),\(base.y.svg)")])
                svg.element("path", [("d", "M\(to.x.svg),\(to.y.svg) L\(left.x.svg),\(left.y.svg) L\(right.x.svg),\(right.y.svg) Z"),
                                     ("stroke", "none")])
            }
            svg.close("g")
        }
    }
}
