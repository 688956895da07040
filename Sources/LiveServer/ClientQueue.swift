/// A message waiting to be sent: its bytes, shared by every client it goes to (a scene sent to ten pages is held once).
final class OutgoingMessage: @unchecked Sendable {
    let bytes: [UInt8]
    let isBinary: Bool

    init(bytes: [UInt8], isBinary: Bool) {
        self.bytes = bytes
        self.isBinary = isBinary
    }
}

/// What one WebSocket client has still to be sent, bounded whatever the client does: text messages in order (at most
/// `LiveServerLimits.queuedMessages` and `queuedBytes`; beyond, the client is marked `overflowed` and its queue
/// dropped), and at most one positions frame, which a newer frame replaces while unsent.
struct ClientQueue {
    /// One piece of a message to write: `length` bytes from `offset`, and where it falls in the message.
    struct Chunk {
        let message: OutgoingMessage
        let offset: Int
        let length: Int
        var isFirst: Bool { offset == 0 }
        var isLast: Bool { offset + length == message.bytes.count }
    }

    private var texts: [OutgoingMessage] = []
    private var textBytes = 0
    private var positions: OutgoingMessage?
    /// The message being written and how much of it is written.
    private var current: (message: OutgoingMessage, written: Int)?
    /// Set when the client fell further behind than the limits allow; nothing more is queued for it.
    private(set) var overflowed = false

    /// Whether anything waits to be written.
    var hasPending: Bool { !overflowed && (current != nil || !texts.isEmpty || positions != nil) }

    /// Queues a text message after the others; with `dropsPositions` (a message after which an older frame means
    /// something else, such as a new order of nodes) a positions frame not yet begun is dropped, else it stays to
    /// follow. Marks the queue overflowed past the limits.
    mutating func enqueue(text message: OutgoingMessage, limits: LiveServerLimits, dropsPositions: Bool = false) {
        guard !overflowed else { return }
        if dropsPositions { positions = nil }
        texts.append(message)
        textBytes += message.bytes.count
        if texts.count > limits.queuedMessages || textBytes > limits.queuedBytes {
            overflowed = true
            texts = []
            textBytes = 0
            current = nil
        }
    }

    /// Makes `frame` the positions frame to send next, replacing one not yet begun.
    mutating func replacePositions(with frame: OutgoingMessage) {
        guard !overflowed else { return }
        positions = frame
    }

    /// The next piece to write (at most `size` bytes), continuing the message begun, else starting the next text
    /// message, else the positions frame; nil when nothing waits.
    mutating func nextChunk(size: Int) -> Chunk? {
        guard !overflowed else { return nil }
        if current == nil {
            if !texts.isEmpty {
                let message = texts.removeFirst()
                textBytes -= message.bytes.count
                current = (message, 0)
            } else if let frame = positions {
                positions = nil
                current = (frame, 0)
            }
        }
        guard let (message, written) = current else { return nil }
        let length = min(size, message.bytes.count - written)
        let chunk = Chunk(message: message, offset: written, length: length)
        current = written + length == message.bytes.count ? nil : (message, written + length)
        return chunk
    }
}
