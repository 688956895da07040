import NodeOutline

/// d3's link force pulling between handles: each link's spring acts between the points its edge is drawn from
/// (`NodeShape.anchor`: the middle of the side its handle names, or of the side facing the other end when it names
/// none), not between centres, so at rest the drawn edge is `distance` long. Distances, strengths, biases and
/// iterations are the wrapped `LinkForce`'s. 2D only: boxes have no depth.
public final class HandleLinkForce: Force {
    /// The links and their evaluated parameters.
    public let links: LinkForce
    /// The nodes' outlines and parents.
    public let boxes: NodeBoxes
    /// Per link, the side its source handle sits on (nil: the side facing the target).
    public let sourceSides: [Side?]
    /// Per link, the side its target handle sits on (nil: the side facing the source).
    public let targetSides: [Side?]

    private var kinetics: Kinetics?
    private var random: RandomSource?

    /// A spring between handles for each of `links`' links; `sourceSides` and `targetSides` have one entry per link.
    public init(links: LinkForce, boxes: NodeBoxes, sourceSides: [Side?], targetSides: [Side?]) {
        self.links = links
        self.boxes = boxes
        self.sourceSides = sourceSides
        self.targetSides = targetSides
    }

    /// As d3's link force: true unless its parameters wait to be evaluated.
    public var changesOnlyVelocities: Bool { links.changesOnlyVelocities }

    /// Binds to the kinetics (2D, described by the boxes) and evaluates the links' parameters.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        try boxes.check(kinetics, for: "link between handles")
        guard sourceSides.count == links.sources.count, targetSides.count == links.sources.count else {
            throw SimulationError.invalidBoxes("link between handles: \(links.sources.count) links but \(sourceSides.count) source and \(targetSides.count) target sides")
        }
        try links.initialize(kinetics: kinetics, random: random)
        self.kinetics = kinetics
        self.random = random
    }

    /// Applies each link's spring between its handles' points (predicted as x + v), link by link, `iterations` times.
    public func apply(alpha: Double) throws {
        guard let k = kinetics, let random else { return }
        try links.evaluateIfChanged()
        let sources = links.sources, targets = links.targets
        let distances = links.distances, strengths = links.strengths, biases = links.biases
        for _ in 0..<max(0, links.iterations) {
            for i in sources.indices {
                let s = sources[i], t = targets[i]
                var d = handlePoint(i, k) - handlePoint(i, k, atSource: true)
                if d.x == 0 || d.x.isNaN { d.x = random.jiggle() }
                if d.y == 0 || d.y.isNaN { d.y = random.jiggle() }
                var l = (d * d).sum().squareRoot()
                l = (l - distances[i]) / l * alpha * strengths[i]
                d *= l
                let b = biases[i]
                k.vx[t] -= d.x * b
                k.vy[t] -= d.y * b
                k.vx[s] += d.x * (1 - b)
                k.vy[s] += d.y * (1 - b)
            }
        }
    }

    /// Where link `i`'s edge leaves its source (or enters its target), from the predicted positions x + v.
    public func handlePoint(_ i: Int, _ k: Kinetics, atSource: Bool = false, ahead: Double = 1) -> SIMD2<Double> {
        let node = atSource ? links.sources[i] : links.targets[i], other = atSource ? links.targets[i] : links.sources[i]
        let shape = boxes.shape(node, at: boxes.centre(node, k, ahead: ahead))
        let side = (atSource ? sourceSides[i] : targetSides[i]) ?? shape.side(facing: boxes.centre(other, k, ahead: ahead))
        return shape.anchor(side)
    }
}
