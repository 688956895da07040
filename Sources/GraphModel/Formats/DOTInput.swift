import CGraphviz

/// The bytes of a DOT file handed to cgraph's lexer a line at a time (as `agmemread` hands a string), charging a
/// work meter one unit per line: when the meter's check throws, the input ends there and keeps the error, so a
/// long parse stops within a few thousand lines.
final class DOTInput {
    /// The file's bytes.
    private let bytes: UnsafeRawBufferPointer
    /// How far the lexer has read.
    private var offset = 0
    /// Charged one unit per line.
    private let meter: WorkMeter
    /// What the meter's check threw, which ended the input.
    private(set) var stop: (any Error)?

    /// cgraph's input discipline reading a `DOTInput` passed as the channel (reading needs no writing functions),
    /// allocated once for good, as a graph keeps its address.
    nonisolated(unsafe) private static let discipline: UnsafeMutablePointer<Agiodisc_t> = {
        let discipline = UnsafeMutablePointer<Agiodisc_t>.allocate(capacity: 1)
        discipline.initialize(to: Agiodisc_t(
            afread: { channel, buffer, size in
                Unmanaged<DOTInput>.fromOpaque(channel!).takeUnretainedValue().read(into: buffer!, size: Int(size))
            },
            putstr: nil, flush: nil))
        return discipline
    }()

    /// An input over `bytes`, which must stay alive while it parses.
    init(_ bytes: UnsafeRawBufferPointer, meter: WorkMeter) {
        self.bytes = bytes
        self.meter = meter
    }

    /// The graph cgraph parses from the bytes (nil when it finds none); look at `stop` first.
    func parse() -> UnsafeMutablePointer<Agraph_t>? {
        // cgraph takes its default memory and id disciplines where these are nil.
        var disc = Agdisc_t(mem: nil, id: nil, io: Self.discipline)
        return agread(Unmanaged.passUnretained(self).toOpaque(), &disc)
    }

    /// Copies the next line (or `size` bytes of it) into `buffer` and returns its length; 0 at the end or once the
    /// meter's check has thrown. A quoted string is cut every `runLimit` bytes by a backslash-newline, which DOT
    /// drops from the string (a line continuation): cgraph's lexer matches the whole of a run of plain characters
    /// again each time it reads more input, so an uncut string of n bytes took time in n² (an id of 4 MB: over a
    /// minute), and a cut one takes time in n and is charged to the meter chunk by chunk.
    private func read(into buffer: UnsafeMutablePointer<CChar>, size: Int) -> Int32 {
        guard stop == nil, offset < bytes.count, size > 2 else { return 0 }
        do {
            try meter.charge()
        } catch {
            stop = error
            return 0
        }
        var length = 0
        func emit(_ byte: UInt8) {
            buffer[length] = CChar(bitPattern: byte)
            length += 1
            if byte == UInt8(ascii: "\n") { lexerLine += 1 }
        }
        while length + 2 <= size, offset < bytes.count {
            let byte = bytes[offset]
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            switch state {
            case .plain:
                switch byte {
                case UInt8(ascii: "\""): state = .quoted(run: 0)
                case UInt8(ascii: "<"): state = .html(depth: 1)
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"): state = .lineComment
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"): state = .blockComment(opening: true)
                case UInt8(ascii: "#") where offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n"): state = .lineComment
                default: break
                }
            case .quoted(let run):
                if byte == UInt8(ascii: "\""), !isEscaping {
                    state = .plain
                } else if run >= Self.runLimit, !isEscaping, byte != UInt8(ascii: "\\") {
                    emit(UInt8(ascii: "\\"))
                    emit(UInt8(ascii: "\n"))
                    continuations.append(lexerLine - 1)
                    state = .quoted(run: 0)
                    return Int32(length)
                } else {
                    state = .quoted(run: byte == UInt8(ascii: "\n") || isEscaping ? 0 : run + 1)
                }
                isEscaping = !isEscaping && byte == UInt8(ascii: "\\")
            case .html(let depth):
                if byte == UInt8(ascii: "<") { state = .html(depth: depth + 1) }
                if byte == UInt8(ascii: ">") { state = depth == 1 ? .plain : .html(depth: depth - 1) }
            case .lineComment:
                if byte == UInt8(ascii: "\n") { state = .plain }
            case .blockComment(let opening):
                if !opening, byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") { state = .blockCommentEnd }
                else if opening { state = .blockComment(opening: false) }
            case .blockCommentEnd:
                state = .plain
            }
            emit(byte)
            offset += 1
            if byte == UInt8(ascii: "\n") { break }
        }
        return Int32(length)
    }

    /// The longest run of plain characters of a quoted string handed to the lexer uncut.
    static let runLimit = 4096

    /// Where the lexer is, as far as cutting strings needs to know.
    private enum LexerState {
        case plain
        /// Inside a quoted string, `run` plain characters since the last escape, newline or cut.
        case quoted(run: Int)
        /// Inside an HTML string, `depth` angle brackets open.
        case html(depth: Int)
        case lineComment
        /// Inside `/* */`; `opening` on its `/*`'s star.
        case blockComment(opening: Bool)
        /// On the `/` that closes a block comment.
        case blockCommentEnd
    }

    /// Where the lexer is after the bytes handed out.
    private var state = LexerState.plain
    /// Whether the last byte handed out inside a quoted string was a backslash that escapes the next.
    private var isEscaping = false
    /// The lexer's line (1-based) at the end of what was handed out, counting the cuts' newlines.
    private var lexerLine = 1
    /// The lexer lines that a cut ended (in order): each moves the lexer's count of later lines one past the file's.
    private var continuations: [Int] = []

    /// The file's line for a line number cgraph reports (which counts the cuts' newlines).
    func fileLine(ofLexerLine line: Int) -> Int {
        var low = 0, high = continuations.count
        while low < high {
            let middle = (low + high) / 2
            if continuations[middle] < line { low = middle + 1 } else { high = middle }
        }
        return line - low
    }
}
