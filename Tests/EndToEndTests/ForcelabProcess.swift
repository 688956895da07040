import Foundation
import XCTest

/// Runs the built `forcelab` binary and captures what it prints.
struct ForcelabProcess {
    /// What one run gave.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The binary under test: $FORCELAB_BIN, else the one built beside the test bundle.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["FORCELAB_BIN"] { return path }
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("forcelab").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return packageRoot.appendingPathComponent(".build/debug/forcelab").path
    }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `forcelab arguments...` with `stdin` piped in, in `folder`, with extra environment variables.
    static func run(
        _ arguments: [String], stdin: String = "", in folder: URL? = nil, environment: [String: String] = [:],
        executable: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LUA_INIT")
        env.removeValue(forKey: "LUA_INIT_5_4")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-run-\(UUID().uuidString)")
        let outPath = capture.path + ".out", errPath = capture.path + ".err"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
