import CLuaShim
import Foundation
import JupyterProtocol
import LuaHost

/// `forcelab kernel`: a Jupyter kernel whose cells run in one Lua state as the REPL's chunks do (`LuaSession`).
/// The main thread takes shell requests one at a time and runs cells; the control channel (interrupt, shutdown,
/// kernel info) and the heartbeat have threads of their own, so an interrupt reaches a cell that runs.
final class NotebookKernel {
    /// The kernel that serves this process, for the Lua functions it adds (`io.read`).
    nonisolated(unsafe) static var current: NotebookKernel?

    let channels: KernelChannels
    let lua: LuaState
    private let session: LuaSession
    private var capture: OutputCapture!
    /// `--timeout`: each cell's time limit in seconds (0: none).
    private let cellTimeout: Double
    private var executionCount = 0
    /// The cells run in this session, in order, with their execution counts.
    private var history: [(count: Int, code: String)] = []
    /// The request whose cell runs (outputs and input requests answer it).
    private var running: KernelMessage?
    private let outputLock = NSLock()
    private let formatter = LuaValueFormatter()

    /// A kernel on the channels of `connection`, running cells in `lua` with `cellTimeout`.
    init(connection: ConnectionInfo, lua: LuaState, cellTimeout: Double) throws {
        channels = try KernelChannels(connection: connection)
        self.lua = lua
        session = LuaSession(lua: lua)
        self.cellTimeout = cellTimeout
        capture = try OutputCapture { [unowned self] stream, text in
            channels.publish("stream", ["name": stream, "text": text], parent: currentRequest())
        }
        channels.log = { [unowned self] in capture.log($0 + "\n") }
        lua.displaySink = { [unowned self] type, text, id, update in
            capture.drain()
            var content: [String: Any] = ["data": KernelDisplay.bundle(type, text), "metadata": [String: Any]()]
            if let id { content["transient"] = ["display_id": id] }
            channels.publish(update ? "update_display_data" : "display_data", content, parent: currentRequest())
        }
        try KernelInput.install(in: lua)
    }

    /// Serves requests until a shutdown request; returns the exit status.
    func serve() -> Int32 {
        NotebookKernel.current = self
        fl_set_interrupt_state(lua.L)
        fl_install_sigint()
        fl_keep_sigint(1)
        channels.startHeartbeat()
        let control = Thread { [self] in serveControl() }
        control.name = "control"
        control.start()
        channels.publish("status", ["execution_state": "starting"], parent: nil)
        while let request = nextRequest() {
            channels.publish("status", ["execution_state": "busy"], parent: request)
            handleShell(request)
            capture.drain()
            channels.publish("status", ["execution_state": "idle"], parent: request)
        }
        return 0
    }

    /// The next shell request; while live pages are served (`fl.live`), their sessions take turns until it comes.
    private func nextRequest() -> KernelMessage? {
        while LiveTurns.active(lua.L) {
            let wait = Int(LiveTurns.timeout(lua.L))
            if ZeroMQSocket.ready([channels.shell], milliseconds: wait < 0 ? 20 : min(wait, 20)) != nil { break }
            if let error = LiveTurns.turn(lua.L) { channels.log(error) }
        }
        return channels.receive(on: channels.shell)
    }

    /// The execute request whose cell runs, if one does.
    var runningRequest: KernelMessage? { currentRequest() }

    /// Publishes what the cell wrote so far, so what is published next comes after it.
    func drainOutput() { capture.drain() }

    /// The request whose outputs are being published.
    private func currentRequest() -> KernelMessage? {
        outputLock.lock()
        defer { outputLock.unlock() }
        return running
    }

    private func setRunning(_ request: KernelMessage?) {
        outputLock.lock()
        running = request
        outputLock.unlock()
    }

    // MARK: shell

    private func handleShell(_ request: KernelMessage) {
        let reply = { (type: String, content: [String: Any]) in
            self.channels.reply(on: self.channels.shell, to: request, type: type, content: content)
        }
        switch request.type {
        case "kernel_info_request": reply("kernel_info_reply", NotebookKernel.kernelInfo)
        case "execute_request": execute(request)
        case "complete_request": reply("complete_reply", KernelAssistance(lua: lua).complete(request.content))
        case "inspect_request": reply("inspect_reply", KernelAssistance(lua: lua).inspect(request.content))
        case "is_complete_request": reply("is_complete_reply", isComplete(request.content["code"] as? String ?? ""))
        case "history_request": reply("history_reply", historyReply(request.content))
        case "comm_info_request": reply("comm_info_reply", ["status": "ok", "comms": [String: Any]()])
        case "shutdown_request": shutDown(request, on: channels.shell)
        case "comm_open", "comm_msg", "comm_close": break
        default: capture.log("forcelab kernel: no answer to a '\(request.type)' on shell\n")
        }
    }

    /// What `kernel_info_request` answers.
    static let kernelInfo: [String: Any] = [
        "status": "ok", "protocol_version": KernelMessage.protocolVersion, "implementation": "forcelab",
        "implementation_version": ForcelabModule.version,
        "language_info": [
            "name": "lua", "version": "5.4", "mimetype": "text/x-lua", "file_extension": ".lua", "pygments_lexer": "lua",
            "codemirror_mode": "lua",
        ],
        "banner": Interpreter.banner + "\nThe module is fl; help(value) lists a value's fields, Shift-Tab shows a function's options.",
        "help_links": [["text": "forcelab's Lua API", "url": "https://github.com/forcelab/forcelab/blob/main/docs/lua-api.md"]],
        "debugger": false,
    ]

    /// Runs an execute request's cell: its input, outputs, result or error, and the reply.
    private func execute(_ request: KernelMessage) {
        let content = request.content
        let code = content["code"] as? String ?? ""
        let silent = content["silent"] as? Bool ?? false
        let storeHistory = (content["store_history"] as? Bool ?? true) && !silent
        if storeHistory { executionCount += 1 }
        let count = executionCount
        if !silent { channels.publish("execute_input", ["code": code, "execution_count": count], parent: request) }
        if storeHistory { history.append((count, code)) }
        setRunning(request)
        KernelInput.allowed = content["allow_stdin"] as? Bool ?? true
        defer { setRunning(nil) }
        let outcome = runCell(code, name: "=In [\(count)]")
        capture.drain()
        switch outcome {
        case .success(let shown):
            if let shown, !silent {
                channels.publish("execute_result", ["execution_count": count, "data": shown, "metadata": [String: Any]()], parent: request)
            }
            channels.reply(on: channels.shell, to: request, type: "execute_reply", content: [
                "status": "ok", "execution_count": count, "user_expressions": [String: Any](), "payload": [Any](),
            ])
        case .failure(let error):
            // Taken before the reply goes out: a cell the client sends on seeing the error is not aborted.
            let failed = KernelMessage.timestamp()
            // What the failed cell held is garbage now; collected at once, so a cell that ran out of memory leaves
            // room for the next.
            fl_collect_garbage(lua.L)
            if !silent { channels.publish("error", error.content, parent: request) }
            channels.reply(on: channels.shell, to: request, type: "execute_reply",
                           content: error.content.merging(["status": "error", "execution_count": count]) { $1 })
            if content["stop_on_error"] as? Bool ?? true { abortCells(sentBefore: failed) }
        }
    }

    /// After a cell's error: the execute requests sent before it (a "Run All" sends them together) are answered
    /// `aborted` without running, as ipykernel does, so later cells do not run on a state the error left; other
    /// waiting requests, and cells sent after the error, are answered as usual.
    private func abortCells(sentBefore failed: String) {
        while ZeroMQSocket.ready([channels.shell], milliseconds: 0) != nil, let waiting = channels.receive(on: channels.shell) {
            channels.publish("status", ["execution_state": "busy"], parent: waiting)
            if waiting.type == "execute_request" && waiting.wasSent(before: failed) {
                channels.reply(on: channels.shell, to: waiting, type: "execute_reply",
                               content: ["status": "aborted", "execution_count": executionCount])
            } else {
                handleShell(waiting)
            }
            channels.publish("status", ["execution_state": "idle"], parent: waiting)
        }
    }

    /// A cell's error as the protocol carries it.
    struct CellError: Error {
        let name: String
        let message: String
        let traceback: [String]

        var content: [String: Any] { ["ename": name, "evalue": message, "traceback": traceback] }
    }

    /// Compiles and runs `code`; the displayable forms of its values (nil when it returned none).
    private func runCell(_ code: String, name: String) -> Result<[String: Any]?, CellError> {
        let L = lua.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        let text = code.hasPrefix("=") ? "return " + code.dropFirst() : code
        do {
            if let help = try REPLHelp.answer(to: text, lua) {
                return .success(["text/plain": help])
            }
        } catch {
            return .failure(cellError(String(describing: error), kind: "LuaError"))
        }
        do {
            try session.load(text, name: name)
        } catch {
            return .failure(cellError(String(describing: error), kind: "SyntaxError"))
        }
        fl_clear_interrupt(L)
        if cellTimeout > 0 && fl_start_cell_timer(L, cellTimeout) != 0 {
            return .failure(cellError("cannot start the cell's time limit: no thread for its clock", kind: "LimitReached"))
        }
        defer { if cellTimeout > 0 { fl_stop_cell_timer(L) } }
        let results: Int32
        do {
            results = try session.run()
        } catch let error as LuaError {
            let limit = lua.limitReached
            let kind = error.message.contains("interrupted!") ? "Interrupted" : (limit != nil || error.isMemoryError) ? "LimitReached" : "LuaError"
            let message = limit.map { error.message.contains($0) ? error.message : $0 + ": " + error.message } ?? error.message
            return .failure(cellError(message, kind: kind))
        } catch {
            return .failure(cellError(String(describing: error), kind: "LuaError"))
        }
        guard results > 0 else { return .success(nil) }
        let top = lua_gettop(L)
        let texts = (top - results + 1...top).map { formatter.format(L, $0) }
        var shown = ["text/plain": texts.joined(separator: "\t")]
        if results == 1 {
            do {
                if let picture = try InlineDisplay.picture(of: L, at: top) {
                    shown.merge(KernelDisplay.bundle(picture.mimeType, picture.text)) { _, picture in picture }
                    shown["text/plain"] = texts[0]
                } else if lua_type(L, top) == LUA_TTABLE, let data = try? LuaValues.data(L, top), let table = KernelDisplay.table(data) {
                    shown["text/html"] = table
                }
            } catch {
                // The result is the cell's last expression: its line, as Lua names a line, says where.
                let end = text.lastIndex { !$0.isWhitespace } ?? text.startIndex
                let line = text[..<end].filter { $0 == "\n" }.count + 1
                return .failure(cellError("\(name.dropFirst()):\(line): the cell's result cannot be drawn: \(error)", kind: "LuaError"))
            }
        }
        return .success(shown)
    }

    /// Splits Lua's message with its traceback into the protocol's `evalue` and `traceback` lines.
    private func cellError(_ text: String, kind: String) -> CellError {
        let parts = text.components(separatedBy: "\nstack traceback:\n")
        let message = parts[0]
        let frames = parts.count > 1 ? ["stack traceback:"] + parts[1].split(separator: "\n").map(String.init) : []
        return CellError(name: kind, message: message, traceback: ["\u{1B}[0;31m\(kind)\u{1B}[0m: \(message)"] + frames)
    }

    /// `is_complete_request`: complete, incomplete (with the indent the next line takes) or invalid.
    private func isComplete(_ code: String) -> [String: Any] {
        let top = lua_gettop(lua.L)
        defer { lua_settop(lua.L, top) }
        do {
            try session.load(code, name: "=cell")
            return ["status": "complete"]
        } catch let error as LuaError where error.message.hasSuffix("<eof>") {
            return ["status": "incomplete", "indent": "  "]
        } catch {
            return ["status": (try? REPLHelp.answer(to: code, lua)) != nil ? "complete" : "invalid"]
        }
    }

    /// `history_request`: this session's cells, by range, tail or search (a glob pattern), as [session, line, input].
    private func historyReply(_ content: [String: Any]) -> [String: Any] {
        var entries = history
        switch content["hist_access_type"] as? String ?? "tail" {
        case "range":
            let start = content["start"] as? Int ?? 0, stop = content["stop"] as? Int ?? Int.max
            entries = entries.filter { $0.count >= start && $0.count < stop }
        case "search":
            let pattern = content["pattern"] as? String ?? "*"
            entries = entries.filter { fnmatch(pattern, $0.code, 0) == 0 }
            if content["unique"] as? Bool ?? false {
                var seen = Set<String>()
                entries = entries.reversed().filter { seen.insert($0.code).inserted }.reversed()
            }
            fallthrough
        default:
            if let n = content["n"] as? Int { entries = Array(entries.suffix(n)) }
        }
        return ["status": "ok", "history": entries.map { [0, $0.count, $0.code] as [Any] }]
    }

    // MARK: control

    /// The control thread: kernel info, interrupts (raised as Ctrl-C in the process) and shutdown.
    private func serveControl() {
        while let request = channels.receive(on: channels.control) {
            channels.publish("status", ["execution_state": "busy"], parent: request)
            switch request.type {
            case "kernel_info_request":
                channels.reply(on: channels.control, to: request, type: "kernel_info_reply", content: NotebookKernel.kernelInfo)
            case "interrupt_request":
                kill(getpid(), SIGINT)
                channels.reply(on: channels.control, to: request, type: "interrupt_reply", content: ["status": "ok"])
            case "shutdown_request":
                shutDown(request, on: channels.control)
            default:
                capture.log("forcelab kernel: no answer to a '\(request.type)' on control\n")
            }
            channels.publish("status", ["execution_state": "idle"], parent: request)
        }
    }

    /// Answers a shutdown request and ends the process (a restart is the client's: it starts a new kernel).
    private func shutDown(_ request: KernelMessage, on socket: ZeroMQSocket) {
        let restart = request.content["restart"] as? Bool ?? false
        channels.reply(on: socket, to: request, type: "shutdown_reply", content: ["status": "ok", "restart": restart])
        channels.publish("status", ["execution_state": "idle"], parent: request)
        capture.drain()
        usleep(100_000)
        exit(0)
    }
}
