import CWebSockets
import Foundation

/// A page's message as it arrives, frame piece by frame piece.
struct IncomingMessage {
    var bytes: [UInt8] = []
    var isBinary = false
    /// Set when the message grew past the limit: the rest is dropped as it arrives.
    var tooLong = false
    var begun = false
}

/// A response body being written in pieces.
struct HTTPTransfer {
    let body: [UInt8]
    var written = 0
}

/// libwebsockets' callback for the server's one protocol: finds the server through the context's user pointer.
func liveServerCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let server = lws_context_user(context) else { return 0 }
    return Unmanaged<LiveServer>.fromOpaque(server).takeUnretainedValue()
        .handle(wsi, reason, user?.assumingMemoryBound(to: LiveServer.ClientID.self), input, length)
}

/// What the service thread does for each of libwebsockets' callbacks.
extension LiveServer {
    func handle(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ slot: UnsafeMutablePointer<ClientID>?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_HTTP:
            let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            return respond(wsi, slot, path: path)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeBody(wsi, slot)
        case LWS_CALLBACK_CLOSED_HTTP:
            if let client = slot?.pointee, client != 0 { transfers[client] = nil }
            return 0
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return admits(wsi) ? 0 : 1
        case LWS_CALLBACK_ESTABLISHED:
            guard let slot else { return -1 }
            slot.pointee = newClient()
            opened(slot.pointee, socket: wsi)
            return 0
        case LWS_CALLBACK_CLOSED:
            if let client = slot?.pointee { closed(client) }
            return 0
        case LWS_CALLBACK_RECEIVE:
            if let client = slot?.pointee { receive(client, wsi, input, length) }
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let client = slot?.pointee else { return 0 }
            return writeMessage(wsi, client)
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            let work = pendingWork()
            for socket in work.writable { lws_callback_on_writable(socket) }
            for socket in work.overflowed {
                lws_close_reason(socket, LWS_CLOSE_STATUS_POLICY_VIOLATION, nil, 0)
                lws_set_timeout(socket, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            }
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, slot, input, length)
        }
    }

    private func newClient() -> ClientID {
        defer { nextClient += 1 }
        return nextClient
    }

    // MARK: HTTP

    /// Answers a GET of `path`: 403 without the token or from another host name, 404 for a path that is not the
    /// page's, else the page's bytes.
    private func respond(_ wsi: OpaquePointer, _ slot: UnsafeMutablePointer<ClientID>?, path: String) -> Int32 {
        guard let slot else { return -1 }
        if slot.pointee == 0 { slot.pointee = newClient() }
        guard lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else { return status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED) }
        guard let host = header(wsi, WSI_TOKEN_HOST), accepts(hostHeader: host),
            LiveToken.matches(urlArgument(wsi, "token"), token)
        else { return status(wsi, HTTP_STATUS_FORBIDDEN) }
        guard path != Self.socketPath, let (contentType, body) = page(path) else { return status(wsi, HTTP_STATUS_NOT_FOUND) }
        let pre = Int(fl_lws_pre())
        var buffer = [UInt8](repeating: 0, count: pre + 1024)
        let written = buffer.withUnsafeMutableBufferPointer { buffer -> Bool in
            let start = buffer.baseAddress! + pre
            let end = start + 1023
            var p: UnsafeMutablePointer<UInt8>? = start
            return lws_add_http_common_headers(wsi, UInt32(HTTP_STATUS_OK.rawValue), contentType, lws_filepos_t(body.count), &p, end) == 0
                && addHeader(wsi, "cache-control:", "no-store", &p, end)
                && addHeader(wsi, "referrer-policy:", "no-referrer", &p, end)
                && addHeader(wsi, "x-content-type-options:", "nosniff", &p, end)
                && lws_finalize_write_http_header(wsi, start, &p, end) == 0
        }
        guard written else { return -1 }
        transfers[slot.pointee] = HTTPTransfer(body: body)
        lws_callback_on_writable(wsi)
        return 0
    }

    private func addHeader(
        _ wsi: OpaquePointer, _ name: String, _ value: String, _ p: inout UnsafeMutablePointer<UInt8>?, _ end: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        lws_add_http_header_by_name(wsi, name, value, Int32(value.utf8.count), &p, end) == 0
    }

    /// Writes the next piece of the response body; the transaction ends after the last.
    private func writeBody(_ wsi: OpaquePointer, _ slot: UnsafeMutablePointer<ClientID>?) -> Int32 {
        guard let client = slot?.pointee, var transfer = transfers[client] else { return 0 }
        let length = min(limits.chunkBytes, transfer.body.count - transfer.written)
        let last = transfer.written + length == transfer.body.count
        let mode = last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP
        guard write(wsi, transfer.body, from: transfer.written, count: length, mode: mode) else { return -1 }
        transfer.written += length
        if last {
            transfers[client] = nil
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        transfers[client] = transfer
        lws_callback_on_writable(wsi)
        return 0
    }

    /// Answers with a bare status.
    private func status(_ wsi: OpaquePointer, _ code: http_status) -> Int32 {
        if lws_return_http_status(wsi, UInt32(code.rawValue), nil) != 0 { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    // MARK: WebSocket

    /// Whether a WebSocket upgrade may proceed: the socket's path with the token, a Host naming this server, an
    /// Origin that is this server's own, and room for another client.
    private func admits(_ wsi: OpaquePointer) -> Bool {
        guard header(wsi, WSI_TOKEN_GET_URI) == Self.socketPath, LiveToken.matches(urlArgument(wsi, "token"), token),
            let host = header(wsi, WSI_TOKEN_HOST), accepts(hostHeader: host),
            header(wsi, WSI_TOKEN_ORIGIN) == "http://" + host
        else { return false }
        return socketCount < limits.clients
    }

    /// Gathers a message's pieces; a whole one goes to the owner, one refused gets an error message back.
    private func receive(_ client: ClientID, _ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) {
        guard var message = incoming[client] else { return }
        if !message.begun {
            message = IncomingMessage(isBinary: lws_frame_is_binary(wsi) != 0, begun: true)
        }
        if !message.isBinary && !message.tooLong {
            if message.bytes.count + length > limits.messageBytes {
                message.tooLong = true
                message.bytes = []
            } else if let input, length > 0 {
                message.bytes.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
            }
        }
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else {
            incoming[client] = message
            return
        }
        incoming[client] = IncomingMessage()
        if message.isBinary {
            send(text: Self.errorMessage("binary messages are not accepted (send JSON text)"), to: client)
        } else if message.tooLong {
            send(text: Self.errorMessage("a message longer than \(limits.messageBytes) bytes was refused"), to: client)
        } else {
            post(.message(client, String(decoding: message.bytes, as: UTF8.self)))
        }
    }

    /// Writes the next piece of what waits for `client`, and asks to be called again while more waits.
    private func writeMessage(_ wsi: OpaquePointer, _ client: ClientID) -> Int32 {
        if isOverflowed(client) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, nil, 0)
            return -1
        }
        let (next, more) = nextChunk(for: client)
        guard let chunk = next else { return 0 }
        let kind = chunk.message.isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT
        let flags = lws_write_ws_flags(Int32(kind.rawValue), chunk.isFirst ? 1 : 0, chunk.isLast ? 1 : 0)
        guard write(wsi, chunk.message.bytes, from: chunk.offset, count: chunk.length, mode: lws_write_protocol(UInt32(flags)))
        else { return -1 }
        if more { lws_callback_on_writable(wsi) }
        return 0
    }

    /// Writes `count` bytes of `bytes` from `offset` with the room lws_write needs before them.
    private func write(_ wsi: OpaquePointer, _ bytes: [UInt8], from offset: Int, count: Int, mode: lws_write_protocol) -> Bool {
        let pre = Int(fl_lws_pre())
        var buffer = [UInt8](repeating: 0, count: pre + count)
        buffer.replaceSubrange(pre..<(pre + count), with: bytes[offset..<(offset + count)])
        return buffer.withUnsafeMutableBufferPointer { buffer in
            lws_write(wsi, buffer.baseAddress! + pre, count, mode) >= count
        }
    }

    // MARK: Request details

    /// A request header's value, or nil when absent.
    private func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0, length < 4096 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(length + 1), token) >= 0 else { return nil }
        return String(cString: buffer)
    }

    /// The value of the URL's query argument `name`, or nil.
    private func urlArgument(_ wsi: OpaquePointer, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { buffer in
            lws_get_urlarg_by_name(wsi, name + "=", buffer.baseAddress, Int32(buffer.count)).map { String(cString: $0) }
        }
    }
}
