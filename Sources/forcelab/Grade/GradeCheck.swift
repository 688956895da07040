import Foundation
import GraphModel
import Render

/// One graph of an exercise, laid out by the reference and by the submission.
struct GradedGraph {
    /// `graph N (label)`, for messages.
    let name: String
    let reference: GradedLayout
    let submission: GradedLayout
    /// The node positions after each tick, the reference's and the submission's.
    let referenceTrajectory: [[SIMD3<Double>]]
    let submissionTrajectory: [[SIMD3<Double>]]
}

/// One of an exercise's `checks`: what it compares and how it judges a submission's layouts.
struct GradeCheck {
    /// What a check compares.
    enum Kind {
        /// Every node within `tolerance` of where the reference put it.
        case positions(tolerance: Double)
        /// A layout figure (`fl.metrics`) inside `band`, or within `within` of the reference's figure.
        case metric(name: String, band: ClosedRange<Double>?, within: Double?)
        /// The nodes' centroid within `tolerance` of `at` (z is 0 when `at` gives x and y only).
        case centroid(at: SIMD3<Double>, tolerance: Double)
    }

    /// The judgement of one check: the line to print and whether it passed.
    struct Outcome {
        let passed: Bool
        let line: String
    }

    /// A check's result as a class's summary and Gradescope take it: its name, the points it gives and those earned.
    struct Score: Codable, Equatable {
        let name: String
        let points: Double
        let earned: Double
        /// The check's line, and its hint when it failed.
        let output: String
    }

    /// The fields each kind takes besides `kind`, `name` and `hint`.
    static let fields: [String: Set<String>] = [
        "positions": ["tolerance"], "metric": ["metric", "band", "within"], "centroid": ["at", "tolerance"],
    ]
    /// The figures a metric check can name.
    static let metricNames = ["stress", "crossings", "edgeLengthMean", "edgeLengthCV", "minAngle", "overlaps", "neighbourhoodPreservation"]

    /// The name the check's line starts with (`name`, else the metric or the kind).
    let label: String
    let kind: Kind
    /// Printed under the line when the check fails (`hint`).
    let hint: String?
    /// What passing the check earns (`points`, 1 when not given).
    let points: Double
    /// Whether the exercise gave `points` (then reports show the score).
    let givesPoints: Bool

    /// Reads `checks[position]`; an unknown kind or field, or a missing or wrong value, is an error naming it.
    init(_ value: DataValue, position: Int) throws {
        let place = "checks[\(position)]"
        guard case .object(let fields) = value else { throw GradeError.exercise("\(place) must be a table {kind = ..., ...}") }
        guard let kindName = fields["kind"]?.string, let allowed = GradeCheck.fields[kindName] else {
            throw GradeError.exercise("\(place).kind must be one of \(GradeCheck.fields.keys.sorted().joined(separator: ", ")), got \(fields["kind"]?.text ?? "nil")")
        }
        for key in fields.keys.sorted() where !allowed.contains(key) && !["kind", "name", "hint", "points"].contains(key) {
            throw GradeError.exercise("\(place): unknown field '\(key)' for kind '\(kindName)' (fields: \((allowed.sorted() + ["hint", "name", "points"]).joined(separator: ", ")))")
        }
        func number(_ key: String) throws -> Double {
            guard let value = fields[key]?.number, value.isFinite, value >= 0 else {
                throw GradeError.exercise("\(place).\(key) must be a number >= 0, got \(fields[key]?.text ?? "nil")")
            }
            return value
        }
        func pair(_ key: String) throws -> (Double, Double)? {
            guard let field = fields[key] else { return nil }
            guard case .array(let items) = field, items.count == 2, let a = items[0].number, let b = items[1].number, a.isFinite, b.isFinite else {
                throw GradeError.exercise("\(place).\(key) must be a pair of numbers {a, b}, got \(field.text)")
            }
            return (a, b)
        }
        for key in ["name", "hint"] where fields[key] != nil && fields[key]?.string == nil {
            throw GradeError.exercise("\(place).\(key) must be a string, got \(fields[key]!.text)")
        }
        hint = fields["hint"]?.string
        givesPoints = fields["points"] != nil
        points = givesPoints ? try number("points") : 1
        switch kindName {
        case "positions":
            kind = .positions(tolerance: try number("tolerance"))
            label = fields["name"]?.string ?? "positions"
        case "metric":
            guard let metric = fields["metric"]?.string, GradeCheck.metricNames.contains(metric) else {
                throw GradeError.exercise("\(place).metric must be one of \(GradeCheck.metricNames.joined(separator: ", ")), got \(fields["metric"]?.text ?? "nil")")
            }
            let band = try pair("band")
            if let band, band.0 > band.1 { throw GradeError.exercise("\(place).band must be {low, high} with low <= high") }
            guard (band == nil) != (fields["within"] == nil) else {
                throw GradeError.exercise("\(place) must give either band = {low, high} or within = difference from the reference")
            }
            kind = .metric(name: metric, band: band.map { $0.0...$0.1 }, within: fields["within"] == nil ? nil : try number("within"))
            label = fields["name"]?.string ?? metric
        default:
            guard case .array(let items)? = fields["at"], (2...3).contains(items.count), items.allSatisfy({ $0.number?.isFinite ?? false }) else {
                throw GradeError.exercise("\(place).at must be a point {x, y} or {x, y, z}, got \(fields["at"]?.text ?? "nil")")
            }
            kind = .centroid(at: SIMD3(items[0].number!, items[1].number!, items.count == 3 ? items[2].number! : 0), tolerance: try number("tolerance"))
            label = fields["name"]?.string ?? "centroid"
        }
    }

    /// What the check asks for, in words.
    var description: String {
        switch kind {
        case .positions(let tolerance): return "\(label): every node within \(GradeCheck.figure(tolerance)) of where the reference puts it"
        case .metric(_, let band?, _): return "\(label): in [\(GradeCheck.figure(band.lowerBound)), \(GradeCheck.figure(band.upperBound))] on every graph"
        case .metric(_, _, let within): return "\(label): within \(GradeCheck.figure(within ?? 0)) of the reference's on every graph"
        case .centroid(let at, let tolerance): return "\(label): the nodes' centroid within \(GradeCheck.figure(tolerance)) of \(GradeCheck.point(at))"
        }
    }

    /// Judges the submission's layouts of `graphs`.
    func judge(_ graphs: [GradedGraph]) -> Outcome {
        switch kind {
        case .positions(let tolerance): return positions(graphs, tolerance: tolerance)
        case .metric(let name, let band, let within): return metric(graphs, name: name, band: band, within: within)
        case .centroid(let at, let tolerance): return centroid(graphs, at: at, tolerance: tolerance)
        }
    }

    /// A number for a line: four significant digits.
    static func figure(_ value: Double) -> String { value.isNaN ? "nan" : String(format: "%.4g", value) }

    /// A position for a line: `(x, y)`, or `(x, y, z)` when z is not 0.
    static func point(_ p: SIMD3<Double>) -> String {
        p.z == 0 ? "(\(figure(p.x)), \(figure(p.y)))" : "(\(figure(p.x)), \(figure(p.y)), \(figure(p.z)))"
    }

    private func outcome(_ passed: Bool, _ text: String, failure: String = "") -> Outcome {
        Outcome(passed: passed, line: "\(label): \(text) \(passed ? "pass" : "fail")" + (passed || failure.isEmpty ? "" : " (\(failure))"))
    }

    /// How far apart two positions are; infinite when either is not a number.
    private static func deviation(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = ((a - b) * (a - b)).sum().squareRoot()
        return d.isNaN ? .infinity : d
    }

    /// `value <= limit` or `value > limit`, as figures.
    private static func compared(_ value: Double, _ limit: Double) -> String {
        "\(figure(value)) \(value <= limit ? "<=" : ">") \(figure(limit))"
    }

    private func positions(_ graphs: [GradedGraph], tolerance: Double) -> Outcome {
        var worst = (deviation: -1.0, graph: 0, node: 0)
        for (g, graph) in graphs.enumerated() {
            for i in graph.reference.positions.indices {
                let deviation = GradeCheck.deviation(graph.submission.positions[i], graph.reference.positions[i])
                if deviation > worst.deviation { worst = (deviation, g, i) }
            }
        }
        let graph = graphs[worst.graph], node = worst.node
        let place = "node '\(graph.reference.ids[node])' of \(graph.name) is at \(GradeCheck.point(graph.submission.positions[node])), "
            + "the reference at \(GradeCheck.point(graph.reference.positions[node]))"
        return outcome(worst.deviation <= tolerance, "max deviation \(GradeCheck.compared(worst.deviation, tolerance))",
                       failure: place + firstTickOff(graphs, tolerance: tolerance))
    }

    /// `; first off at tick T ...`: the first tick after which a node is farther than `tolerance` from the reference's.
    private func firstTickOff(_ graphs: [GradedGraph], tolerance: Double) -> String {
        for tick in graphs[0].referenceTrajectory.indices {
            for graph in graphs {
                let reference = graph.referenceTrajectory[tick], submission = graph.submissionTrajectory[tick]
                let deviations = reference.indices.lazy.map { GradeCheck.deviation(submission[$0], reference[$0]) }
                if let i = deviations.firstIndex(where: { $0 > tolerance }) {
                    return "; first off at tick \(tick + 1), by \(GradeCheck.figure(deviations[i])) at node '\(graph.reference.ids[i])' of \(graph.name)"
                }
            }
        }
        return ""
    }

    private func metric(_ graphs: [GradedGraph], name: String, band: ClosedRange<Double>?, within: Double?) -> Outcome {
        func value(_ layout: GradedLayout) throws -> Double {
            try layout.metrics().pairs.first { $0.name == name }!.value
        }
        func list(_ values: [Double]) -> String { values.map(GradeCheck.figure).joined(separator: ", ") }
        do {
            let values = try graphs.map { try value($0.submission) }
            if let band {
                let outside = values.indices.filter { !band.contains(values[$0]) }
                let range = "[\(GradeCheck.figure(band.lowerBound)), \(GradeCheck.figure(band.upperBound))]"
                return outcome(outside.isEmpty, "\(list(values)) \(outside.isEmpty ? "in" : "not all in") \(range)",
                               failure: outside.map { "\(graphs[$0].name): \(GradeCheck.figure(values[$0]))" }.joined(separator: "; "))
            }
            let references = try graphs.map { try value($0.reference) }
            let largest = zip(values, references).map { abs($0 - $1) }.max()!
            return outcome(largest <= within!, "\(list(values)) (reference \(list(references))), largest difference \(GradeCheck.compared(largest, within!))")
        } catch {
            return outcome(false, "cannot be measured", failure: "\(error)")
        }
    }

    private func centroid(_ graphs: [GradedGraph], at: SIMD3<Double>, tolerance: Double) -> Outcome {
        let centroids = graphs.map(\.submission.centroid)
        let largest = centroids.map { GradeCheck.deviation($0, at) }.max()!
        let shown = centroids.map(GradeCheck.point).joined(separator: ", ")
        return outcome(largest <= tolerance, "\(shown); distance from \(GradeCheck.point(at)) at most \(GradeCheck.compared(largest, tolerance))")
    }
}
