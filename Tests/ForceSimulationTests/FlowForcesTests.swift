import Foundation
import NodeOutline
import Testing
@testable import ForceSimulation

/// The flow forces: boxes that end apart, frames that hold their children, links between handles, flows one way.
@Suite struct FlowForcesTests {
    /// A random flow: `count` nodes, boxes of random sizes (some very wide or thin, some circles), some nested in
    /// frames up to three deep, a random tree of links; positions relative to parents, as React Flow's.
    static func randomFlow(count: Int, seed: UInt32) throws -> (boxes: NodeBoxes, links: [(source: Int, target: Int)]) {
        let random = RandomSource(seed: seed)
        var parents = [Int](repeating: -1, count: count), widths = parents.map { _ in 0.0 }
        var heights = widths, radii = widths, depth = [Int](repeating: 0, count: count)
        for i in 0..<count {
            switch random.next() {
            case ..<0.1: radii[i] = 5 + 20 * random.next()
            case ..<0.2: (widths[i], heights[i]) = (150 + 250 * random.next(), 1 + 3 * random.next())
            case ..<0.3: (widths[i], heights[i]) = (1 + 3 * random.next(), 150 + 250 * random.next())
            default: (widths[i], heights[i]) = (20 + 180 * random.next(), 10 + 90 * random.next())
            }
            // A node may sit in an earlier box that is at most two deep.
            if i > 0, random.next() < 0.4 {
                let p = Int(random.next() * Double(i))
                if widths[p] > 0, depth[p] < 3 {
                    parents[i] = p
                    depth[i] = depth[p] + 1
                }
            }
        }
        let links = (1..<count).map { (source: Int(random.next() * Double($0)), target: $0) }
        return (try NodeBoxes(parents: parents, widths: widths, heights: heights, radii: radii), links)
    }

    /// Absolute outlines: lower and upper corners.
    static func outlines(_ boxes: NodeBoxes, _ k: Kinetics) -> [(low: SIMD2<Double>, high: SIMD2<Double>)] {
        (0..<boxes.count).map { i in
            let c = boxes.centre(i, k, ahead: 0), h = SIMD2(boxes.halfWidth(i), boxes.halfHeight(i))
            return (c - h, c + h)
        }
    }

    /// Pairs of outlines (not a node and its ancestor) that overlap: boxes by their rectangles, circles by distance.
    static func overlaps(_ boxes: NodeBoxes, _ k: Kinetics) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        let n = boxes.count
        for i in 0..<n {
            for j in (i + 1)..<n where !boxes.isAncestor(i, of: j) && !boxes.isAncestor(j, of: i) {
                let a = boxes.centre(i, k, ahead: 0), b = boxes.centre(j, k, ahead: 0), d = a - b
                if !boxes.isBox(i) && !boxes.isBox(j) {
                    let r = boxes.radii[i] + boxes.radii[j]
                    if (d * d).sum() < r * r { found.append((i, j)) }
                } else if abs(d.x) < boxes.halfWidth(i) + boxes.halfWidth(j), abs(d.y) < boxes.halfHeight(i) + boxes.halfHeight(j) {
                    // A circle against a box: the box against the circle's square, then the corner distance.
                    let (box, circle) = boxes.isBox(i) ? (i, j) : (j, i)
                    if boxes.isBox(circle) {
                        found.append((i, j))
                        continue
                    }
                    let offset = boxes.centre(circle, k, ahead: 0) - boxes.centre(box, k, ahead: 0)
                    let half = SIMD2(boxes.halfWidth(box), boxes.halfHeight(box))
                    let away = offset - pointwiseMin(pointwiseMax(offset, -half), half)
                    if (away * away).sum() < boxes.radii[circle] * boxes.radii[circle] { found.append((i, j)) }
                }
            }
        }
        return found
    }

    /// A simulation of the flow's nodes, placed by phyllotaxis (children about their parent's corner: all overlapping).
    static func simulation(_ boxes: NodeBoxes, links: [(source: Int, target: Int)]) throws -> Simulation {
        let sim = try Simulation(nodeCount: boxes.count, seed: 7)
        let sides = [Side?](repeating: nil, count: links.count)
        let springs = LinkForce(links: links, distance: 60)
        try sim.setForce("link", HandleLinkForce(links: springs, boxes: boxes, sourceSides: sides, targetSides: sides))
        try sim.setForce("charge", ManyBodyForce(strength: -100))
        try sim.setForce("frames", FrameForce(boxes: boxes))
        try sim.setForce("collide", BoxCollideForce(boxes: boxes, margin: 4))
        return sim
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt32])
    func randomBoxFlowsEndWithoutOverlapsAndFramesHoldTheirChildren(seed: UInt32) throws {
        let flow = try FlowForcesTests.randomFlow(count: 40, seed: seed)
        #expect(flow.boxes.parents.contains { $0 >= 0 })
        let sim = try FlowForcesTests.simulation(flow.boxes, links: flow.links)
        #expect(!FlowForcesTests.overlaps(flow.boxes, sim.kinetics).isEmpty)
        try sim.run()
        let k = sim.kinetics, boxes = flow.boxes
        #expect(FlowForcesTests.overlaps(boxes, k).map { "\($0)" } == [])
        // Each child inside its frame, padding and label room kept (to rounding).
        let outline = FlowForcesTests.outlines(boxes, k)
        for i in 0..<boxes.count where boxes.parents[i] >= 0 {
            let frame = outline[boxes.parents[i]], child = outline[i], slack = 1e-6
            #expect(child.low.x >= frame.low.x + FrameForce.defaultPadding - slack)
            #expect(child.high.x <= frame.high.x - FrameForce.defaultPadding + slack)
            #expect(child.low.y >= frame.low.y + FrameForce.defaultPadding + FrameForce.defaultLabelRoom - slack)
            #expect(child.high.y <= frame.high.y - FrameForce.defaultPadding + slack)
        }
    }

    @Test func thinAndWideBoxesOnTopOfEachOtherEndApart() throws {
        // A 400 × 1 bar and a 1 × 400 bar crossed at one point, and a square on the crossing.
        let boxes = try NodeBoxes(widths: [400, 1, 30], heights: [1, 400, 30])
        let sim = try Simulation(nodeCount: 3) { k in
            for i in 0..<3 { (k.x[i], k.y[i]) = (0, 0) }
            (k.x[0], k.y[0]) = (-200, 0)
            (k.x[1], k.y[1]) = (0, -200)
        }
        try sim.setForce("collide", BoxCollideForce(boxes: boxes))
        try sim.tick()
        #expect(FlowForcesTests.overlaps(boxes, sim.kinetics).isEmpty)
    }

    @Test func circlesAndBoxesMix() throws {
        let boxes = try NodeBoxes(widths: [100, 0, 0], heights: [50, 0, 0], radii: [0, 30, 30])
        let sim = try Simulation(nodeCount: 3) { k in
            (k.x[0], k.y[0]) = (0, 0)
            (k.x[1], k.y[1]) = (50, 25)  // the circle's centre on the box's centre
            (k.x[2], k.y[2]) = (105, 55)  // near the box's corner, within 30 of it
        }
        let force = BoxCollideForce(boxes: boxes, margin: 2)
        try sim.setForce("collide", force)
        #expect(try force.project(thorough: true, shouldStop: { false }))
        #expect(FlowForcesTests.overlaps(boxes, sim.kinetics).isEmpty)
        #expect(try !force.project(thorough: true, shouldStop: { false }))
        // The corner circle is at least margin + radius from the box's corner.
        let k = sim.kinetics, away = SIMD2(k.x[2], k.y[2]) - SIMD2(k.x[0] + 100, k.y[0] + 50)
        #expect((away * away).sum().squareRoot() >= 32)
    }

    @Test func aFixedBoxStaysAndTheOtherTakesThePush() throws {
        let boxes = try NodeBoxes(widths: [100, 100], heights: [40, 40])
        let sim = try Simulation(nodeCount: 2) { k in
            (k.fx[0], k.fy[0]) = (0, 0)
            (k.x[1], k.y[1]) = (90, 10)
        }
        try sim.setForce("collide", BoxCollideForce(boxes: boxes))
        try sim.tick()
        let k = sim.kinetics
        #expect((k.x[0], k.y[0]) == (0, 0))
        #expect(k.x[1] >= 100 && k.y[1] == 10)
    }

    @Test func strengthAndIterationsScaleTheTicksPush() throws {
        func push(strength: Double, iterations: Int) throws -> Double {
            let boxes = try NodeBoxes(widths: [100, 100], heights: [40, 40])
            let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 80, 0) }
            try sim.setForce("collide", BoxCollideForce(boxes: boxes, strength: strength, iterations: iterations))
            try sim.applyForces(alpha: 1)
            return sim.kinetics.vx[1] - sim.kinetics.vx[0]
        }
        // Overlap 20 along x: strength 1 closes it in velocity, 0.5 half of it; a second pass halves the rest.
        #expect(abs(try push(strength: 1, iterations: 1) - 20) < 1e-9)
        #expect(abs(try push(strength: 0.5, iterations: 1) - 10) < 1e-9)
        #expect(abs(try push(strength: 0.5, iterations: 2) - 15) < 1e-9)
        #expect(try push(strength: 1, iterations: 0) == 0)
    }

    @Test func framesTakeBackStrayChildrenAndGrowToFitThem() throws {
        // A 50 × 50 frame at (100, 100) with one 40 × 20 child at (-30, 10) relative to it, past its left side.
        let boxes = try NodeBoxes(parents: [-1, 0], widths: [50, 40], heights: [50, 20], radii: [0, 0])
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (100, 100, -30, 10) }
        let frames = FrameForce(boxes: boxes, padding: 10, labelRoom: 5, strength: 0)
        try sim.setForce("frames", frames)
        #expect(try frames.project(thorough: true, shouldStop: { false }))
        let k = sim.kinetics
        // The frame stays; the child comes in to (10, 15): padding, and padding plus label room. The frame grows to
        // 10 + 40 + 10 wide and stays 50 high (15 + 20 + 10 = 45 is less than its own size).
        #expect((k.x[0], k.y[0], k.x[1], k.y[1]) == (100, 100, 10, 15))
        #expect((boxes.widths[0], boxes.heights[0]) == (60, 50))
        #expect(try !frames.project(thorough: true, shouldStop: { false }))
        // Moved far right, the child stays where it is on the page; shrinking, the frame follows it (its corner 190
        // right, the child 190 back, at the padding) and fits it tightly.
        k.x[1] = 200
        let tight = FrameForce(boxes: boxes, padding: 10, labelRoom: 5, strength: 0, shrinks: true)
        try sim.setForce("frames", tight)
        #expect(try tight.project(thorough: true, shouldStop: { false }))
        #expect((k.x[0], k.y[0], k.x[1], k.y[1]) == (290, 100, 10, 15))
        #expect((boxes.widths[0], boxes.heights[0]) == (60, 45))
    }

    @Test func theHandleLinksRestLengthIsItsDistance() throws {
        // Two 100 × 40 boxes, an edge from the first's right side to the second's left side, distance 80.
        let boxes = try NodeBoxes(widths: [100, 100], heights: [40, 40])
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 30, 200) }
        let force = HandleLinkForce(
            links: LinkForce(links: [(0, 1)], distance: 80), boxes: boxes, sourceSides: [.right], targetSides: [.left])
        try sim.setForce("link", force)
        sim.alphaMin = 1e-6
        try sim.run()
        let k = sim.kinetics
        let gap = force.handlePoint(0, k, ahead: 0) - force.handlePoint(0, k, atSource: true, ahead: 0)
        #expect(abs((gap * gap).sum().squareRoot() - 80) < 1e-3)
        // The handle points are the sides' middles, (100, 20) from the first box's corner and (0, 20) from the second's.
        #expect(force.handlePoint(0, k, atSource: true, ahead: 0) == SIMD2(k.x[0] + 100, k.y[0] + 20))
    }

    @Test(arguments: [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(1, 1, 0)])
    func aPipelineRunsInTheFlowsDirection(direction: SIMD3<Double>) throws {
        // A 6-step pipeline of 120 × 40 boxes, started in a random cloud, with springs and charge pulling them about.
        let count = 6
        let boxes = try NodeBoxes(widths: .init(repeating: 120, count: count), heights: .init(repeating: 40, count: count))
        let links = (1..<count).map { (source: $0 - 1, target: $0) }
        let sim = try Simulation(nodeCount: count, seed: 3, placement: .random)
        try sim.setForce("link", LinkForce(links: links, distance: 30))
        try sim.setForce("charge", ManyBodyForce())
        let flow = try FlowForce(links: links, boxes: boxes, direction: direction, separation: 40)
        try sim.setForce("flow", flow)
        try sim.setForce("collide", BoxCollideForce(boxes: boxes))
        try sim.run()
        let k = sim.kinetics, u = flow.direction
        for (s, t) in links {
            let a = boxes.centre(s, k, ahead: 0), b = boxes.centre(t, k, ahead: 0)
            let along = (b.x - a.x) * u.x + (b.y - a.y) * u.y
            let extents = abs(u.x) * 120 + abs(u.y) * 40
            // Each step at least the separation beyond the last along the direction, less a tenth.
            #expect(along >= extents + 36, "\(s) → \(t): \(along)")
        }
    }

    @Test func refusals() throws {
        let boxes = try NodeBoxes(widths: [10, 10], heights: [10, 10])
        let three = try Simulation(nodeCount: 2, dimensions: 3)
        #expect(throws: SimulationError.axisUnavailable("collide with boxes works in 2D only: boxes have no depth (use circles in 3D)")) {
            try three.setForce("collide", BoxCollideForce(boxes: boxes))
        }
        #expect(throws: SimulationError.self) { try three.setForce("frames", FrameForce(boxes: boxes)) }
        let flat = try Simulation(nodeCount: 3)
        #expect(throws: SimulationError.invalidBoxes("collide with boxes: boxes for 2 nodes, but the simulation has 3")) {
            try flat.setForce("collide", BoxCollideForce(boxes: boxes))
        }
        #expect(throws: SimulationError.invalidBoxes("flow: the direction must be a non-zero finite vector")) {
            try FlowForce(links: [], boxes: boxes, direction: .zero)
        }
        #expect(throws: SimulationError.axisUnavailable("flow: a direction with a z part needs a 3D simulation")) {
            try Simulation(nodeCount: 2).setForce("flow", FlowForce(links: [], boxes: boxes, direction: SIMD3(0, 0, 1)))
        }
        #expect(throws: SimulationError.invalidBoxes("boxes: the parents form a cycle")) {
            try NodeBoxes(parents: [1, 0], widths: [1, 1], heights: [1, 1], radii: [0, 0])
        }
        #expect(throws: SimulationError.invalidBoxes("boxes: node 1's width must be a finite number >= 0, got -1.0")) {
            try NodeBoxes(widths: [1, -1], heights: [1, 1])
        }
    }
}
