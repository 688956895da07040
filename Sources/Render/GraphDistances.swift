import Foundation
import GraphModel

/// An undirected adjacency structure with shortest-path distances, for the graph-based metrics.
struct GraphDistances {
    /// The adjacency and its distances: hop counts, or weighted when edges have lengths.
    let paths: ShortestPaths

    /// Builds the adjacency of `edges` (self loops ignored, repeats kept once at their shortest), with an optional
    /// positive length per edge.
    init(nodeCount: Int, edges: [(Int, Int)], lengths: [Double]?) throws {
        paths = try ShortestPaths(nodeCount: nodeCount, edges: edges, lengths: lengths)
    }

    /// The distinct neighbours of node `v`, in ascending order.
    func neighbours(of v: Int) -> ArraySlice<Int> { paths.neighbours[paths.range(of: v)] }

    /// Every node when there are at most `limit`, else `samples` nodes drawn with d3's LCG from `seed`, ascending.
    func sources(limit: Int, samples: Int, seed: UInt32) -> [Int] {
        let n = paths.nodeCount
        if n <= limit || samples >= n { return Array(0..<n) }
        var order = Array(0..<n)
        var state = seed
        for i in 0..<max(samples, 0) {
            state = state &* 1664525 &+ 1013904223
            let j = i + Int(Double(state) / 4294967296 * Double(n - i))
            order.swapAt(i, j)
        }
        return order.prefix(max(samples, 0)).sorted()
    }

    /// Normalised stress over connected pairs (source, other), with the layout scaled optimally; charges `meter` one
    /// unit per node for each source.
    func stress(positions: [SIMD2<Double>], sources: [Int], meter: WorkMeter) throws -> Double {
        var a = 0.0, b = 0.0, count = 0.0
        var distances: [Double] = []
        for s in sources {
            try meter.charge(paths.nodeCount)
            paths.distances(from: s, into: &distances)
            for (j, g) in distances.enumerated() where g > 0 && g < .infinity {
                let ratio = Metrics.distance(positions[s], positions[j]) / g
                a += ratio
                b += ratio * ratio
                count += 1
            }
        }
        guard count > 0 else { return 0 }
        guard b > 0 else { return 1 }
        return max(0, 1 - a * a / (b * count))
    }

    /// The smallest angle in degrees between edges at one node, over nodes with two or more edge directions.
    func minAngle(positions: [SIMD2<Double>]) -> Double {
        var best = 360.0
        for v in 0..<paths.nodeCount {
            let list = neighbours(of: v)
            guard list.count >= 2 else { continue }
            let angles = list.compactMap { w -> Double? in
                let d = positions[w] - positions[v]
                return d.x == 0 && d.y == 0 ? nil : atan2(d.y, d.x)
            }.sorted()
            guard angles.count >= 2 else { continue }
            for (i, angle) in angles.enumerated() {
                let next = i + 1 < angles.count ? angles[i + 1] : angles[0] + 2 * Double.pi
                best = min(best, (next - angle) * 180 / Double.pi)
            }
        }
        return best
    }

    /// The mean Jaccard similarity of graph neighbours and the same number of nearest layout nodes, over sources with
    /// neighbours; charges `meter` one unit per node for each source.
    func neighbourhoodPreservation(positions: [SIMD2<Double>], sources: [Int], meter: WorkMeter) throws -> Double {
        var total = 0.0, count = 0.0
        for s in sources where !neighbours(of: s).isEmpty {
            try meter.charge(paths.nodeCount)
            let k = neighbours(of: s).count
            let nearest = Set(Proximity.nearest(k, to: s, positions: positions))
            let shared = neighbours(of: s).filter(nearest.contains).count
            total += Double(shared) / Double(2 * k - shared)
            count += 1
        }
        return count > 0 ? total / count : 1
    }
}
