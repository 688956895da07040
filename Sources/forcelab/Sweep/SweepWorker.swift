import DataTables
import Foundation
import LuaHost

/// The worker side of a sweep (`forcelab sweep --worker spec.lua`): loads the spec once, then reads case keys on
/// standard input and answers each with one line: `ok RECORD`, `error "MESSAGE"`; `ready` or `fatal "MESSAGE"` first.
enum SweepWorker {
    /// Serves cases until standard input ends; returns the exit status.
    static func serve(spec path: String, arguments: [String], memoryLimit: Int) -> Int32 {
        // The sweep ends its workers, and the commands their spec starts, with SIGTERM. A worker started while the
        // sweep set up its own handling of SIGTERM and SIGINT inherits them ignored (exec keeps an ignored signal
        // ignored), so the worker takes the defaults back, before the spec can start a command.
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        // What the spec prints goes to standard error, so standard output carries only the replies.
        let replies = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
        closeOnExec()
        dup2(STDERR_FILENO, STDOUT_FILENO)
        func reply(_ line: String) -> Bool {
            (try? replies.write(contentsOf: Data((line + "\n").utf8))) != nil
        }
        let spec: SweepSpec
        let files = CaseFiles()
        var provenance: SweepRecord.Provenance
        do {
            spec = try SweepSpec(path: path, arguments: arguments, memoryLimit: memoryLimit) { files.note($0, writing: $1) }
            files.specLoaded()
            provenance = SweepRecord.Provenance(spec: (path, try FileDigest.sha256(path)))
        } catch {
            _ = reply("fatal " + JSONValue.string(String(describing: error)).text)
            return 1
        }
        guard reply("ready") else { return 1 }
        while let line = readLine() {
            guard let value = try? JSONValue.parse(Substring(line)), let sweepCase = SweepCase(record: value) else {
                _ = reply("fatal " + JSONValue.string("not a case: \(line)").text)
                return 1
            }
            let start = MonotonicClock.seconds()
            let answer: String
            files.caseStarts()
            _ = EngineUse.take()
            do {
                let figures = try spec.run(sweepCase)
                let seconds = MonotonicClock.seconds() - start
                provenance.engine = EngineUse.take()
                provenance.files = try files.digestFields()
                answer = "ok " + SweepRecord.text(sweepCase, figures: figures, seconds: seconds, provenance: provenance)
            } catch {
                answer = "error " + JSONValue.string(String(describing: error)).text
            }
            guard reply(answer) else { return 1 }
        }
        return 0
    }

    /// Marks every descriptor past standard error close-on-exec, so the spec's own child processes (`os.execute`,
    /// `io.popen`) hold neither the replies pipe nor the descriptor by which the sweep learns that this worker has
    /// ended (Foundation's Process watches it): a worker stopped by a signal is then seen gone at once, not when a
    /// command it started finishes.
    private static func closeOnExec() {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in descriptors.compactMap(Int32.init) where descriptor > STDERR_FILENO {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}
