import Foundation
import GraphModel

/// The file accesses the sandbox refused a submission, noted from the moment `start()` installs the note until the
/// report: a submission that tried to read `/etc/passwd` or a neighbour's file and swallowed the refusal shows in its
/// report all the same.
final class RefusedAccesses: @unchecked Sendable {
    /// The most refusals the report lists one by one; the others are counted.
    static let listed = 5

    private let lock = NSLock()
    private var messages: [String] = []

    /// Notes every refusal of the installed file-access policy from now on.
    func start() {
        FileAccess.refusalObserver = { [self] refusal in
            lock.withLock { if !messages.contains(refusal.description) { messages.append(refusal.description) } }
        }
    }

    /// The report's lines: how many distinct accesses were refused and the first few; empty when none was.
    var report: String {
        let messages = lock.withLock { self.messages }
        guard !messages.isEmpty else { return "" }
        let more = messages.count > Self.listed ? ["  and \(messages.count - Self.listed) more"] : []
        let heading = "the sandbox refused the submission \(messages.count) file access\(messages.count == 1 ? "" : "es"):"
        return ([heading] + messages.prefix(Self.listed).map { "  " + $0 } + more).joined(separator: "\n") + "\n"
    }
}
