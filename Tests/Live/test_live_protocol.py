"""fl.live driven through its protocol by a scripted page (websocket-client), as the live page drives it: forcelab
runs Tests/Live/live_protocol.lua (fl.live with wait = true); this client reads the URL from its standard error,
checks the scene and frames, drags a node, sets the charge's strength, switches the link force off and on, sees the
session's new node in a new scene, checks a page connecting while paused gets a frame at once, sends End and checks what the script printed. Then --sandbox refuses fl.live and
--sandbox --allow-live allows it, a script waiting in a terminal prints its URL, and at the REPL (in a pseudo-terminal) fl.live returns at once while the page keeps
getting frames and the session's changes as the prompt waits. Seconds. Usage: test_live_protocol.py FORCELAB"""
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import time

import websocket

forcelab = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
signal.alarm(120)
failures = []


def check(name, condition, detail=""):
    print(("ok " if condition else "FAIL ") + name + ("" if condition else ": " + str(detail)), flush=True)
    if not condition:
        failures.append(name)


def connect(url, timeout=10):
    """A page's WebSocket to the server of `url` (the token its own), from the page's origin."""
    port, token = url.split(":")[2].split("/")[0], url.split("token=")[1]
    return websocket.create_connection(f"ws://127.0.0.1:{port}/socket?token={token}", origin=f"http://127.0.0.1:{port}",
                                       timeout=timeout)


process = subprocess.Popen([forcelab, os.path.join(here, "live_protocol.lua")], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
line = process.stderr.readline()
url = re.search(r"fl\.live: (http://\S+)", line).group(1)
ws = connect(url)
last_controls = None


def until(predicate, seconds=10):
    """Reads messages until `predicate(kind, message)` returns a value; the texts are parsed, frames unpacked."""
    global last_controls
    deadline = time.time() + seconds
    while time.time() < deadline:
        opcode, data = ws.recv_data()
        if opcode == websocket.ABNF.OPCODE_BINARY:
            message = struct.unpack(f"<{len(data) // 8}d", data)
            kind = "frame"
        else:
            message = json.loads(data)
            kind = message["type"]
            if kind == "controls":
                last_controls = message
        value = predicate(kind, message)
        if value is not None:
            return value
    raise TimeoutError("no message expected came")


scene = until(lambda kind, m: m if kind == "scene" else None)
check("the scene on connect", len(scene["nodes"]) == 9 and len(scene["edges"]) == 12, scene)
check("the scene's styles from fl.live's options", {n["fill"] for n in scene["nodes"]} == {"#0000ff"}, scene["nodes"][0])
check("the scene's forces", [(f["name"], f["kind"], f["enabled"]) for f in scene["forces"]]
      == [("link", "link", True), ("charge", "manyBody", True)], scene["forces"])
frame = until(lambda kind, m: m if kind == "frame" else None)
check("a frame is [tick, alpha, x, y...]", len(frame) == 2 + 2 * 9 and frame[1] == 0.1, frame[:4])
later = until(lambda kind, m: m if kind == "scene" else None)
check("the session's new node appears in a new scene", len(later["nodes"]) == 10 and later["nodes"][9]["fill"] == "#ff0000",
      later["nodes"][-1])

ws.send(json.dumps({"type": "drag", "node": 0, "x": 100, "y": 50}))
moved = until(lambda kind, m: m if kind == "frame" and m[2:4] == (100.0, 50.0) else None)
check("a dragged node stays under the pointer", moved[2:4] == (100.0, 50.0))
ws.send(json.dumps({"type": "force", "name": "charge", "option": "strength", "value": -100}))
until(lambda kind, m: True if kind == "controls" and m["forces"][1]["options"]["strength"] == -100 else None)
check("a force option set from the page comes back in the controls", True)
ws.send(json.dumps({"type": "enable", "name": "link", "enabled": False}))
off = until(lambda kind, m: m if kind == "controls" and not m["forces"][0]["enabled"] else None)
check("a force switched off stays listed, off", off["forces"][0]["name"] == "link", off["forces"])
ws.send(json.dumps({"type": "enable", "name": "link", "enabled": True}))
on = until(lambda kind, m: m if kind == "controls" and m["forces"][0]["enabled"] else None)
check("switched on again with its options", on["forces"][0]["options"]["distance"] == 25, on["forces"][0])
ws.send(json.dumps({"type": "pause", "paused": True}))
until(lambda kind, m: True if kind == "controls" and m["simulation"]["paused"] else None)
# A page that connects while the simulation is paused gets the positions at once, after the scene.
late_page = connect(url, timeout=3)
welcome = []
try:
    while not welcome or welcome[-1][0] != websocket.ABNF.OPCODE_BINARY:
        welcome.append(late_page.recv_data())
except websocket.WebSocketTimeoutException:
    pass
late_page.close()
kinds = ["frame" if opcode == websocket.ABNF.OPCODE_BINARY else json.loads(data)["type"] for opcode, data in welcome]
check("a page connecting while paused gets the scene, the controls and a frame", kinds == ["scene", "controls", "frame"],
      kinds)
if kinds[-1:] == ["frame"]:
    check("the paused page's frame has every node of its scene",
          len(welcome[-1][1]) == 8 * (2 + 2 * len(json.loads(welcome[0][1])["nodes"])), len(welcome[-1][1]))
ws.send(json.dumps({"type": "pause", "paused": False}))
for bad, expected in [("not json", "not JSON"), ('{"type": "drag", "node": 99, "x": 0, "y": 0}', "no node 99"),
                      ('{"type": "force", "name": "charge", "option": "theta", "value": -1}', "theta"),
                      ('{"type": "simulation", "option": "alpha", "value": 2}', "from 0 to 1")]:
    ws.send(bad)
    error = until(lambda kind, m: m if kind == "error" else None)
    check(f"refused: {bad}", expected in error["message"], error)
ws.send(json.dumps({"type": "end"}))
out, err = process.communicate(timeout=20)
check("End returns from fl.live", process.returncode == 0, err)
check("the script sees what the page left",
      out.strip() == "fx=100.0 fy=50.0 strength=-100.0 forces=charge,link distance=25.0 nodes=10", out)

refused = subprocess.run([forcelab, "--sandbox", "-e", "fl.live(fl.simulation(fl.graph.new()))"], capture_output=True,
                         text=True, timeout=20)
check("--sandbox refuses fl.live", refused.returncode == 1 and "--allow-live" in refused.stderr, refused.stderr)
allowed = subprocess.run([forcelab, "--sandbox", "--allow-live", "-e", "print(fl.live(fl.simulation(fl.graph.new())))"],
                         capture_output=True, text=True, timeout=20)
check("--sandbox --allow-live serves it", allowed.returncode == 0 and allowed.stdout.startswith("http://127.0.0.1:"),
      allowed.stdout + allowed.stderr)

# At the REPL: fl.live returns at once; while the prompt waits, the page gets frames and the session's changes.
pid, terminal = pty.fork()
if pid == 0:
    os.execv(forcelab, [forcelab, "-i"])


def type_line(text):
    os.write(terminal, (text + "\n").encode())


def read_until(pattern, seconds=10):
    seen, deadline = b"", time.time() + seconds
    while time.time() < deadline:
        seen += os.read(terminal, 4096)
        found = re.search(pattern, seen)
        if found:
            return found
    raise TimeoutError(pattern)


type_line('g = fl.graph.generate("grid", {rows = 3, columns = 3}); sim = fl.simulation(g, {alphaDecay = 0})')
type_line('sim:force("charge", fl.force.manyBody{}); print("URL " .. fl.live(sim))')
url = read_until(rb"URL (http://\S+)").group(1).decode()
ws = connect(url)
until(lambda kind, m: m if kind == "scene" else None)
frames = [until(lambda kind, m: m if kind == "frame" else None) for _ in range(10)]
check("at the REPL the page gets frames while the prompt waits", frames[-1][0] > frames[0][0], [f[0] for f in frames])
type_line('sim:force("charge"):strength(-77)')
until(lambda kind, m: True if kind == "controls" and m["forces"][0]["options"]["strength"] == -77 else None)
check("the session's setter reaches the page's controls", True)
type_line('g:addNode{id = "typed"}')
scene = until(lambda kind, m: m if kind == "scene" else None)
check("a node added at the prompt reaches the page", len(scene["nodes"]) == 10, len(scene["nodes"]))
ws.send(json.dumps({"type": "drag", "node": 0, "x": 7, "y": 8}))
time.sleep(0.3)
type_line('print("FX", sim:nodes()[1].fx, sim:nodes()[1].fy)')
check("the page's drag is the session's fx/fy", read_until(rb"FX\t(\S+)\t(\S+)").groups() == (b"7.0", b"8.0"))
ws.send(json.dumps({"type": "release", "node": 0}))
before = until(lambda kind, m: m if kind == "frame" else None)[0]
type_line('print("RAN", sim:run{maxTicks = 300})')
ran = read_until(rb"RAN\t(\d+)\t(\w+)").groups()
after = until(lambda kind, m: m if kind == "frame" and m[0] >= before + 300 else None, seconds=10)[0]
check("sim:run works while a page watches, and its ticks reach the page", ran == (b"300", b"maxTicks") and after >= before + 300,
      (ran, before, after))
# A cool simulation: nothing ticks while the prompt waits, yet what the session does shows at once.
type_line('c = fl.simulation(fl.graph.generate("grid", {rows = 2, columns = 2}), {alpha = 0.0005})')
type_line('print("COOL " .. fl.live(c))')
url = read_until(rb"COOL (http://\S+)").group(1).decode()
ws = connect(url)
seen_frames = []
until(lambda kind, m: seen_frames.append(m) if kind == "frame" else m if kind == "metrics" else None)
first = seen_frames[-1]
type_line("c:tick(3)")
try:
    ticked = until(lambda kind, m: m if kind == "frame" else None, seconds=3)
except (TimeoutError, websocket.WebSocketTimeoutException):
    ticked = None
check("ticks the session makes at the prompt (c:tick(3)) reach a cool page", ticked is not None and ticked[0] == first[0] + 3,
      (first[:2], ticked and ticked[:2]))
type_line('c:force("charge", fl.force.manyBody{strength = -5})')
try:
    controls = until(lambda kind, m: m if kind == "controls" else None, seconds=3)
except (TimeoutError, websocket.WebSocketTimeoutException):
    controls = None
check("a force the session adds at the prompt reaches a cool page", controls is not None and controls["forces"][0]["name"] == "charge",
      controls)
type_line("c:alpha(0.5)")
try:
    warm = [until(lambda kind, m: m if kind == "frame" else None, seconds=3) for _ in range(3)]
except (TimeoutError, websocket.WebSocketTimeoutException):
    warm = []
check("sim:alpha(0.5) at the prompt restarts a cooled simulation", len(warm) == 3 and warm[-1][0] > warm[0][0],
      [w[:2] for w in warm])
type_line("os.exit(0)")
os.waitpid(pid, 0)

# A script waiting in a terminal (standard output a terminal) still tells where its page is, on standard error.
pid, terminal = pty.fork()
if pid == 0:
    os.execv(forcelab, [forcelab, "-e", 'fl.live(fl.simulation(fl.graph.generate("grid", {rows = 1, columns = 3})), {wait = true}); print("ENDED")'])
url = read_until(rb"fl\.live: (http://\S+)").group(1).decode()
ws = connect(url)
ws.send(json.dumps({"type": "end"}))
check("a script waiting in a terminal prints its URL, and End ends it", read_until(rb"ENDED") is not None)
os.waitpid(pid, 0)
sys.exit(1 if failures else 0)
