import CEditLine
import Foundation

/// Line input for the REPL through libedit: editing, persistent history and Tab completion.
final class LineEditor {
    /// Produces the words that may replace the word before the cursor, given the line up to the cursor and that word.
    typealias Completer = (_ line: String, _ word: String) -> [String]

    private let historyPath: String
    nonisolated(unsafe) private static var completer: Completer?

    /// Reads history from `historyPath` and routes Tab to `completer`.
    init(historyPath: String, completer: @escaping Completer) {
        self.historyPath = historyPath
        LineEditor.completer = completer
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

    /// Reads one line with `prompt`; nil at end of input (Ctrl-D).
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

    private static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
