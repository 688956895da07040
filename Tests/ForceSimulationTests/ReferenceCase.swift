import Foundation
@testable import ForceSimulation

/// One recorded d3 trajectory from Tests/Fixtures/d3 (see Tests/Fixtures/README.md), and a simulation built the same way.
struct ReferenceCase {
    /// One recorded state (decoded with JSONDecoder: JSONSerialization rounds some doubles on Linux).
    struct Snapshot: Decodable {
        let tick: Int
        let alpha: Double
        let randomCalls: Int
        let x, y, vx, vy: [Double]

        enum CodingKeys: String, CodingKey {
            case tick, alpha, x, y, vx, vy
            case randomCalls = "random_calls"
        }
    }

    /// The link values d3 derived at initialize.
    struct LinkDerived: Decodable {
        let source, target, degree: [Int]
        let bias, strength, distance: [Double]
    }

    private struct Exact: Decodable {
        let snapshots: [Snapshot]
        let linkDerived: LinkDerived?

        enum CodingKeys: String, CodingKey {
            case snapshots
            case linkDerived = "link_derived"
        }
    }

    let name: String
    let json: [String: Any]
    let snapshots: [Snapshot]
    let linkDerived: LinkDerived?

    /// The fixtures folder holding the recorded cases.
    static let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/d3")

    static let names = ["a_miserables", "d_chain3_link50", "f_collide_coincident10"]

    init(_ name: String) throws {
        self.name = name
        let data = try Data(contentsOf: ReferenceCase.folder.appendingPathComponent("\(name).json"))
        json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let exact = try JSONDecoder().decode(Exact.self, from: data)
        snapshots = exact.snapshots
        linkDerived = exact.linkDerived
    }

    var nodes: [[String: Any]] { json["nodes"] as! [[String: Any]] }

    /// Builds the simulation: positions from snapshot 0 when `seeded`, else from the input nodes and placement.
    func simulation(seeded: Bool, threads: Int = 1) throws -> Simulation {
        let nodes = self.nodes
        let start = snapshots[0]
        let sim = try Simulation(nodeCount: nodes.count) { k in
            for (i, node) in nodes.enumerated() {
                if seeded {
                    k.x[i] = start.x[i]
                    k.y[i] = start.y[i]
                } else {
                    if let x = node["x"] as? NSNumber { k.x[i] = x.doubleValue }
                    if let y = node["y"] as? NSNumber { k.y[i] = y.doubleValue }
                }
            }
        }
        sim.threads = threads
        for force in json["forces"] as! [[String: Any]] {
            let name = force["name"] as! String
            switch force["type"] as! String {
            case "link":
                let links = json["links"] as! [[String: Any]]
                let distance = (force["distance"] as? NSNumber).map { LinkParameter.constant($0.doubleValue) } ?? 30
                if force["id"] as? String == "id" {
                    let ids = nodes.map { "\($0["id"]!)" }
                    let pairs = links.map { (source: "\($0["source"]!)", target: "\($0["target"]!)") }
                    try sim.setForce(name, LinkForce(links: pairs, nodeIDs: ids, distance: distance))
                } else {
                    let pairs = links.map {
                        (source: ($0["source"] as! NSNumber).intValue, target: ($0["target"] as! NSNumber).intValue)
                    }
                    try sim.setForce(name, LinkForce(links: pairs, distance: distance))
                }
            case "manyBody":
                try sim.setForce(name, ManyBodyForce())
            case "center":
                let x = (force["x"] as? NSNumber)?.doubleValue ?? 0, y = (force["y"] as? NSNumber)?.doubleValue ?? 0
                try sim.setForce(name, CenterForce(x: x, y: y))
            case "collide":
                try sim.setForce(name, CollideForce())
            case let other:
                fatalError("unknown force type \(other)")
            }
        }
        return sim
    }

    /// Largest absolute difference between the simulation's state and a snapshot.
    static func difference(_ sim: Simulation, _ s: Snapshot) -> Double {
        var worst = 0.0
        let k = sim.kinetics
        for i in 0..<sim.nodeCount {
            for (a, b) in [(k.x[i], s.x[i]), (k.y[i], s.y[i]), (k.vx[i], s.vx[i]), (k.vy[i], s.vy[i])] {
                worst = max(worst, abs(a - b))
            }
        }
        return worst
    }
}
