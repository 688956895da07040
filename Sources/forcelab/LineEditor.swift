import CEditLine
import CLuaShim
import Foundation
import LuaHost

/// Line input for the REPL through libedit: editing, persistent history and Tab completion.
final class LineEditor {
    /// Produces the words that may replace the word before the cursor, given the line up to the cursor and that word.
    typealias Completer = (_ line: String, _ word: String) -> [String]

    private let historyPath: String
    nonisolated(unsafe) private static var completer: Completer?
    /// The state whose live pages (`fl.live`) take their turns while a line is read.
    nonisolated(unsafe) static var liveState: OpaquePointer?

    /// Reads history from `historyPath` and routes Tab to `completer`.
    init(historyPath: String, completer: @escaping Completer) {
        self.historyPath = historyPath
        LineEditor.completer = completer
        // libedit takes its key reader once, when it initialises (using_history does).
        rl_getc_function = LineEditor.readKey
        using_history()
        _ = read_history(historyPath)
        rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"'><=;|&{}()[]+-*/%^~#,"))
        rl_attempted_completion_function = { text, _, end in
            guard let text, let completer = LineEditor.completer else { return nil }
            rl_attempted_completion_over = 1
            let word = String(cString: text)
            let line = rl_line_buffer.map { buffer in
                String(decoding: UnsafeRawBufferPointer(start: buffer, count: min(Int(max(0, end)), strlen(buffer))), as: UTF8.self)
            } ?? word
            let matches = completer(line, word)
            guard !matches.isEmpty else { return nil }
            let common = LineEditor.commonPrefix(matches)
            let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: matches.count + 2)
            list[0] = strdup(common)
            for (offset, match) in matches.enumerated() { list[offset + 1] = strdup(match) }
            list[matches.count + 1] = nil
            if matches.count == 1 { rl_completion_append_character = 0 }
            return list
        }
    }

    /// Reads one line with `prompt`; nil at end of input (Ctrl-D). While live pages are served, the wait for each
    /// key gives them their turns (`LineEditor.readKey`).
    func readLine(prompt: String) -> String? {
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// Adds an entry to the history and saves the history file.
    func remember(_ entry: String) {
        guard !entry.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        add_history(entry)
        _ = write_history(historyPath)
    }

    /// libedit's key reader: while live pages are served it polls standard input with the pages' descriptors,
    /// giving the sessions their turns until a key comes; then it reads one character (UTF-8 decoded, as libedit
    /// takes a wide character from it). -1 (no key) on Ctrl-C or end of input.
    private static let readKey: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { file in
        let input = file.map(fileno) ?? STDIN_FILENO
        while let L = LineEditor.liveState, LiveTurns.active(L) {
            // A turn first, so what the last line changed (a setter, sim:tick) reaches the pages before the wait.
            if let error = LiveTurns.turn(L) {
                Diagnostics.write("\n" + error + "\n")
                rl_forced_update_display()
            }
            var items = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
                + LiveTurns.descriptors(L).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&items, nfds_t(items.count), LiveTurns.timeout(L)) < 0 && fl_interrupted(L) != 0 { return -1 }
            if items[0].revents != 0 { break }
        }
        guard let lead = readByte(input) else { return -1 }
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, let next = readByte(input) { bytes.append(next) }
        return Int32(String(decoding: bytes, as: UTF8.self).unicodeScalars.first?.value ?? UInt32(lead))
    }

    /// One byte of `input`; nil at its end or on Ctrl-C.
    private static func readByte(_ input: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR && fl_interrupted(nil) == 0 { continue }
            return nil
        }
    }

    private static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
