import Foundation
import GraphModel
import Render

/// `forcelab grade --pictures`: a submission's layouts beside the reference's (Render's `LayoutComparison`), the
/// three nodes farthest from the reference's ringed, written to `OUT/NAME.svg`, or where a class's grader says.
struct GradePicture {
    /// The environment variable by which a class's grader names the picture's file (beside the report, out of the
    /// submission's reach).
    static let variable = "FORCELAB_GRADE_PICTURE"

    let path: String
    let comparison: LayoutComparison

    /// The picture of `graphs`; its file is the class's grader's choice, else the submission's name in `outputFolder`.
    init(_ graphs: [GradedGraph], heading: String, submission: String, outputFolder: String,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        let name = URL(fileURLWithPath: submission).deletingPathExtension().lastPathComponent
        path = environment[GradePicture.variable] ?? outputFolder + "/" + name + ".svg"
        comparison = LayoutComparison(heading: heading, rows: graphs.map { graph in
            let submission = graph.submission.positions.map { SIMD2($0.x, $0.y) }, reference = graph.reference.positions.map { SIMD2($0.x, $0.y) }
            return LayoutComparison.Row(title: graph.name, ids: graph.reference.ids, edges: graph.reference.edges, submission: submission,
                                        reference: reference, marked: LayoutComparison.farthest(submission, reference))
        })
    }

    /// Writes the SVG (atomically).
    func write() throws {
        do {
            try AtomicFile.write(comparison.svg(), to: path)
        } catch {
            throw GradeError.exercise("cannot write the picture '\(path)': \(error)")
        }
    }
}
