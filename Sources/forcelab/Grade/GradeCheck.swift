import CLuaShim
import Foundation
import GraphModel
import LuaHost
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
        /// The exercise's own Lua function, judging each graph's layouts.
        case lua(LuaCheck)
    }

    /// The judgement of one check: the line to print, whether it passed and the share of its points earned.
    struct Outcome {
        let passed: Bool
        let line: String
        /// From 0 to 1: all or nothing for the built-in kinds, the mean of a Lua check's scores.
        let share: Double
    }

    /// A check's result as a class's summary and Gradescope take it: its name, the points it gives and those earned.
    struct Score: Codable, Equatable {
        let name: String
        let points: Double
        let earned: Double
        /// The check's line, and its hint when it failed.
        let output: String
    }

    /// The figures a metric check can name.
    enum Metric: String, CaseIterable {
        case stress, crossings, edgeLengthMean, edgeLengthCV, minAngle, overlaps, neighbourhoodPreservation
    }

    /// The names of the figures a metric check can name.
    static let metricNames = Metric.allCases.map(\.rawValue)
    /// What passing a check earns when its exercise does not give `points`.
    static let defaultPoints = 1

    /// A check's fields as an exercise writes them: each kind's declaration takes those it needs.
    struct Fields: LuaSettable {
        var name: String?
        var hint: String?
        var points: Double?
        var tolerance = 0.0
        var metric = Metric.stress
        var band: [Double]?
        var within: Double?
        var at: [Double] = []
        var check: LuaReference?

        /// Points and distances are at least 0.
        static func range(of setting: PartialKeyPath<Fields>) -> ClosedRange<Double>? {
            [\Fields.points, \Fields.tolerance, \Fields.within].contains(setting) ? 0...LuaOption.finite.upperBound : nil
        }
    }

    /// Each kind's fields, declared once: the exercise's checks are read against them.
    static let declarations: [String: LuaSettingsTable<Fields>] = {
        func kind(_ name: String, _ fields: [LuaSetting<Fields>]) -> (String, LuaSettingsTable<Fields>) {
            let kind = LuaSetting<Fields>(readByTheBinding: LuaOption("kind", .choice([name]), default: .required, "the kind of check"))
            return (name, LuaSettingsTable("a '\(name)' check", record: true, [kind] + [
                LuaSetting("name", \.name, described: "the metric's name or the kind", "the start of the check's line and its column in summary.csv"),
                LuaSetting("hint", \.hint, "printed under the line when the check fails"),
                LuaSetting("points", \.points, described: "\(defaultPoints)", "what passing the check earns"),
            ] + fields))
        }
        return Dictionary(uniqueKeysWithValues: [
            kind("positions", [LuaSetting("tolerance", \.tolerance, "how far a node may be from the reference's").required()]),
            kind("metric", [
                LuaSetting("metric", \.metric, "the figure, as fl.metrics measures it").required(),
                LuaSetting("band", \.band, shape: "{low, high}", counts: 2...2, finite: true, "the range the figure must be in on every graph"),
                LuaSetting("within", \.within, "how far the figure may be from the reference's"),
            ]),
            kind("centroid", [
                LuaSetting("at", \.at, shape: "{x, y} or {x, y, z}", counts: 2...3, finite: true, "where the nodes' mean position must be").required(),
                LuaSetting("tolerance", \.tolerance, "how far from `at` it may be").required(),
            ]),
            kind("lua", [
                LuaSetting("check", \.check, function: "function(submission, reference) -> passed, message, score",
                           "judges one graph's layouts (read-only tables); score from 0 to 1, by default 1 when passed").required(),
            ]),
        ])
    }()

    /// The name the check's line starts with (`name`, else the metric or the kind).
    let label: String
    let kind: Kind
    /// Printed under the line when the check fails (`hint`).
    let hint: String?
    /// What passing the check earns (`points`, 1 when not given).
    let points: Double
    /// Whether the exercise gave `points` (then reports show the score).
    let givesPoints: Bool

    /// Reads the check table at `table` of `lua`'s stack, `checks[position]`, against its kind's declaration; an
    /// unknown kind or field, or a missing or wrong value, is an error naming it.
    init(_ lua: LuaState, table: Int32, position: Int) throws {
        let L = lua.L
        let place = "checks[\(position)]"
        guard lua_type(L, table) == LUA_TTABLE else { throw GradeError.exercise("\(place) must be a table {kind = ..., ...}") }
        let kinds = GradeCheck.declarations.keys.sorted().joined(separator: ", ")
        let kindType = fl_rawgetfield(L, table, "kind")
        let kindName = kindType == LUA_TSTRING ? LuaValues.string(L, -1) : nil
        let given = kindType == LUA_TNIL ? "nil" : LuaValues.describe(L, -1)
        fl_pop(L, 1)
        guard let kindName, let declaration = GradeCheck.declarations[kindName] else {
            throw GradeError.exercise("\(place).kind must be one of \(kinds), got \(given)")
        }
        do {
            let reader = try OptionsReader(LuaTableReader(LuaArguments(L, function: place), tableAt: lua_absindex(L, table), argument: 1),
                                           declaration.table)
            let fields = try declaration.read(reader)
            hint = fields.hint
            givesPoints = fields.points != nil
            points = fields.points ?? Double(Self.defaultPoints)
            switch kindName {
            case "positions":
                kind = .positions(tolerance: fields.tolerance)
            case "metric":
                if let band = fields.band, band[0] > band[1] { throw GradeError.exercise("\(place).band must be {low, high} with low <= high") }
                guard (fields.band == nil) == (fields.within != nil) else {
                    throw GradeError.exercise("\(place) must give either band = {low, high} or within = difference from the reference")
                }
                kind = .metric(name: fields.metric.rawValue, band: fields.band.map { $0[0]...$0[1] }, within: fields.within)
            case "centroid":
                let at = fields.at
                kind = .centroid(at: SIMD3(at[0], at[1], at.count == 3 ? at[2] : 0), tolerance: fields.tolerance)
            default:
                kind = .lua(try LuaCheck(lua: lua, function: fields.check!, place: place))
            }
            label = fields.name ?? (kindName == "metric" ? fields.metric.rawValue : kindName == "lua" ? "check \(position)" : kindName)
        } catch let error as LuaError {
            throw GradeError.exercise(GradeCheck.unwrapped(error.message, place: place))
        }
    }

    /// An options reader's message (`bad argument #1 to 'checks[2]' (field 'x': ...)`, `a 'metric' check: unknown
    /// option ...`) as an exercise's: `checks[2]: field 'x': ...`.
    private static func unwrapped(_ message: String, place: String) -> String {
        let prefix = "bad argument #1 to '\(place)' ("
        if message.hasPrefix(prefix), message.hasSuffix(")") { return "\(place): " + message.dropFirst(prefix.count).dropLast() }
        return "\(place): \(message)"
    }

    /// Whether the exercise wrote the check as a Lua function.
    var isWrittenInLua: Bool {
        if case .lua = kind { return true }
        return false
    }

    /// What the check asks for, in words.
    var description: String {
        switch kind {
        case .positions(let tolerance): return "\(label): every node within \(GradeCheck.figure(tolerance)) of where the reference puts it"
        case .metric(_, let band?, _): return "\(label): in [\(GradeCheck.figure(band.lowerBound)), \(GradeCheck.figure(band.upperBound))] on every graph"
        case .metric(_, _, let within): return "\(label): within \(GradeCheck.figure(within ?? 0)) of the reference's on every graph"
        case .centroid(let at, let tolerance): return "\(label): the nodes' centroid within \(GradeCheck.figure(tolerance)) of \(GradeCheck.point(at))"
        case .lua: return "\(label): judged by the exercise's Lua function on every graph"
        }
    }

    /// Judges the submission's layouts of `graphs` (a Lua check's error or limit is thrown).
    func judge(_ graphs: [GradedGraph], ticks: Int) throws -> Outcome {
        switch kind {
        case .positions(let tolerance): return positions(graphs, tolerance: tolerance)
        case .metric(let name, let band, let within): return metric(graphs, name: name, band: band, within: within)
        case .centroid(let at, let tolerance): return centroid(graphs, at: at, tolerance: tolerance)
        case .lua(let check):
            let judged = try graphs.map { try check.judge($0, ticks: ticks, label: label) }
            let passed = judged.allSatisfy(\.passed)
            let text = judged.enumerated().map { graphs.count == 1 ? $1.message : "\(graphs[$0].name): \($1.message)" }
                .filter { !$0.isEmpty }.joined(separator: "; ")
            return Outcome(passed: passed, line: "\(label): \(text.isEmpty ? "" : text + " ")\(passed ? "pass" : "fail")",
                           share: judged.map(\.score).reduce(0, +) / Double(judged.count))
        }
    }

    /// A number for a line: four significant digits.
    static func figure(_ value: Double) -> String { value.isNaN ? "nan" : String(format: "%.4g", value) }

    /// A position for a line: `(x, y)`, or `(x, y, z)` when z is not 0.
    static func point(_ p: SIMD3<Double>) -> String {
        p.z == 0 ? "(\(figure(p.x)), \(figure(p.y)))" : "(\(figure(p.x)), \(figure(p.y)), \(figure(p.z)))"
    }

    private func outcome(_ passed: Bool, _ text: String, failure: String = "") -> Outcome {
        Outcome(passed: passed, line: "\(label): \(text) \(passed ? "pass" : "fail")" + (passed || failure.isEmpty ? "" : " (\(failure))"),
                share: passed ? 1 : 0)
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
