import CLuaShim
import Foundation

/// What a submission writes to standard output and standard error while it is graded, captured from the moment
/// `start()` is called until `finish()`, so that none of it mixes with the grader's own lines: the report shows it
/// apart, each line marked as the submission's and its control characters escaped, and the grader's
/// verdict after it. The first and last `kept` bytes are kept (`RunOutput`), so that the whole report fits what a
/// class's grader keeps of a run.
final class SubmissionOutput {
    /// The bytes kept at each end of what the submission writes.
    static let kept = RunOutput.kept / 4

    /// The descriptors standard output and standard error had before the capture, while it lasts.
    private var saved: (output: Int32, error: Int32)?
    private var pipe: Pipe?
    private var reader: RunOutput?

    /// Sends standard output and standard error (and the time limit's last message, to the real standard error) into
    /// the capture; an error when the descriptors cannot be moved.
    func start() throws {
        fflush(stdout)
        fflush(stderr)
        let output = dup(STDOUT_FILENO), error = dup(STDERR_FILENO)
        guard output >= 0, error >= 0 else {
            if output >= 0 { close(output) }
            throw GradeError.exercise("cannot capture what the submission writes: \(String(cString: strerror(errno)))")
        }
        let pipe = Pipe()
        reader = RunOutput(reading: pipe, keeping: SubmissionOutput.kept)
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDOUT_FILENO)
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDERR_FILENO)
        try? pipe.fileHandleForWriting.close()
        fl_set_watchdog_descriptor(error)
        saved = (output, error)
        self.pipe = pipe
    }

    /// Puts standard output and standard error back and returns the report's section of what the submission wrote:
    /// a heading, then each line after `| `, escaped, with the grader's note where bytes were left out; nothing when it
    /// wrote nothing (or the capture never started).
    func finish() -> String {
        guard let saved, let reader else { return "" }
        fflush(stdout)
        fflush(stderr)
        dup2(saved.output, STDOUT_FILENO)
        dup2(saved.error, STDERR_FILENO)
        fl_set_watchdog_descriptor(STDERR_FILENO)
        close(saved.output)
        close(saved.error)
        self.saved = nil
        pipe = nil
        let (head, leftOut, tail) = reader.parts
        guard !head.isEmpty else { return "" }
        var lines = SubmissionOutput.lines(head)
        if leftOut > 0 {
            lines.append(RunOutput.cut(leftOut, keeping: SubmissionOutput.kept, of: "its standard output and standard error"))
            lines += SubmissionOutput.lines(tail)
        }
        let count = lines.count - (leftOut > 0 ? 1 : 0)
        let heading = "the submission wrote \(leftOut > 0 ? "more than " : "")\(count) line\(count == 1 ? "" : "s") (each after '| ', control characters escaped):"
        return ([heading] + lines).joined(separator: "\n") + "\n"
    }

    /// Each line of `text` after `| `, escaped; split at each line feed byte, so that a carriage return before one
    /// stays visible in its line.
    private static func lines(_ text: String) -> [String] {
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        return lines.map { "| " + ControlText.escaped($0) }
    }
}
