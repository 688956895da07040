import Foundation

/// What a class's grading run writes to one of its pipes, read to its end: the first and the last `kept` bytes, and
/// how many between them were left out, so that a submission that prints for its whole time limit fills neither the
/// memory of the grading nor its report.
final class RunOutput: @unchecked Sendable {
    /// The bytes a class's grader keeps at each end of what a run writes.
    static let kept = 1 << 20

    /// The bytes kept at each end here.
    let keeping: Int
    private var head = Data()
    private var tail = Data()
    private var leftOut = 0
    private let done = DispatchSemaphore(value: 0)

    /// Reads `pipe` to its end on a thread of its own (so that another pipe of the run can be read meanwhile),
    /// keeping `keeping` bytes at each end.
    init(reading pipe: Pipe, keeping: Int = RunOutput.kept) {
        self.keeping = keeping
        Thread { [self] in
            let handle = pipe.fileHandleForReading
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                let toHead = min(chunk.count, keeping - head.count)
                head += chunk.prefix(toHead)
                tail += chunk.dropFirst(toHead)
                if tail.count > keeping {
                    leftOut += tail.count - keeping
                    tail = Data(tail.suffix(keeping))
                }
            }
            done.signal()
        }.start()
    }

    /// What was read, once the pipe has ended: the first bytes, how many were left out after them, the last bytes.
    var parts: (head: String, leftOut: Int, tail: String) {
        done.wait()
        done.signal()
        return (String(decoding: head, as: UTF8.self), leftOut, String(decoding: tail, as: UTF8.self))
    }

    /// What was read, once the pipe has ended, with a line where bytes were left out.
    var text: String {
        let (head, leftOut, tail) = parts
        return head + (leftOut == 0 ? "" : "\n" + RunOutput.cut(leftOut, keeping: keeping, of: "each of its standard output and standard error") + "\n") + tail
    }

    /// The line that says `leftOut` bytes were left out where it stands.
    static func cut(_ leftOut: Int, keeping: Int, of what: String) -> String {
        "[\(leftOut) bytes left out here: a report keeps the first and the last \(keeping >> 10 >= 1024 ? "\(keeping >> 20) MB" : "\(keeping >> 10) kB") that a run writes to \(what)]"
    }
}
