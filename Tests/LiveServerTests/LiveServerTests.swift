import Foundation
import XCTest

@testable import LiveServer

/// The live server alone, driven by real clients (Tests/LiveServer/server_client.py: http.client and
/// websocket-client, in `scripts/python-env live`): token, Host and Origin checks, the page's paths only, malformed
/// and oversized messages, 50 clients, a slow reader, while an owner here keeps "ticking" (sending positions
/// frames) and answers the clients' messages.
final class LiveServerTests: XCTestCase {
    /// The page the server is given: two paths.
    static let page: LiveServer.Page = { path in
        switch path {
        case "/": return ("text/html", Array("<!doctype html><p>test page</p>".utf8))
        case "/live.js": return ("text/javascript", Array("// test".utf8))
        default: return nil
        }
    }

    /// The test owner: answers pings and floods, and sends a positions frame every millisecond, noting the longest
    /// a call into the server took (the server must never hold up the simulation's ticks in the real owner).
    final class Owner: @unchecked Sendable {
        let server: LiveServer
        var running = true
        var disconnected = 0
        var longestCall = 0.0
        let lock = NSLock()

        init(server: LiveServer) { self.server = server }

        func reply(_ object: [String: Any], to client: LiveServer.ClientID?) {
            let data = try! JSONSerialization.data(withJSONObject: object)
            timed { server.send(text: String(decoding: data, as: UTF8.self), to: client) }
        }

        func timed<T>(_ call: () -> T) -> T {
            let start = Date()
            defer { longestCall = max(longestCall, Date().timeIntervalSince(start)) }
            return call()
        }

        func run() {
            var tick = 0.0
            var flood: (left: Int, bytes: Int) = (0, 0)
            while lock.withLock({ running }) {
                var descriptor = pollfd(fd: server.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 1)
                for event in timed({ server.takeEvents() }) {
                    switch event {
                    case .connected(let client): reply(["type": "welcome", "client": client], to: client)
                    case .disconnected: disconnected += 1
                    case .message(let client, let text):
                        let message = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
                        switch message["type"] as? String {
                        case "ping": reply(["type": "echo", "n": message["n"] ?? 0], to: client)
                        case "flood": flood = (message["count"] as? Int ?? 0, message["bytes"] as? Int ?? 0)
                        case "stats":
                            reply(["type": "stats", "disconnected": disconnected, "longestCall": longestCall], to: client)
                        default: reply(["type": "error", "message": "unknown"], to: client)
                        }
                    }
                }
                if flood.left > 0 {
                    let text = #"{"type":"flood","pad":""# + String(repeating: "x", count: flood.bytes) + #""}"#
                    for _ in 0..<flood.left { timed { server.send(text: text) } }
                    flood.left = 0
                }
                tick += 1
                let frame = [tick, 0.5, 1, 2, 3, 4].flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
                timed { server.send(positions: frame) }
            }
        }
    }

    func testRealClientsAgainstTheServer() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let environment = try Self.run(root.appendingPathComponent("scripts/python-env").path, ["live"])
        XCTAssertEqual(environment.status, 0, "scripts/python-env live: \(environment.output)")
        guard environment.status == 0 else { return }
        let python = environment.output.split(separator: "\n").last.map(String.init) ?? ""

        let server = try LiveServer(page: Self.page)
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(server.token.count, 32)
        XCTAssertTrue(server.url.hasPrefix("http://127.0.0.1:\(server.port)/?token="), server.url)
        let owner = Owner(server: server)
        let thread = Thread { owner.run() }
        thread.start()
        let client = try Self.run(python, [root.appendingPathComponent("Tests/LiveServer/server_client.py").path,
                                           String(server.port), server.token])
        owner.lock.withLock { owner.running = false }
        server.stop()
        XCTAssertEqual(client.status, 0, client.output)
        XCTAssertFalse(client.output.contains("FAIL"), client.output)
        XCTAssertGreaterThan(client.output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, 25, client.output)
    }

    /// Two servers take two free ports; a port in use is refused with a clear error.
    func testPortsAreFreeOrRefused() throws {
        let first = try LiveServer(page: Self.page)
        let second = try LiveServer(page: Self.page)
        XCTAssertNotEqual(first.port, second.port)
        XCTAssertNotEqual(first.token, second.token)
        XCTAssertThrowsError(try LiveServer(port: first.port, page: Self.page)) { error in
            XCTAssertTrue("\(error)".contains("cannot listen on 127.0.0.1 port \(first.port)"), "\(error)")
        }
        first.stop()
        second.stop()
    }

    /// A slow client's queue: text messages past the limit mark it overflowed and free what it held; a newer
    /// positions frame replaces an unsent one; a text message drops an unsent frame only when it says so.
    func testClientQueueStaysBounded() {
        var limits = LiveServerLimits()
        limits.queuedMessages = 3
        var queue = ClientQueue()
        queue.replacePositions(with: OutgoingMessage(bytes: [1], isBinary: true))
        queue.replacePositions(with: OutgoingMessage(bytes: [2], isBinary: true))
        XCTAssertEqual(queue.nextChunk(size: 10)?.message.bytes, [2])
        XCTAssertNil(queue.nextChunk(size: 10))
        let text = OutgoingMessage(bytes: Array(repeating: 7, count: 25), isBinary: false)
        queue.enqueue(text: text, limits: limits)
        let first = queue.nextChunk(size: 10)!
        XCTAssertTrue(first.isFirst && !first.isLast)
        queue.replacePositions(with: OutgoingMessage(bytes: [3], isBinary: true))
        XCTAssertEqual(queue.nextChunk(size: 10)?.offset, 10, "a message begun is finished before a frame")
        XCTAssertTrue(queue.nextChunk(size: 10)!.isLast)
        XCTAssertEqual(queue.nextChunk(size: 10)?.message.bytes, [3])
        // A frame not yet begun follows a text message, unless the text drops it (a new scene).
        queue.replacePositions(with: OutgoingMessage(bytes: [4], isBinary: true))
        queue.enqueue(text: OutgoingMessage(bytes: [8], isBinary: false), limits: limits)
        XCTAssertEqual(queue.nextChunk(size: 10)?.message.bytes, [8])
        XCTAssertEqual(queue.nextChunk(size: 10)?.message.bytes, [4])
        queue.replacePositions(with: OutgoingMessage(bytes: [5], isBinary: true))
        queue.enqueue(text: OutgoingMessage(bytes: [9], isBinary: false), limits: limits, dropsPositions: true)
        XCTAssertEqual(queue.nextChunk(size: 10)?.message.bytes, [9])
        XCTAssertNil(queue.nextChunk(size: 10))
        for _ in 0..<4 { queue.enqueue(text: text, limits: limits) }
        XCTAssertTrue(queue.overflowed)
        XCTAssertFalse(queue.hasPending)
        XCTAssertNil(queue.nextChunk(size: 10))
    }

    /// Runs a program to its end: its status and what it wrote to standard output and error, together.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
