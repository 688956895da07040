import Foundation
import GraphModel

/// The file accesses the sandbox refused a submission, noted from the moment `start()` installs the note until the
/// report: a submission that tried to read `/etc/passwd` or a neighbour's file and swallowed the refusal shows in its
/// report all the same.
final class RefusedAccesses: @unchecked Sendable {
    /// The most refusals the report lists one by one; the others are counted.
    static let listed = 5
    /// The most distinct refusals counted, so a submission refused in a loop costs the grader neither memory nor time
    /// beyond them (the report then says "more than").
    static let counted = 10_000

    private let lock = NSLock()
    /// The first distinct refusals, in the order they came: those listed, and one more in case the error tells one.
    private var messages: [String] = []
    /// Every distinct refusal noted, up to `counted`.
    private var distinct: Set<String> = []
    /// Whether a distinct refusal came after `counted` of them.
    private var beyondCount = false

    /// Notes every refusal of the installed file-access policy from now on.
    func start() {
        FileAccess.refusalObserver = { [self] refusal in
            lock.withLock { note(refusal.description) }
        }
    }

    /// Notes one refusal's message, once however often it comes.
    private func note(_ message: String) {
        guard !distinct.contains(message) else { return }
        guard distinct.count < Self.counted else {
            beyondCount = true
            return
        }
        distinct.insert(message)
        if messages.count <= Self.listed { messages.append(message) }
    }

    /// The report's lines: how many distinct accesses were refused and the first few, leaving out those `told`
    /// already says (the refusal that ended the run is in its error); empty when no other was refused.
    func report(besides told: String = "") -> String {
        let (first, all, beyond) = lock.withLock { (messages, distinct, beyondCount) }
        let toldCount = told.isEmpty ? 0 : all.filter { told.contains($0) }.count
        let count = all.count - toldCount
        guard count > 0 || beyond else { return "" }
        let over = beyond ? "more than " : ""
        let more = count > Self.listed ? ["  and \(over)\(count - Self.listed) more"] : []
        let also = toldCount > 0 ? "also " : ""
        let heading = "the sandbox \(also)refused the submission \(over)\(count) file access\(count == 1 && !beyond ? "" : "es"):"
        let shown = first.filter { told.isEmpty || !told.contains($0) }.prefix(Self.listed)
        return ([heading] + shown.map { "  " + $0 } + more).joined(separator: "\n") + "\n"
    }
}
