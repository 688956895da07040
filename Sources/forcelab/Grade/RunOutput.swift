import Foundation

/// What a class's grading run writes to one of its pipes, read to its end: the first and the last `kept` bytes, and
/// how many between them were left out, so that a submission that prints for its whole time limit fills neither the
/// memory of the grading nor its report.
final class RunOutput: @unchecked Sendable {
    /// The bytes kept at each end.
    static let kept = 1 << 20

    private var head = Data()
    private var tail = Data()
    private var leftOut = 0
    private let done = DispatchSemaphore(value: 0)

    /// Reads `pipe` to its end on a thread of its own (so that another pipe of the run can be read meanwhile).
    init(reading pipe: Pipe) {
        Thread { [self] in
            let handle = pipe.fileHandleForReading
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                let toHead = min(chunk.count, RunOutput.kept - head.count)
                head += chunk.prefix(toHead)
                tail += chunk.dropFirst(toHead)
                if tail.count > RunOutput.kept {
                    leftOut += tail.count - RunOutput.kept
                    tail = Data(tail.suffix(RunOutput.kept))
                }
            }
            done.signal()
        }.start()
    }

    /// What was read, once the pipe has ended, with a line where bytes were left out.
    var text: String {
        done.wait()
        done.signal()
        let cut = leftOut == 0 ? "" : "\n[\(leftOut) bytes left out here: a report keeps the first and the last \(RunOutput.kept >> 20) MB that a run writes to each of its standard output and standard error]\n"
        return String(decoding: head, as: UTF8.self) + cut + String(decoding: tail, as: UTF8.self)
    }
}
