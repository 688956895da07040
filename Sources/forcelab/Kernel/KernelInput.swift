import CLuaShim
import Foundation
import JupyterProtocol
import LuaHost

/// `io.read` in a notebook: each line read is asked of the front end through an `input_request` on the stdin
/// channel (the box under the cell), with Lua's formats applied to it.
enum KernelInput {
    /// Whether the running cell's front end takes input (its request's `allow_stdin`).
    nonisolated(unsafe) static var allowed = true

    /// Lua's io.read formats over one line asked of the front end (`ask`, the binding below).
    private static let reader = """
        local ask = ...
        return function(...)
          local count = select("#", ...)
          if count == 0 then return ask() end
          local values = {}
          for i = 1, count do
            local format = select(i, ...)
            local line = ask()
            if line == nil then return table.unpack(values, 1, i) end
            if format == "n" or format == "*n" then values[i] = tonumber(line)
            elseif format == "L" or format == "*L" then values[i] = line .. "\\n"
            elseif math.type(format) == "integer" then values[i] = line:sub(1, format)
            else values[i] = line end
          end
          return table.unpack(values, 1, count)
        end
        """

    /// Replaces `io.read` in `lua` (when the state has an io library).
    static func install(in lua: LuaState) throws {
        try lua.loadString(reader, name: "=(kernel input)")
        LuaBinding.push(lua.L, ask)
        try lua.call(arguments: 1, results: 1)
        lua_getglobal(lua.L, "io")
        if lua_type(lua.L, -1) == LUA_TTABLE {
            lua_pushvalue(lua.L, -2)
            lua_setfield(lua.L, -2, "read")
        }
        fl_pop(lua.L, 2)
    }

    /// The binding: one line from the front end, without its newline.
    private static let ask: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "io.read") { arguments in
            guard let kernel = NotebookKernel.current else { throw LuaError("io.read: no notebook is connected") }
            guard allowed else { throw LuaError("io.read: this front end takes no input (its request had allow_stdin false)") }
            LuaValues.push(arguments.L, try kernel.requestInput(prompt: ""))
            return 1
        }
    }
}

extension NotebookKernel {
    /// Asks the front end of the running cell for a line; waits for the reply, ending with "interrupted!" at an
    /// interrupt.
    func requestInput(prompt: String) throws -> String {
        guard let request = runningRequest else { throw LuaError("io.read: no cell is running") }
        drainOutput()
        channels.send(KernelMessage(type: "input_request", session: channels.session,
                                    content: ["prompt": prompt, "password": false], parent: request), on: channels.stdin)
        while true {
            if fl_interrupted(lua.L) != 0 { throw LuaError("interrupted!") }
            guard ZeroMQSocket.ready([channels.stdin], milliseconds: 100) != nil else { continue }
            guard let reply = channels.receive(on: channels.stdin) else { throw LuaError("io.read: the stdin channel closed") }
            if reply.type == "input_reply" { return reply.content["value"] as? String ?? "" }
        }
    }
}
