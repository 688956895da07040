import DataTables
import Foundation
import GraphModel

/// The JSON Lines file a sweep appends its records to. Each record goes out in one write under an exclusive lock, so
/// records from several processes never interleave; a last line cut short by an interruption is dropped on opening.
final class ResultLog {
    private let path: String
    private let descriptor: Int32

    /// Opens (or creates, with its folder) the file and drops a torn last line.
    init(path: String) throws {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SweepError("cannot make the folder of '\(path)': \(error.localizedDescription)")
        }
        descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SweepError("cannot open '\(path)': \(String(cString: strerror(errno)))") }
        try locked { try dropTornLine() }
    }

    deinit { close(descriptor) }

    /// Runs `body` holding the file's exclusive lock.
    private func locked<T>(_ body: () throws -> T) throws -> T {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SweepError("cannot lock '\(path)': \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Cuts the file back to its last line break when it ends inside a line (a write that was interrupted).
    private func dropTornLine() throws {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size > 0 else { return }
        var end = size
        var byte: UInt8 = 0
        while end > 0 {
            guard pread(descriptor, &byte, 1, end - 1) == 1 else { break }
            if byte == 0x0A { break }
            end -= 1
        }
        if end < size {
            Diagnostics.write("forcelab sweep: '\(path)' ended inside a line (an interrupted write); that case runs again\n")
            guard ftruncate(descriptor, end) == 0 else { throw SweepError("cannot repair '\(path)': \(String(cString: strerror(errno)))") }
        }
    }

    /// The keys of the cases recorded in the file.
    func finished() throws -> Set<String> {
        try locked { try Set(ResultLog.records(path).map(\.case.key)) }
    }

    /// Appends one record line.
    func append(_ record: String) throws {
        let bytes = Array((record + "\n").utf8)
        try locked {
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw SweepError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
                written += count
            }
        }
    }

    /// The records of a sweep file, with their figures; errors name the file and line. A last line cut short (an
    /// interrupted write, which a sweep on the file would drop and run again) is left out with a warning.
    static func records(_ path: String) throws -> [(case: SweepCase, figures: [JSONField], value: JSONValue)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SweepError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n")
        let torn = !text.isEmpty && !text.hasSuffix("\n")
        return try lines.enumerated().compactMap { offset, line in
            let value: JSONValue
            do {
                value = try JSONValue.parse(line)
            } catch let error as DataTableError {
                if torn && offset == lines.count - 1 {
                    Diagnostics.write(
                        "forcelab sweep: \(PathText.place(path, line: offset + 1, column: nil)): the file ends inside this record (an interrupted write): that case is left out;"
                            + " running the sweep again on the file runs it\n")
                    return nil
                }
                throw notARecord(path, line: offset + 1, column: error.column, because: error.message)
            }
            guard let sweepCase = SweepCase(record: value), case .object(let figures)? = value["figures"] else {
                throw notARecord(path, line: offset + 1, column: nil, because: nil)
            }
            return (sweepCase, figures, value)
        }
    }

    /// The error for a line that holds no record: on the first line, the file is no results file at all (a spec, a
    /// table given by mistake); on a later one, that line is damaged. The place comes first (`file:line:column`, as
    /// every file error gives it), then what is wrong and why.
    private static func notARecord(_ path: String, line: Int, column: Int?, because detail: String?) -> SweepError {
        let record = "one case's record per line, {\"parameters\":{...},\"seed\":n,\"figures\":{...},\"seconds\":s}"
        let what = line == 1 ? "not a sweep's results file" : "a damaged record"
        let why = detail ?? "no parameters, seed or figures"
        return SweepError("\(PathText.place(path, line: line, column: column)): \(what) (a results file holds \(record)): \(why)")
    }
}
