import Foundation
import GraphModel
import LuaHost

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
    /// The first `listed` distinct refusals, in the order they came.
    private var messages: [String] = []
    /// Every distinct refusal noted, up to `counted`.
    private var distinct: Set<String> = []
    /// Whether a distinct refusal came after `counted` of them.
    private var beyondCount = false

    /// How many distinct accesses were refused (up to `counted`).
    var count: Int { lock.withLock { distinct.count } }

    /// Notes every refusal of `lua`'s file-access policy from now on.
    func start(in lua: LuaState) {
        lua.refusalObserver = { [self] refusal in
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
        if messages.count < Self.listed { messages.append(message) }
    }

    /// The report's lines: how many distinct accesses were refused and the first few, leaving out those `told`
    /// already says (the refusal that ended the run is in its error); empty when no other was refused.
    func report(besides told: String = "") -> String {
        let (first, total, beyond, toldCount) = lock.withLock {
            (messages, distinct.count, beyondCount, told.isEmpty ? 0 : distinct.filter { told.contains($0) }.count)
        }
        let shown = first.filter { !told.contains($0) }, count = total - toldCount
        guard count > 0 else { return "" }
        let over = beyond ? "more than " : "", also = toldCount > 0 ? "also " : ""
        let more = count > shown.count ? ["  and \(over)\(count - shown.count) more"] : []
        let heading = "the sandbox \(also)refused the submission \(over)\(count) file access\(count == 1 && !beyond ? "" : "es"):"
        return ([heading] + shown.map { "  " + $0 } + more).joined(separator: "\n") + "\n"
    }
}
