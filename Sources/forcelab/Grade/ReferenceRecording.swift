import Foundation
import GraphModel

/// An exercise's reference layouts recorded by `forcelab grade --record exercise.lua` into the file the exercise
/// names as `recorded`: per graph its nodes and edges and the positions after every tick, so that an exercise handed
/// to students without its `reference` still grades as the code would (the positions are written in full, so they
/// read back the same).
struct ReferenceRecording: Codable, Equatable {
    /// The `format` every recording starts with.
    static let formatName = "forcelab grade reference recording"
    static let currentVersion = 1

    /// One graph's recorded layouts.
    struct RecordedGraph: Codable, Equatable {
        /// `graph N (label)`.
        let name: String
        /// Node ids in node order.
        let nodes: [String]
        /// Edges as [source id, target id].
        let edges: [[String]]
        /// After each tick, x, y and z of every node in node order.
        let trajectory: [[Double]]
    }

    let format: String
    let version: Int
    /// The exercise's title, so a recording given to the wrong exercise is refused.
    let exercise: String
    let ticks: Int
    /// Whether the reference was a setup table (the submission must be one too).
    let setup: Bool
    let graphs: [RecordedGraph]

    /// The recording of `trajectories` (per graph, the positions after each tick) of the graphs named `names`.
    init(exercise: String, ticks: Int, setup: Bool, graphs: [(name: String, layout: GradedLayout, trajectory: [[SIMD3<Double>]])]) {
        format = ReferenceRecording.formatName
        version = ReferenceRecording.currentVersion
        self.exercise = exercise
        self.ticks = ticks
        self.setup = setup
        self.graphs = graphs.map { graph in
            RecordedGraph(name: graph.name, nodes: graph.layout.ids, edges: graph.layout.edges.map { [graph.layout.ids[$0.0], graph.layout.ids[$0.1]] },
                          trajectory: graph.trajectory.map { tick in tick.flatMap { [$0.x, $0.y, $0.z] } })
        }
    }

    /// The positions after each tick of graph `index`, as the grader compares them.
    func trajectory(of index: Int) -> [[SIMD3<Double>]] {
        graphs[index].trajectory.map { flat in stride(from: 0, to: flat.count, by: 3).map { SIMD3(flat[$0], flat[$0 + 1], flat[$0 + 2]) } }
    }

    /// Whether graph `index` has the nodes and edges of `layout`, in its order.
    func matches(_ layout: GradedLayout, at index: Int) -> Bool {
        let graph = graphs[index]
        return graph.nodes == layout.ids && graph.edges == layout.edges.map { [layout.ids[$0.0], layout.ids[$0.1]] }
    }

    /// Reads the recording at `path` for the exercise titled `title` with `ticks` ticks and `graphCount` graphs; a file
    /// that cannot be read, is not a recording or is another exercise's is an error naming it.
    static func read(_ path: String, title: String, ticks: Int, graphCount: Int) throws -> ReferenceRecording {
        let recording: ReferenceRecording
        do {
            recording = try JSONDecoder().decode(ReferenceRecording.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as DecodingError {
            throw GradeError.exercise("'\(path)' is not a reference recording (forcelab grade --record writes one): \(error.shortDescription)")
        } catch {
            throw GradeError.exercise("cannot read the reference recording '\(path)': \(error.localizedDescription)")
        }
        guard recording.format == formatName, recording.version == currentVersion else {
            throw GradeError.exercise("'\(path)' is not a reference recording of version \(currentVersion) (format '\(recording.format)', version \(recording.version))")
        }
        guard recording.exercise == title, recording.ticks == ticks, recording.graphs.count == graphCount,
              recording.graphs.allSatisfy({ graph in graph.trajectory.count == ticks && graph.trajectory.allSatisfy { $0.count == 3 * graph.nodes.count } })
        else {
            throw GradeError.exercise("'\(path)' records another exercise or another version of this one ('\(recording.exercise)', "
                                      + "\(recording.graphs.count) graphs, \(recording.ticks) ticks): record it again with forcelab grade --record")
        }
        return recording
    }

    /// Writes the recording to `path` atomically.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch let error as EncodingError {
            throw GradeError.exercise("cannot record the reference to '\(path)': a position is not a number (\(error))")
        } catch {
            throw GradeError.exercise("cannot write the reference recording '\(path)': \(error.localizedDescription)")
        }
    }
}

private extension DecodingError {
    /// What is wrong and where, in a line.
    var shortDescription: String {
        switch self {
        case .keyNotFound(let key, let context): return "no field '\(key.stringValue)'\(context.place)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription + context.place
        case .dataCorrupted(let context): return context.debugDescription + context.place
        @unknown default: return "\(self)"
        }
    }
}

private extension DecodingError.Context {
    var place: String {
        codingPath.isEmpty ? "" : " at " + codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
