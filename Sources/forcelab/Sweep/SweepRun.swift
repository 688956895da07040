import Foundation

/// Runs a spec's cases (this shard's, less those already recorded) in parallel worker processes and appends a record
/// per case to the results file; a failing case is reported with its parameters and the others go on.
final class SweepRun {
    private let options: SweepOptions
    private let memoryLimit: Int
    /// The jobs' threads, one worker each, which a signal stops.
    private let children = ChildJobs()
    /// Guards what follows.
    private let lock = NSLock()
    private var next = 0
    private var givenBack: [SweepCase] = []
    private var fatal: String?

    /// Prepares a run of `options` (a spec is required) with Lua's heap capped at `memoryLimit` bytes (0 = none).
    init(options: SweepOptions, memoryLimit: Int) {
        self.options = options
        self.memoryLimit = memoryLimit
    }

    /// The results file: `--out`, else the spec's name with `.jsonl` in the current folder.
    private var outPath: String {
        options.out ?? URL(fileURLWithPath: options.spec!).deletingPathExtension().lastPathComponent + ".jsonl"
    }

    /// Runs the sweep and returns the exit status: 0 when every case has a record, 1 otherwise.
    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        if let input = SpecInput.detach() { close(input) }
        let spec = options.spec!, shard = options.shard
        do {
            let all = try SweepSpec(path: spec, arguments: options.specArguments, memoryLimit: memoryLimit).cases()
            let mine = all.indices.filter { $0 % shard.count == shard.index - 1 }.map { all[$0] }
            let log = try ResultLog(path: outPath)
            let finished = try log.finished()
            let todo = mine.filter { !finished.contains($0.key) }
            let jobs = min(options.jobs, todo.count)
            let scope = shard.count > 1 ? "\(mine.count) case\(mine.count == 1 ? "" : "s") (shard \(shard.index)/\(shard.count) of \(all.count))"
                : "\(all.count) case\(all.count == 1 ? "" : "s")"
            say("\(scope), \(mine.count - todo.count) recorded before, \(todo.count) to run on \(jobs) job\(jobs == 1 ? "" : "s") -> \(outPath)")
            guard !todo.isEmpty else { return 0 }
            let progress = SweepProgress(total: todo.count)
            // At SIGINT, SIGTERM or SIGHUP no further case starts, and the workers, with the commands they started, are
            // ended at once rather than left running their cases.
            children.run(jobs) { [self] in serve(todo, log: log, progress: progress) }
            let signal = children.stoppedBy
            lock.lock()
            let fatal = self.fatal
            lock.unlock()
            progress.finish()
            if let fatal { say(fatal) }
            if let signal {
                say("\(StopSignals.stopped(by: signal)): \(progress.done) of \(todo.count) case\(todo.count == 1 ? "" : "s") run; the same command runs the rest")
                return 128 + signal
            }
            if fatal != nil { return 1 }
            let rate = Double(progress.done) / max(progress.elapsed, 1e-9)
            // Said before the summary, which stays the last line.
            if let records = try? ResultLog.records(outPath),
               let note = SweepPictures(records: records.map { ($0.case, $0.figures) }).identicalSeeds {
                say(note)
            }
            let ran = "\(progress.done) case\(progress.done == 1 ? "" : "s")"
            say(ran + String(format: " run in %.2f s (%.1f cases/s), %d failed", progress.elapsed, rate, progress.failed))
            return progress.failed == 0 ? 0 : 1
        } catch {
            say(String(describing: error))
            return 1
        }
    }

    /// One worker's loop: keeps `depth` cases sent ahead (so the worker never waits for this process) until none is
    /// left or the sweep must stop; when the worker dies, the case it ran fails, the ones queued behind it go back to
    /// the pool, and a new worker starts.
    private func serve(_ todo: [SweepCase], log: ResultLog, progress: SweepProgress) {
        let depth = 2
        var worker: WorkerProcess?
        var sent: [SweepCase] = []
        defer {
            if let worker {
                children.ended(worker.processIdentifier)
                worker.stop()
            }
        }
        while true {
            while sent.count < depth, let sweepCase = take(todo) {
                do {
                    if worker == nil {
                        worker = try WorkerProcess(spec: options.spec!, arguments: options.specArguments) { [self] line in
                            lock.lock()
                            progress.say(line)
                            lock.unlock()
                        }
                        children.started(worker!.processIdentifier)
                    }
                } catch {
                    stop("a worker could not start: \(error)")
                    return
                }
                sent.append(sweepCase)
                guard worker!.send(sweepCase) else { break }
            }
            guard let active = worker, !sent.isEmpty else { return }
            let sweepCase = sent.removeFirst()
            var failure: String?
            switch active.receive() {
            case .record(let line):
                do { try log.append(line) } catch {
                    stop(String(describing: error))
                    return
                }
            case .failure(let message): failure = message
            case .stopped(let why):
                failure = why
                giveBack(sent)
                sent = []
                children.ended(active.processIdentifier)
                worker = nil
            case .ready: failure = "the worker answered 'ready' to a case"
            }
            // A case cut short by the signal is neither recorded nor a failure (the signal is noted before it ends workers).
            if failure != nil, children.stoppedBy != nil { continue }
            lock.lock()
            if let failure { progress.say("forcelab sweep: case \(sweepCase.label): \(failure)") }
            progress.count(failed: failure != nil)
            lock.unlock()
        }
    }

    /// The next case to run (one given back first), or nil when there is none or the sweep is stopping.
    private func take(_ todo: [SweepCase]) -> SweepCase? {
        lock.lock()
        defer { lock.unlock() }
        guard fatal == nil, children.stoppedBy == nil else { return nil }
        if let sweepCase = givenBack.popLast() { return sweepCase }
        guard next < todo.count else { return nil }
        next += 1
        return todo[next - 1]
    }

    /// Returns cases that were sent to a worker that died before running them.
    private func giveBack(_ cases: [SweepCase]) {
        lock.lock()
        givenBack += cases.reversed()
        lock.unlock()
    }

    /// Stops the sweep: no further case starts.
    private func stop(_ reason: String) {
        lock.lock()
        if fatal == nil { fatal = reason }
        lock.unlock()
    }

    private func say(_ text: String) {
        Diagnostics.write("forcelab sweep: \(text)\n")
    }
}
