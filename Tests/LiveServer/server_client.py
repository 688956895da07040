"""Drives a LiveServer (started by LiveServerTests with a test owner) with real HTTP and WebSocket clients
(http.client, websocket-client): the token, Host and Origin checks, the page's paths, malformed and oversized
messages, 50 clients connecting and leaving, a slow reader, and positions frames that keep coming meanwhile.
Prints one line per check ("ok NAME" or "FAIL NAME: why") and exits 1 when one fails.
Usage: server_client.py PORT TOKEN"""
import http.client
import json
import signal
import socket
import struct
import sys
import time

import websocket

port, token = int(sys.argv[1]), sys.argv[2]
origin = f"http://127.0.0.1:{port}"
failures = []
signal.alarm(60)  # the whole run takes seconds; a hang fails it


def check(name, condition, detail=""):
    print(("ok " if condition else "FAIL ") + name + ("" if condition else ": " + str(detail)), flush=True)
    if not condition:
        failures.append(name)


def get(path, host=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body, dict(response.getheaders())


def connect(path=None, with_origin=origin, timeout=5):
    url = f"ws://127.0.0.1:{port}" + (path if path is not None else f"/socket?token={token}")
    options = {"timeout": timeout, "skip_utf8_validation": True}  # the server checks; the client's check is pure Python
    if with_origin is None:
        options["suppress_origin"] = True
    else:
        options["origin"] = with_origin
    return websocket.create_connection(url, **options)


def refused(**kwargs):
    try:
        connect(**kwargs).close()
        return False
    except (websocket.WebSocketException, OSError):
        return True


def next_text(ws, kind):
    """The next text message of `kind`, skipping positions frames."""
    deadline = time.time() + 5
    while time.time() < deadline:
        opcode, data = ws.recv_data()
        if opcode == websocket.ABNF.OPCODE_TEXT:
            message = json.loads(data)
            if message.get("type") == kind:
                return message
    raise TimeoutError(kind)


def ping(ws, n):
    ws.send(json.dumps({"type": "ping", "n": n}))
    return next_text(ws, "echo").get("n") == n


# HTTP: the token, the Host, the page's paths.
status, body, headers = get(f"/?token={token}")
check("page served with the token", status == 200 and body == b"<!doctype html><p>test page</p>", (status, body))
check("page not cached", headers.get("cache-control") == "no-store", headers)
check("script served", get(f"/live.js?token={token}")[0] == 200)
check("403 without token", get("/")[0] == 403)
check("403 with a wrong token", get("/?token=" + "0" * len(token))[0] == 403)
check("403 for a file without token", get("/etc/passwd")[0] == 403)
check("404 for another path", get(f"/etc/passwd?token={token}")[0] == 404)
check("404 for a traversal", get(f"/../../etc/passwd?token={token}")[0] in (403, 404))
check("404 for the socket over plain HTTP", get(f"/socket?token={token}")[0] == 404)
check("403 for another host name", get(f"/?token={token}", host=f"attacker.example:{port}")[0] == 403)

# The socket: token, path, Origin.
check("socket refused without token", refused(path="/socket"))
check("socket refused with a wrong token", refused(path="/socket?token=x"))
check("socket refused at another path", refused(path=f"/other?token={token}"))
check("socket refused from another origin", refused(with_origin="http://attacker.example"))
check("socket refused without an origin", refused(with_origin=None))
ws = connect()
check("socket accepted", next_text(ws, "welcome")["client"] > 0)
check("messages reach the owner and back", ping(ws, 1))

# Malformed and oversized messages get an error and the connection goes on.
ws.send_binary(b"\x00\x01\x02")
check("binary message refused", "binary" in next_text(ws, "error")["message"])
ws.send("x" * 100_000)
check("oversized message refused", "longer than" in next_text(ws, "error")["message"])
check("connection goes on after refusals", ping(ws, 2))
for bad in [b"\x83\x80\x00\x00\x00\x00", b"\x81\x05hello", b"\x81\x82\x00\x00\x00\x00\xc3\x28"]:
    other = connect()
    next_text(other, "welcome")
    other.sock.sendall(bad)  # a reserved opcode, an unmasked frame, a text frame that is not UTF-8
    closed = answered = False
    deadline = time.time() + 3
    other.settimeout(0.5)
    try:
        while time.time() < deadline:
            opcode, data = other.recv_data(control_frame=True)
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                closed = True
                break
            if opcode == websocket.ABNF.OPCODE_TEXT and json.loads(data).get("type") == "error":
                answered = True  # libwebsockets 4.1 takes an unmasked frame; its text is then refused as a message
                break
    except (websocket.WebSocketConnectionClosedException, ConnectionError):
        closed = True
    except websocket.WebSocketTimeoutException:
        pass
    check(f"malformed frame {bad[:2].hex()} is refused and only its connection touched", (closed or answered) and ping(ws, 3))
    other.close()

# 50 clients connecting and leaving.
clients = [connect() for _ in range(50)]
welcomed = all(next_text(c, "welcome")["client"] > 0 for c in clients)
answered = all(ping(c, 10 + i) for i, c in enumerate(clients))
for c in clients:
    c.close()
check("50 clients connect and are answered", welcomed and answered)
time.sleep(0.3)
check("the first client is still answered after they leave", ping(ws, 4))

# A slow reader: it stops reading while a flood of big messages goes out; it is dropped, the others get everything.
slow = connect()
next_text(slow, "welcome")
slow.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
received = 0
started = time.time()
try:
    for _ in range(4):  # each flood fits a reading client's queue; a client that reads none of them overflows
        ws.send(json.dumps({"type": "flood", "count": 50, "bytes": 128 * 1024}))
        for _ in range(50):
            next_text(ws, "flood")
            received += 1
except Exception as error:
    print("flood stopped after", received, "messages in", time.time() - started, "s:", error)
check("a reading client gets every flood", received == 200, received)
ws.send(json.dumps({"type": "stats"}))
stats = next_text(ws, "stats")
check("the slow reader was disconnected", stats["disconnected"] >= 52, stats)
check("no call into the server held the owner up", stats["longestCall"] < 0.25, stats)
slow.close()

# Positions frames keep coming, in order.
ticks = []
while len(ticks) < 20:
    opcode, data = ws.recv_data()
    if opcode == websocket.ABNF.OPCODE_BINARY:
        ticks.append(struct.unpack_from("<d", data)[0])
check("positions frames arrive in order", ticks == sorted(ticks) and len(set(ticks)) == len(ticks), ticks)
ws.close()
sys.exit(1 if failures else 0)
