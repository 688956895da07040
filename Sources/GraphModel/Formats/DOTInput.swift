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
    /// meter's check has thrown.
    private func read(into buffer: UnsafeMutablePointer<CChar>, size: Int) -> Int32 {
        guard stop == nil, offset < bytes.count, size > 0 else { return 0 }
        do {
            try meter.charge()
        } catch {
            stop = error
            return 0
        }
        var length = 0
        while length < size, offset + length < bytes.count {
            let byte = bytes[offset + length]
            buffer[length] = CChar(bitPattern: byte)
            length += 1
            if byte == UInt8(ascii: "\n") { break }
        }
        offset += length
        return Int32(length)
    }
}
