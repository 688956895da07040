import DataTables
import Foundation
import LuaHost

/// The worker side of a sweep (`forcelab sweep --worker spec.lua`): loads the spec once, then reads case keys on
/// standard input and answers each with one line: `ok RECORD`, `error "MESSAGE"`; `ready` or `fatal "MESSAGE"` first.
/// The spec's own standard input is /dev/null (`SpecInput`).
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
        func reply(_ line: String) -> Bool {
            (try? replies.write(contentsOf: Data((line + "\n").utf8))) != nil
        }
        guard let requests = SpecInput.detach() else {
            _ = reply("fatal " + JSONValue.string("cannot move the worker's standard input: \(String(cString: strerror(errno)))").text)
            return 1
        }
        let cases = LineReader(descriptor: requests)
        endWhenTheSweepIsGone(requests)
        closeOnExec()
        dup2(STDERR_FILENO, STDOUT_FILENO)
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
        while let line = cases.next() {
            guard let value = try? JSONValue.parse(Substring(line)), let sweepCase = SweepCase(record: value) else {
                _ = reply("fatal " + JSONValue.string("not a case: \(line)").text)
                return 1
            }
            let start = MonotonicClock.seconds()
            let answer: String
            files.caseStarts()
            _ = spec.engineUse.take()
            do {
                let figures = try spec.run(sweepCase)
                let seconds = MonotonicClock.seconds() - start
                provenance.engine = spec.engineUse.take()
                provenance.files = try files.digestFields()
                answer = "ok " + SweepRecord.text(sweepCase, figures: figures, seconds: seconds, provenance: provenance)
            } catch {
                answer = "error " + JSONValue.string(String(describing: error)).text
            }
            guard reply(answer) else { return 1 }
        }
        return 0
    }

    /// Ends this worker and the commands its spec started (its process group) once the sweep that started it is gone
    /// without ending it (SIGKILL, a crash): the pipe the cases come on then hangs up and the worker has a new parent.
    /// Without this a worker in a long case ran on, orphaned. When the sweep closes the pipe itself, the worker ends
    /// on its own at its next read.
    private static func endWhenTheSweepIsGone(_ requests: Int32) {
        let sweep = getppid()
        Thread {
            // Events 0: only a hang-up (or an error) wakes it, not the cases waiting to be read.
            var watched = pollfd(fd: requests, events: 0, revents: 0)
            while poll(&watched, 1, -1) < 0 && errno == EINTR {}
            // The pipe hangs up while the sweep's descriptors close, a moment before this worker gets a new parent.
            var waited = 0
            while getppid() == sweep && waited < 100 {
                usleep(10_000)
                waited += 1
            }
            if getppid() != sweep { kill(0, SIGTERM) }
        }.start()
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
