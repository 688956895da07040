import CLuaShim
import Foundation
import GraphModel
import LuaHost

/// Grades a submission against an exercise in one sandboxed, limited Lua state. The exercise's reference runs
/// first and every graph and simulation for the submission is built before the submission's file is even loaded,
/// so nothing it does can change the reference's layouts; the layouts are read and compared by Swift. The sandbox's
/// readable folders change from the exercise's to the submission's before the submission loads.
struct Grader {
    /// A graph the submission will run on: its name, the reference's layout, the graph and its simulation.
    private struct Prepared {
        let name: String
        let reference: GradedLayout
        /// The reference's positions after each tick.
        let trajectory: [[SIMD3<Double>]]
        let graph: LuaReference
        let simulation: LuaReference
    }

    let options: GradeOptions

    /// What grading ends with: the lines for standard output, then either the summary of the checks (standard output)
    /// or the error that stopped grading (standard error), and the exit status.
    private struct Ending {
        var lines: [String] = []
        /// The checks' summary; nil when no submission was graded.
        var summary: String?
        var failed = 0
        var error: GradeError?
        /// The names the sandbox removed that the submission tried, and how often.
        var attempts: [String: Int] = [:]
        /// Each check's score, once the exercise is read (none earned until the checks judge).
        var scores: [GradeCheck.Score] = []
        /// Whether the exercise gives points (then the summary says the score).
        var givesPoints = false
        /// `--pictures`: the picture to write once the submission's state is closed.
        var picture: GradePicture?
        /// The score: the points earned and those possible.
        var score: (earned: Double, possible: Double) {
            (scores.map(\.earned).reduce(0, +), scores.map(\.points).reduce(0, +))
        }
        var status: Int32 { error?.status ?? (failed == 0 ? 0 : 1) }
        /// The line a class's summary shows: the checks' summary or the error's first line.
        var verdict: String { error.map { String($0.description.prefix { $0 != "\n" }) } ?? summary ?? "" }
    }

    /// Runs the exercise and the submission, prints one line per check, what the submission wrote (apart, marked as
    /// its own) and a summary, and returns the exit status. Nothing is printed while the submission's code can run:
    /// the Lua state is closed (its finalizers run) before the capture of its output ends.
    func run() -> Int32 {
        let refused = RefusedAccesses()
        let written = SubmissionOutput()
        let ending = grade(refused, written)
        let submissionWrote = written.finish()
        var lines = ending.lines
        if let picture = ending.picture {
            // Written only now, with the submission's state closed: nothing of it can run after and replace the file.
            do {
                try picture.write()
                lines.append("picture: \(picture.path) (the submission's layouts beside the reference's, the nodes farthest off ringed)")
            } catch {
                lines.append("picture: \(error)")
            }
        }
        for line in lines { print(line) }
        print(submissionWrote, terminator: "")
        let tried = RemovedNameAttempts.report(ending.attempts)
        var report = lines.map { $0 + "\n" }.joined() + submissionWrote
        if let error = ending.error {
            let text = "forcelab grade: \(error.description)\n" + refused.report(besides: error.description) + tried
            fflush(stdout)
            Diagnostics.write(text)
            report += text
        } else if let summary = ending.summary {
            print(refused.report() + tried, terminator: "")
            print(summary)
            report += refused.report() + tried + summary + "\n"
        }
        fflush(stdout)
        guard options.submission != nil else { return ending.status }
        let attempts = ending.attempts.values.reduce(refused.count, +)
        VerdictFile.write(VerdictFile.Verdict(status: ending.status, verdict: ending.verdict, attempts: attempts, scores: ending.scores))
        if let path = options.gradescopeResults {
            do {
                try GradescopeResults(scores: ending.scores, report: report, failure: ending.error?.description).write(to: path)
            } catch {
                Diagnostics.write("forcelab grade: \(error)\n")
                return 2
            }
        }
        return ending.status
    }

    /// Grades in a Lua state of its own, closed when this returns; the submission's output is captured while it runs.
    private func grade(_ refused: RefusedAccesses, _ written: SubmissionOutput) -> Ending {
        var ending = Ending()
        var watched: RemovedNameAttempts?
        /// The state the submission runs in and how many binary chunks its loaders had refused before it loaded.
        var binaryChunks: (lua: LuaState, before: Int64)?
        do {
            // Sandboxed as `forcelab --sandbox`, which implies -E: LUA_PATH and LUA_CPATH are not read.
            let lua = try LuaState(memoryLimit: options.memoryLimit, ignoreEnvironment: true, maxInstructions: options.maxInstructions,
                                   timeout: options.timeout, sandbox: options.exerciseAccess)
            try lua.setModuleGlobal()
            let driver = try GradeDriver(lua)
            let (exercise, prepared) = try prepare(lua, driver)
            ending.lines.append("exercise: \(exercise.title) (\(options.exercise))")
            ending.scores = exercise.checks.map { GradeCheck.Score(name: $0.label, points: $0.points, earned: 0, output: "") }
            ending.givesPoints = exercise.checks.contains { $0.givesPoints }
            guard let submission = options.submission else {
                ending.lines += options.record ? try record(exercise, prepared) : show(exercise, prepared)
                return ending
            }
            let checks = try judges(exercise, sharingTimeOf: lua)
            lua.fileAccess = options.submissionAccess
            refused.start(in: lua)
            watched = try driver.watchRemovedNames()
            binaryChunks = (lua, fl_binary_chunks_refused(lua.L))
            try written.start()
            let graphs = try runSubmission(submission, lua, driver, exercise, prepared)
            if options.pictures {
                ending.picture = GradePicture(graphs, heading: "\(shown(submission)) against \(exercise.title)", submission: submission,
                                              outputFolder: options.outputPath)
            }
            ending.lines.append("submission: \(shown(submission)), \(graphs.count) graph\(graphs.count == 1 ? "" : "s"), \(exercise.ticks) ticks each")
            for (index, check) in checks.enumerated() {
                let outcome = try check.judge(graphs, ticks: exercise.ticks)
                ending.lines.append(outcome.line)
                var output = outcome.line
                if !outcome.passed {
                    ending.failed += 1
                    if let hint = check.hint {
                        ending.lines.append("  hint: \(hint)")
                        output += "\n  hint: \(hint)"
                    }
                }
                ending.scores[index] = GradeCheck.Score(name: check.label, points: check.points, earned: check.points * outcome.share, output: output)
            }
            let count = exercise.checks.count
            let failed = ending.failed
            ending.summary = failed == 0 ? "all \(count) check\(count == 1 ? "" : "s") pass" : "\(failed) of \(count) check\(count == 1 ? "" : "s") fail"
            if ending.givesPoints {
                ending.summary! += ", \(GradeCheck.figure(ending.score.earned)) of \(GradeCheck.figure(ending.score.possible)) points"
            }
        } catch let error as GradeError {
            ending.error = error
        } catch {
            ending.error = GradeError.exercise(String(describing: error))
        }
        ending.attempts = watched?.counts() ?? [:]
        if let (lua, before) = binaryChunks, fl_binary_chunks_refused(lua.L) > before {
            ending.attempts[RemovedNameAttempts.binaryChunk] = Int(fl_binary_chunks_refused(lua.L) - before)
        }
        return ending
    }

    /// The exercise's checks as they judge: when one is written in Lua, read again in a Lua state of the grader's own
    /// (sandboxed and limited as the exercise), so that the submission, which shares the exercise's state, cannot
    /// reach the checks' functions or what they read. Its time limit is what is left of `exerciseState`'s, so
    /// `--timeout` covers the whole run.
    private func judges(_ exercise: Exercise, sharingTimeOf exerciseState: LuaState) throws -> [GradeCheck] {
        guard exercise.checks.contains(where: \.isWrittenInLua) else { return exercise.checks }
        let lua = try LuaState(memoryLimit: options.memoryLimit, ignoreEnvironment: true, maxInstructions: options.maxInstructions,
                               timeout: exerciseState.timeLeft.map { max($0, 0.001) } ?? 0, sandbox: options.exerciseAccess)
        do {
            try lua.setModuleGlobal()
            return try Exercise(path: options.exercise, lua: lua).checks
        } catch let error as LuaError {
            throw exerciseFailure(error, lua)
        }
    }

    /// Reads the exercise, lays out each graph with the reference and builds the submission's graphs and simulations.
    private func prepare(_ lua: LuaState, _ driver: GradeDriver) throws -> (Exercise, [Prepared]) {
        do {
            let exercise = try Exercise(path: options.exercise, lua: lua)
            let prepared = try exercise.graphs.enumerated().map { index, entry -> Prepared in
                let (graph, label) = try driver.graph(entry, folder: exercise.folder, position: index + 1)
                let name = "graph \(index + 1) (\(label))"
                let simulation = try driver.simulation(of: graph, options: exercise.simulation, forces: exercise.forces)
                guard let force = exercise.reference else {
                    // Only the recorded layouts: the graph is built for the submission alone.
                    let recording = exercise.recording!, layout = try driver.layout(of: graph)
                    guard recording.matches(layout, at: index) else {
                        throw GradeError.exercise("'\(exercise.recordedPath!)' was recorded for other nodes or edges than graphs[\(index + 1)] "
                                                  + "builds: record it again with forcelab grade --record")
                    }
                    let trajectory = recording.trajectory(of: index)
                    return Prepared(name: name, reference: layout.moved(to: trajectory.last!), trajectory: trajectory, graph: graph, simulation: simulation)
                }
                let trajectory = try driver.run(simulation, of: graph, name: exercise.name, otherwise: nil, force: force, ticks: exercise.ticks)
                let reference = try driver.layout(of: graph)
                guard !reference.ids.isEmpty else { throw GradeError.exercise("'\(options.exercise)': graphs[\(index + 1)] has no nodes") }
                let (copy, _) = try driver.graph(entry, folder: exercise.folder, position: index + 1)
                guard driver.sameShape(graph, copy) else {
                    throw GradeError.exercise("'\(options.exercise)': graphs[\(index + 1)] gives a different graph each time it is built (give its generator a seed)")
                }
                return Prepared(name: name, reference: reference, trajectory: trajectory, graph: copy,
                                simulation: try driver.simulation(of: copy, options: exercise.simulation, forces: exercise.forces))
            }
            return (exercise, prepared)
        } catch let failure as GradeDriver.RunFailure {
            throw exerciseFailure(failure.error, lua)
        } catch let error as LuaError {
            throw exerciseFailure(error, lua)
        }
    }

    /// Why an exercise cannot be used: a limit reached while it was set up, or its error.
    private func exerciseFailure(_ error: LuaError, _ lua: LuaState) -> GradeError {
        if let limit = lua.limitReached ?? Grader.memoryError(error) {
            return GradeError.limit("the exercise '\(options.exercise)' reached a limit before the submission ran: \(limit)")
        }
        return GradeError.exercise("the exercise '\(options.exercise)' cannot be used: \(error.message)")
    }

    /// `--record`: writes the reference's layouts to the file the exercise names as `recorded`; returns the line saying so.
    private func record(_ exercise: Exercise, _ prepared: [Prepared]) throws -> [String] {
        guard exercise.reference != nil, let path = exercise.recordedPath else {
            throw GradeError.exercise("'\(options.exercise)': --record needs the exercise's reference and a field 'recorded' naming the file to write")
        }
        let recording = ReferenceRecording(exercise: exercise.title, ticks: exercise.ticks, setup: exercise.expectsSetup,
                                           graphs: prepared.map { ($0.name, $0.reference, $0.trajectory) })
        try recording.write(to: path)
        return ["recorded the reference's layouts of \(prepared.count) graph\(prepared.count == 1 ? "" : "s"), \(exercise.ticks) ticks each, in \(path)"]
    }

    /// What a student and a teacher need to know of an exercise: its task, its graphs, its checks and the
    /// figures and centroid of the reference's layouts (to choose a metric check's band, a centroid's tolerance).
    private func show(_ exercise: Exercise, _ prepared: [Prepared]) -> [String] {
        var lines = exercise.about.map { [$0] } ?? []
        lines.append("graphs: \(prepared.map(\.name).joined(separator: ", ")); \(exercise.ticks) ticks each")
        lines.append("checks:")
        lines += exercise.checks.map { "  \($0.description)" }
        lines.append("the reference's figures:")
        for graph in prepared {
            do {
                let figures = try graph.reference.metrics().pairs.filter { GradeCheck.metricNames.contains($0.name) }
                lines.append("  \(graph.name): " + figures.map { "\($0.name) \(GradeCheck.figure($0.value))" }.joined(separator: ", ")
                             + ", centroid \(GradeCheck.point(graph.reference.centroid))")
            } catch {
                lines.append("  \(graph.name): cannot be measured (\(error))")
            }
        }
        return lines
    }

    /// Loads the submission, runs the force it returns on each prepared graph and pairs the layouts.
    private func runSubmission(_ submission: String, _ lua: LuaState, _ driver: GradeDriver, _ exercise: Exercise, _ prepared: [Prepared]) throws -> [GradedGraph] {
        let L = lua.L
        let chunk: LuaReference
        let shown = shown(submission)
        do {
            try PrivateSubmission.checkIsAFile(submission)
        } catch {
            throw GradeError.submission(String(describing: error))
        }
        // require finds the submission's own modules beside it first, as a script's (whatever folder grading runs in).
        lua.prependModuleFolder(URL(fileURLWithPath: submission).deletingLastPathComponent().path)
        guard let source = FileManager.default.contents(atPath: submission) else {
            throw GradeError.submission("cannot read the submission '\(shown)'")
        }
        do {
            try lua.loadFile(contents: source, named: shown)
            chunk = LuaReference(L, -1)
            fl_pop(L, 1)
        } catch let error as LuaError {
            throw GradeError.submission("the submission does not compile: \(error.message)")
        }
        let file = URL(fileURLWithPath: submission).lastPathComponent
        return try prepared.map { graph in
            // Whether the force is a table form {force = function(alpha)} (its mistakes differ from a function's).
            var tableForm = false
            do {
                try chunk.call(L, results: 1) {
                    graph.graph.push(L)
                    return 1
                }
                defer { fl_pop(L, 1) }
                guard lua_type(L, -1) == LUA_TFUNCTION || lua_type(L, -1) == LUA_TTABLE else {
                    let message = "'\(shown)' must return " + exercise.expected + "; it returned \(LuaValues.typeName(L, -1))"
                    throw GradeError.submission(message + (MisuseAdvice.advice(for: message, tableForm: false).map { "\n" + $0 } ?? ""))
                }
                if lua_type(L, -1) == LUA_TTABLE {
                    tableForm = fl_rawgetfield(L, -1, "arrays") == LUA_TNIL
                    fl_pop(L, 1)
                }
                guard GradeDriver.isSetup(L, at: -1) == exercise.expectsSetup else {
                    throw GradeError.submission("'\(shown)' must return " + exercise.expected + " for this exercise")
                }
                if !exercise.expectsSetup {
                    do {
                        _ = try LuaForceShape.of(L, at: -1)
                    } catch let refusal as LuaForceShape.Refusal {
                        throw GradeError.submission("the submission failed on \(graph.name): what \(file) returns is not a force: \(refusal.reason)")
                    }
                }
                // Added under the submission's file name, so that the simulation's own messages name the force as the
                // student knows it.
                let trajectory = try driver.run(graph.simulation, of: graph.graph, name: file, otherwise: exercise.name,
                                                force: LuaReference(L, -1), ticks: exercise.ticks)
                let layout = try driver.layout(of: graph.graph)
                guard layout.hasSameGraph(as: graph.reference) else {
                    throw GradeError.submission("the submission changed the nodes or edges of \(graph.name); a force only moves nodes")
                }
                return GradedGraph(name: graph.name, reference: graph.reference, submission: layout,
                                   referenceTrajectory: graph.trajectory, submissionTrajectory: trajectory)
            } catch let failure as GradeDriver.RunFailure {
                let adding = exercise.expectsSetup ? "in its setup" : "as it was added"
                let place = failure.tick == 0 ? "\(graph.name) \(adding)" : "\(graph.name) at tick \(failure.tick)"
                throw submissionFailure(failure.error, lua, on: place, submission, tableForm: tableForm)
            } catch let error as LuaError {
                throw submissionFailure(error, lua, on: graph.name, submission, tableForm: tableForm)
            }
        }
    }

    /// The submission as messages name it: the path the teacher gave, for a class's private copy of it.
    private func shown(_ submission: String) -> String {
        ProcessInfo.processInfo.environment[PrivateSubmission.shownAsVariable] ?? submission
    }

    /// Why the submission failed `place` (a graph, and the tick): a limit it reached, or its error (with the likely
    /// mistake behind it, when it is a common one; `tableForm` says the force was a table form).
    private func submissionFailure(_ error: LuaError, _ lua: LuaState, on place: String, _ submission: String, tableForm: Bool) -> GradeError {
        if let limit = lua.limitReached ?? Grader.memoryError(error) {
            return GradeError.limit("the submission reached a limit on \(place): \(limit)\(limitAdvice(limit))"
                                    + frames(of: error.message, in: submission))
        }
        let message = lines(of: error.message, in: submission)
        let firstLine = String(message.prefix { $0 != "\n" })
        let advice = MisuseAdvice.advice(for: firstLine, tableForm: tableForm).map { "\n" + $0 } ?? ""
        return GradeError.submission("the submission failed on \(place): \(message)\(advice)")
    }

    /// The message of a memory error (the limit's or the system's), which a callback's error no longer marks as one.
    private static func memoryError(_ error: LuaError) -> String? {
        error.isMemoryError || error.message.hasPrefix("not enough memory") ? error.message : nil
    }

    /// Which option raises the limit named in `message`.
    private func limitAdvice(_ message: String) -> String {
        if message.contains("instruction") { return " (--max-instructions, \(options.maxInstructions) here)" }
        if message.contains("memory") { return " (--max-memory, \(options.memoryLimit >> 20)M here)" }
        return " (--timeout, \(GradeCheck.figure(options.timeout)) s here)"
    }

    /// An error's message without the grader's own place (`(grader):44: `), with only the traceback lines in the
    /// submission's file.
    private func lines(of message: String, in submission: String) -> String {
        var message = Substring(message)
        if let place = message.range(of: #"^\(grader\):\d+: "#, options: .regularExpression) { message = message[place.upperBound...] }
        guard let traceback = message.range(of: "\nstack traceback:\n") else { return String(message) }
        return String(message[..<traceback.lowerBound]) + frames(of: String(message), in: submission)
    }

    /// The lines of an error's traceback that are in the submission's file, under `in the submission:` (where an
    /// endless loop was stopped, say), or nothing.
    private func frames(of message: String, in submission: String) -> String {
        guard let traceback = message.range(of: "\nstack traceback:\n") else { return "" }
        let file = URL(fileURLWithPath: submission).lastPathComponent
        let frames = message[traceback.upperBound...].split(separator: "\n").filter { $0.contains(file) }
        return frames.isEmpty ? "" : "\nin the submission:\n" + frames.joined(separator: "\n")
    }
}
