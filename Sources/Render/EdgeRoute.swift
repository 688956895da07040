import NodeOutline

/// The SVG path of one edge and where its label goes.
struct EdgeRoute {
    /// The path data.
    let path: String
    /// The label position, halfway along the edge.
    let labelPoint: SIMD2<Double>

    /// Routes an edge between two node outlines in screen coordinates.
    init(type: EdgeType, from source: NodeShape, to target: NodeShape,
         sourceHandle: String?, targetHandle: String?, offset: Double, borderRadius: Double) {
        let pinnedSource = sourceHandle.flatMap(Side.init(named:))
        let pinnedTarget = targetHandle.flatMap(Side.init(named:))
        if type == .straight {
            let s = pinnedSource.map(source.anchor) ?? source.border(toward: target.center)
            let t = pinnedTarget.map(target.anchor) ?? target.border(toward: source.center)
            self = EdgeRoute(polyline: [s, t], radius: 0)
            return
        }
        let sourceSide = pinnedSource ?? source.side(facing: target.center)
        let targetSide = pinnedTarget ?? target.side(facing: source.center)
        let s = source.anchor(sourceSide), t = target.anchor(targetSide)
        if type == .bezier {
            let c1 = s + sourceSide.direction * max(offset, EdgeRoute.controlDistance(from: s, to: t, side: sourceSide))
            let c2 = t + targetSide.direction * max(offset, EdgeRoute.controlDistance(from: t, to: s, side: targetSide))
            path = "M\(s.x.svg),\(s.y.svg) C\(c1.x.svg),\(c1.y.svg) \(c2.x.svg),\(c2.y.svg) \(t.x.svg),\(t.y.svg)"
            labelPoint = (s + t) * 0.125 + (c1 + c2) * 0.375
            return
        }
        let points = EdgeRoute.orthogonal(s, sourceSide, t, targetSide, offset: offset)
        self = EdgeRoute(polyline: points, radius: type == .smoothstep ? borderRadius : 0)
    }

    /// A loop above a node, for an edge from a node to itself.
    init(loopOn node: NodeShape) {
        let a = node.border(toward: node.center + [0.6, -1]), b = node.border(toward: node.center + [-0.6, -1])
        let lift = 18 + node.halfHeight * 0.5
        let c1 = a + [lift * 0.6, -lift * 1.6], c2 = b + [-lift * 0.6, -lift * 1.6]
        path = "M\(a.x.svg),\(a.y.svg) C\(c1.x.svg),\(c1.y.svg) \(c2.x.svg),\(c2.y.svg) \(b.x.svg),\(b.y.svg)"
        labelPoint = (a + b) * 0.125 + (c1 + c2) * 0.375
    }

    /// How far a bezier control point sits out from an anchor: half the forward distance, or a
    /// square-root bulge when the other end lies behind the side.
    private static func controlDistance(from a: SIMD2<Double>, to b: SIMD2<Double>, side: Side) -> Double {
        let forward = ((b - a) * side.direction).sum()
        return forward >= 0 ? 0.5 * forward : 6.25 * (-forward).squareRoot()
    }

    /// Corner points of a route made of horizontal and vertical segments, from anchor `s` leaving by `sourceSide`
    /// to anchor `t` entering by `targetSide`, turning at least `offset` out from each (at `p` and `q`).
    private static func orthogonal(_ s: SIMD2<Double>, _ sourceSide: Side, _ t: SIMD2<Double>, _ targetSide: Side,
                                   offset: Double) -> [SIMD2<Double>] {
        let p = s + sourceSide.direction * offset, q = t + targetSide.direction * offset
        let targetAhead = ((t - s) * sourceSide.direction).sum() > 0
        let sourceAhead = ((s - t) * targetSide.direction).sum() > 0
        switch (sourceSide.isHorizontal, targetSide.isHorizontal) {
        case (true, true):
            if targetAhead && sourceAhead {
                let mx = (s.x + t.x) / 2
                return [s, [mx, s.y], [mx, t.y], t]
            }
            if sourceSide == targetSide {
                let x = sourceSide == .right ? max(p.x, q.x) : min(p.x, q.x)
                return [s, [x, s.y], [x, t.y], t]
            }
            let my = (s.y + t.y) / 2
            return [s, p, [p.x, my], [q.x, my], q, t]
        case (false, false):
            if targetAhead && sourceAhead {
                let my = (s.y + t.y) / 2
                return [s, [s.x, my], [t.x, my], t]
            }
            if sourceSide == targetSide {
                let y = sourceSide == .bottom ? max(p.y, q.y) : min(p.y, q.y)
                return [s, [s.x, y], [t.x, y], t]
            }
            let mx = (s.x + t.x) / 2
            return [s, p, [mx, p.y], [mx, q.y], q, t]
        case (true, false):
            if targetAhead && sourceAhead { return [s, [t.x, s.y], t] }
            return [s, p, [p.x, q.y], q, t]
        case (false, true):
            if targetAhead && sourceAhead { return [s, [s.x, t.y], t] }
            return [s, p, [q.x, p.y], q, t]
        }
    }

    /// A path through `points`, with corners rounded by up to `radius` pixels.
    private init(polyline raw: [SIMD2<Double>], radius: Double) {
        var points: [SIMD2<Double>] = []
        for point in raw where points.last.map({ EdgeRoute.distance($0, point) > 0.01 }) ?? true {
            points.append(point)
        }
        if points.count == 1 { points.append(points[0]) }
        var cleaned: [SIMD2<Double>] = [points[0]]
        for i in 1..<points.count {
            if i + 1 < points.count {
                let a = cleaned.last!, b = points[i], c = points[i + 1]
                let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
                let dot = ((b - a) * (c - b)).sum()
                if abs(cross) < 1e-6 && dot > 0 { continue }
            }
            cleaned.append(points[i])
        }
        var d = "M\(cleaned[0].x.svg),\(cleaned[0].y.svg)"
        for i in 1..<cleaned.count {
            let b = cleaned[i]
            if i + 1 < cleaned.count && radius > 0 {
                let a = cleaned[i - 1], c = cleaned[i + 1]
                let r = min(radius, EdgeRoute.distance(a, b) / 2, EdgeRoute.distance(b, c) / 2)
                let inPoint = b + (a - b) / EdgeRoute.distance(a, b) * r
                let outPoint = b + (c - b) / EdgeRoute.distance(b, c) * r
                d += " L\(inPoint.x.svg),\(inPoint.y.svg) Q\(b.x.svg),\(b.y.svg) \(outPoint.x.svg),\(outPoint.y.svg)"
            } else {
                d += " L\(b.x.svg),\(b.y.svg)"
            }
        }
        path = d
        labelPoint = EdgeRoute.halfway(cleaned)
    }

    private static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        ((a - b) * (a - b)).sum().squareRoot()
    }

    /// The point half the total length along a polyline.
    private static func halfway(_ points: [SIMD2<Double>]) -> SIMD2<Double> {
        let lengths = zip(points, points.dropFirst()).map { distance($0, $1) }
        var remaining = lengths.reduce(0, +) / 2
        for (i, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                return points[i] + (points[i + 1] - points[i]) * (remaining / length)
            }
            remaining -= length
        }
        return points[0]
    }
}
