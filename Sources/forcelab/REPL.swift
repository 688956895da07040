import CLuaShim
import Foundation
import LuaHost

/// The interactive loop: the stock `lua` REPL's rules with line editing, history, completion and readable results.
struct REPL {
    let lua: LuaState
    private var session: LuaSession { LuaSession(lua: lua) }
    private let formatter = LuaValueFormatter()

    /// Creates a REPL over an open state.
    init(lua: LuaState) {
        self.lua = lua
    }

    /// Reads, evaluates and prints until end of input.
    func run() {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "."
        let L = lua.L
        let session = session
        let editor = LineEditor(historyPath: home + "/.forcelab_history") { session.complete(line: $0, word: $1) }
        LineEditor.liveState = L
        Interruption.during(lua) {
            while let chunk = readChunk(editor) {
                editor.remember(chunk)
                let help: String?
                do {
                    help = try REPLHelp.answer(to: chunk, lua)
                } catch {
                    fl_pop(L, 1)
                    reportError(String(describing: error))
                    continue
                }
                if let help {
                    fl_pop(L, 1)
                    print(help)
                    fflush(stdout)
                } else {
                    evaluate()
                }
            }
        }
        print()
    }

    /// What one read from the terminal gave.
    private enum Input {
        case line(String)
        case interrupted
        case end
    }

    /// Reads a line with the prompt held in `global` (or `fallback`); Ctrl-C and Ctrl-D are told apart.
    private func read(_ editor: LineEditor, _ global: String, _ fallback: String) -> Input {
        fl_clear_interrupt(lua.L)
        fl_rearm_sigint()
        let line = editor.readLine(prompt: prompt(global, fallback))
        if fl_interrupted(lua.L) != 0 {
            fl_clear_interrupt(lua.L)
            // The terminal is raw while the line is edited, so the key is not echoed: mark the dropped line as a shell does.
            print("^C")
            return .interrupted
        }
        return line.map(Input.line) ?? .end
    }

    /// Reads lines until they form a complete chunk, compiled and left on the stack; nil at end of input.
    private func readChunk(_ editor: LineEditor) -> String? {
        var chunk: String?
        while true {
            let input = read(editor, chunk == nil ? "_PROMPT" : "_PROMPT2", chunk == nil ? "> " : ">> ")
            switch input {
            case .end: return nil
            case .interrupted: chunk = nil
            case .line(let typed):
                // As stock lua 5.4: a first line starting with '=' is 'return' followed by the rest.
                let line = chunk == nil && typed.hasPrefix("=") ? "return " + typed.dropFirst() : typed
                chunk = chunk.map { $0 + "\n" + line } ?? line
                do {
                    try session.load(chunk!, name: "=stdin")
                    return chunk
                } catch let error as LuaError where error.message.hasSuffix("<eof>") {
                    continue
                } catch where (try? REPLHelp.answer(to: chunk!, lua)) != nil {
                    // help(sim:run) is no Lua but is a question help answers; a nil stands for the chunk it pops.
                    lua_pushnil(lua.L)
                    return chunk
                } catch {
                    editor.remember(chunk!)
                    reportError(String(describing: error))
                    chunk = nil
                }
            }
        }
    }

    /// Runs the compiled chunk on top of the stack and prints its results tab-separated.
    private func evaluate() {
        let L = lua.L
        let base = lua_gettop(L) - 1
        do {
            _ = try session.run()
        } catch {
            reportError(String(describing: error))
            lua_settop(L, base)
            return
        }
        let top = lua_gettop(L)
        if top > base {
            let texts = (base + 1...top).map { formatter.format(L, $0) }
            print(texts.joined(separator: "\t"))
        }
        lua_settop(L, base)
        fflush(stdout)
    }

    private func prompt(_ global: String, _ fallback: String) -> String {
        let status = fl_getglobal_protected(lua.L, global)
        defer { fl_pop(lua.L, 1) }
        return status == LUA_OK ? LuaValues.string(lua.L, -1) ?? fallback : fallback
    }

    private func reportError(_ message: String) {
        fflush(stdout)
        Diagnostics.write(message + "\n")
    }
}
