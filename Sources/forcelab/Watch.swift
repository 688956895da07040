import CLuaShim
import Foundation

/// `forcelab --watch script.lua`: runs the script in a fresh forcelab process, and again each time the script or a
/// file the last run read is saved (modification times polled, a burst of saves waited out), for a picture viewer
/// open beside the editor. After each run it says how the run ended and which files it wrote; a failing run is
/// watched like any other. Ctrl-C ends the watch (and a run under way).
struct Watch {
    let options: CommandLineOptions

    /// How often the files are looked at, in seconds.
    static let pollInterval = 0.1
    /// How long the files must stay unchanged after a save before the script runs again, in seconds.
    static let settleTime = 0.2

    /// A file's identity and modification time; nil for a missing file.
    private struct Stamp: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    /// What one run used.
    private struct Run {
        /// When it started, in seconds since 1970 (less a little: file times come from a coarser clock).
        let started: Double
        /// How it ended: "finished", "failed (status N)" or "was killed by signal N".
        let ending: String
        let read: [String]
        let wrote: [String]
    }

    /// Runs and re-runs until Ctrl-C; the status is 0.
    func run() -> Interpreter.Status {
        fl_install_sigint()
        defer { fl_restore_sigint() }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-watch-\(getpid()).log").path
        defer { unlink(log) }
        let script = Watch.absolute(options.script ?? "")
        var number = 1
        var watched = [script]
        while true {
            // Stamped before the run, so that a save during the run starts the next one.
            let stampsBefore = Dictionary(uniqueKeysWithValues: watched.map { ($0, Watch.stamp($0)) })
            guard let run = runOnce(log: log) else { break }
            report(run, number: number)
            watched = Array(Set([script] + run.read).subtracting(run.wrote)).sorted()
            Diagnostics.write("forcelab --watch: watching \(watched.map(Watch.shown).joined(separator: ", ")) (Ctrl-C ends)\n")
            guard let changed = waitForChange(watched, stampsBefore) else { break }
            number += 1
            Diagnostics.write("forcelab --watch: \(changed.map(Watch.shown).joined(separator: ", ")) changed: run \(number)\n")
        }
        return .success
    }

    /// Runs the script once in a child process; nil when Ctrl-C ended the watch.
    private func runOnce(log: String) -> Run? {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let started = Date().timeIntervalSince1970 - 0.02
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = childArguments
        var environment = ProcessInfo.processInfo.environment
        environment[WatchLog.variable] = log
        process.environment = environment
        do {
            try process.run()
        } catch {
            Diagnostics.write("forcelab --watch: cannot start a run: \(error)\n")
            return nil
        }
        var interrupted = false
        while process.isRunning {
            if fl_interrupted(nil) != 0 && !interrupted {
                interrupted = true
                kill(process.processIdentifier, SIGINT)
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        if interrupted || fl_interrupted(nil) != 0 { return nil }
        let used = WatchLog.read(log)
        return Run(
            started: started,
            ending: process.terminationReason == .uncaughtSignal
                ? "was killed by signal \(process.terminationStatus)"
                : process.terminationStatus == 0 ? "finished" : "failed (status \(process.terminationStatus))",
            read: used.read, wrote: used.wrote)
    }

    /// The command line without `--watch` (each time it is given, so that a run is never a watch itself).
    private var childArguments: [String] {
        let arguments = options.arguments[1...]
        return arguments[..<options.scriptIndex].filter { $0 != "--watch" } + arguments[options.scriptIndex...]
    }

    /// Says how the run ended and where its outputs went.
    private func report(_ run: Run, number: Int) {
        var seen: Set<String> = []
        // A refused write is not noted; one that failed leaves no file modified since the run started; a folder the
        // run made (fl.mkdir) is not an output.
        let outputs = run.wrote.filter { path in
            var folder: ObjCBool = false
            guard seen.insert(path).inserted, let stamp = Watch.stamp(path),
                  FileManager.default.fileExists(atPath: path, isDirectory: &folder), !folder.boolValue else { return false }
            return Double(stamp.seconds) + Double(stamp.nanoseconds) / 1e9 >= run.started
        }
        let wrote = outputs.isEmpty ? "wrote no files" : "wrote " + outputs.map(Watch.shown).joined(separator: ", ")
        Diagnostics.write("forcelab --watch: run \(number) \(run.ending); \(wrote)\n")
    }

    /// Waits until a watched file differs from its stamp in `known` (or, for a file not in it, from now) and then
    /// stays unchanged for `settleTime`; returns the files that changed, or nil when Ctrl-C ended the watch.
    private func waitForChange(_ files: [String], _ known: [String: Stamp?]) -> [String]? {
        let before = files.map { known[$0] ?? Watch.stamp($0) }
        var latest = files.map(Watch.stamp)
        while latest == before {
            guard sleep(Watch.pollInterval) else { return nil }
            latest = files.map(Watch.stamp)
        }
        while true {
            guard sleep(Watch.settleTime) else { return nil }
            let now = files.map(Watch.stamp)
            if now == latest { break }
            latest = now
        }
        return zip(files, zip(before, latest)).filter { $1.0 != $1.1 }.map(\.0)
    }

    /// Sleeps `seconds`; false when Ctrl-C came.
    private func sleep(_ seconds: Double) -> Bool {
        usleep(useconds_t(seconds * 1e6))
        return fl_interrupted(nil) == 0
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A path as shown: relative to the current folder when it is under it.
    private static func shown(_ path: String) -> String {
        let folder = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }
}
