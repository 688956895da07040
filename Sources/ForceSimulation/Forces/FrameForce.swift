/// Frames for grouped flows: each node with children (a frame, React Flow's parent) holds them. During a tick it
/// pulls each child towards the middle of its frame (`strength` of the way, times alpha), so a group stays
/// together; after the tick's integration it fits every frame, deepest first: a child past the frame's left or top
/// side is moved back in (`padding` from each side, `labelRoom` more at the top), and the frame's width and height
/// become what its children need, `padding` beyond the farthest, never less than the frame's own size when the
/// force was made (unless `shrinks`, when the frame's corner also follows its children). Positions stay relative to
/// the parent. 2D only.
public final class FrameForce: Force, PositionConstraint {
    /// The nodes' outlines and parents; the frames' widths and heights are set here.
    public let boxes: NodeBoxes
    /// The room between a frame's side and its children (default 20).
    public var padding: Double
    /// Extra room at a frame's top for its label (default 24).
    public var labelRoom: Double
    /// Share of the way to the frame's middle a child is pulled per tick, times alpha (default 0.1).
    public var strength: Double
    /// Whether a frame may become smaller than its size when the force was made (default false).
    public var shrinks: Bool

    /// d3-like defaults for the frame's room.
    public static let defaultPadding = 20.0, defaultLabelRoom = 24.0, defaultStrength = 0.1

    private var kinetics: Kinetics?
    /// Per frame (a node with children), bottom-up: its index and its least width and height.
    private var frames: [(node: Int, width: Double, height: Double)] = []

    /// Creates the force over `boxes`; the frames' current sizes are their least sizes.
    public init(
        boxes: NodeBoxes, padding: Double = defaultPadding, labelRoom: Double = defaultLabelRoom,
        strength: Double = defaultStrength, shrinks: Bool = false
    ) {
        self.boxes = boxes
        self.padding = padding
        self.labelRoom = labelRoom
        self.strength = strength
        self.shrinks = shrinks
        frames = boxes.topDown.reversed().filter { !boxes.children[$0].isEmpty }.map {
            ($0, boxes.widths[$0], boxes.heights[$0])
        }
    }

    /// It changes only velocities during the tick (positions and sizes in `project`).
    public var changesOnlyVelocities: Bool { true }

    /// Binds to the kinetics; the boxes must describe its nodes, in 2D.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        try boxes.check(kinetics, for: "frames")
        self.kinetics = kinetics
    }

    /// Pulls each child's centre (relative to its frame's corner) towards the middle of the frame's inside.
    public func apply(alpha: Double) throws {
        guard let k = kinetics, strength != 0 else { return }
        let pull = strength * alpha
        for frame in frames {
            let f = frame.node
            let middleX = boxes.widths[f] / 2, middleY = (boxes.heights[f] + labelRoom) / 2
            for c in boxes.children[f] {
                let (offsetX, offsetY) = boxes.isBox(c) ? (boxes.widths[c] / 2, boxes.heights[c] / 2) : (0, 0)
                k.vx[c] += (middleX - k.x[c] - k.vx[c] - offsetX) * pull
                k.vy[c] += (middleY - k.y[c] - k.vy[c] - offsetY) * pull
            }
        }
    }

    /// Fits every frame around its children, deepest first (one pass does it); returns whether anything changed.
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        guard let k = kinetics else { return false }
        var moved = false
        for frame in frames where fit(frame, k) { moved = true }
        return moved
    }

    /// Fits one frame: children past its left or top side (less the padding and label room) are moved back in,
    /// and its width and height become what its children need (at least its least size, unless it shrinks). A
    /// frame that shrinks also gives up room on its left and top: its corner moves to its children, which move back
    /// by as much, so that nothing moves on the page; any other frame's corner stays where the other forces put it.
    /// True when it changed by more than rounding.
    private func fit(_ frame: (node: Int, width: Double, height: Double), _ k: Kinetics) -> Bool {
        let f = frame.node
        var needed = shrinks ? SIMD2<Double>.zero : SIMD2(frame.width, frame.height)
        let least = SIMD2(padding, padding + labelRoom)
        var changed = false
        if shrinks, boxes.isFree(f, k) {
            var lowest = SIMD2<Double>(repeating: .infinity)
            for c in boxes.children[f] {
                let low = boxes.isBox(c) ? SIMD2(k.x[c], k.y[c]) : SIMD2(k.x[c], k.y[c]) - boxes.radii[c]
                if low.x.isFinite, low.y.isFinite { lowest = pointwiseMin(lowest, low) }
            }
            let spare = lowest.x.isFinite ? pointwiseMax(lowest - least, .zero) : .zero
            if (spare.x + spare.y) > 1e-9 * max(1, abs(k.x[f]) + abs(k.y[f])) {
                k.x[f] += spare.x
                k.y[f] += spare.y
                for c in boxes.children[f] {
                    k.x[c] -= spare.x
                    k.y[c] -= spare.y
                }
                changed = true
            }
        }
        for c in boxes.children[f] {
            let (low, size) = boxes.isBox(c)
                ? (SIMD2(k.x[c], k.y[c]), SIMD2(boxes.widths[c], boxes.heights[c]))
                : (SIMD2(k.x[c], k.y[c]) - boxes.radii[c], SIMD2(repeating: 2 * boxes.radii[c]))
            guard low.x.isFinite, low.y.isFinite else { continue }
            let shift = pointwiseMax(least - low, .zero)
            if shift != .zero {
                k.x[c] += shift.x
                k.y[c] += shift.y
                changed = true
            }
            needed = pointwiseMax(needed, low + shift + size + padding)
        }
        let tolerance = 1e-9 * max(1, needed.x, needed.y)
        if abs(needed.x - boxes.widths[f]) > tolerance || abs(needed.y - boxes.heights[f]) > tolerance {
            boxes.widths[f] = needed.x
            boxes.heights[f] = needed.y
            changed = true
        }
        return changed
    }
}
