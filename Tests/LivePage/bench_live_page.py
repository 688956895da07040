"""scripts/bench-live's measurement: forcelab serves a graph of NODES nodes and about 2 NODES edges live; headless
Chromium loads the page with each renderer in turn (pixels, canvas, pixels, ...) and the page's forcelabLive.bench
draws every animation frame for SECONDS seconds. Prints frames a second, script milliseconds a frame (mean and 95th
percentile) and Chromium's processor milliseconds a frame (all its processes, from /proc), then medians.
With PAUSED (a seventh argument "paused"), the page pauses the simulation first, so that forcelab's ticks do not
take the processor the page draws with (2 cores), and the page draws the same positions each frame.
Usage: python bench_live_page.py FORCELAB CHROMIUM CHROMEDRIVER RUNS SECONDS NODES [paused]"""
import os
import re
import statistics
import subprocess
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

forcelab, chromium, chromedriver = sys.argv[1:4]
runs, seconds, nodes = int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
paused = len(sys.argv) > 7 and sys.argv[7] == "paused"

SESSION = f"""
local g = fl.graph.generate("barabasiAlbert", {{n = {nodes}, m = 2}})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{{}})
sim:force("charge", fl.force.manyBody{{}})
sim:force("center", fl.force.center{{}})
sim:run{{maxTicks = 300}}
sim:alpha(0.3):alphaDecay(0)
fl.live(sim, {{wait = true}})
"""


def processor_seconds(root):
    """User and system time of `root` and all its descendants."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append((int(entry), int(fields[11]) + int(fields[12])))
    total, todo = 0, [root]
    while todo:
        for pid, ticks in children.get(todo.pop(), []):
            total += ticks
            todo.append(pid)
    return total / os.sysconf("SC_CLK_TCK")


server = subprocess.Popen([forcelab, "-"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
server.stdin.write(SESSION)
server.stdin.close()
url = None
for line in server.stderr:
    found = re.search(r"http://\S+/\?token=\S+", line)
    if found:
        url = found.group(0)
        break
if url is None:
    sys.exit("bench-live: forcelab printed no URL (exit status %s)" % server.wait())
threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()

options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"]:
    options.add_argument(argument)
options.binary_location = chromium
service = Service(chromedriver)
driver = webdriver.Chrome(service=service, options=options)
results = {"pixels": [], "canvas": []}
try:
    for run in range(runs):
        for renderer in ["pixels", "canvas"]:
            driver.get("about:blank")
            driver.get(url + "&renderer=" + renderer)
            deadline = time.monotonic() + 60
            while not driver.execute_script("return !!window.forcelabLive && forcelabLive.worldPosition(0) !== null"):
                if time.monotonic() > deadline:
                    sys.exit("bench-live: the page showed no positions")
                # A page that connects while the simulation is paused gets its positions once it goes on.
                if driver.execute_script("return !!window.forcelabLive && !!forcelabLive.state().simulation.paused"):
                    driver.find_element("id", "pause").click()
                time.sleep(0.2)
            while paused and not driver.execute_script("return !!forcelabLive.state().simulation.paused"):
                driver.find_element("id", "pause").click()
                time.sleep(0.5)
            time.sleep(1)
            before = processor_seconds(service.process.pid)
            figures = driver.execute_async_script(
                "var done = arguments[arguments.length - 1]; forcelabLive.bench(arguments[0]).then(done);", seconds * 1000)
            spent = processor_seconds(service.process.pid) - before
            frames = figures["fps"] * seconds
            figures["cpuMs"] = 1000 * spent / max(frames, 1)
            results[renderer].append(figures)
            print(f"run {run + 1} {renderer:6}  {figures['nodes']} nodes {figures['edges']} edges  "
                  f"{figures['fps']:5.1f} fps  script {figures['drawMs']:5.1f} ms (p95 {figures['drawMsP95']:5.1f})  "
                  f"Chromium {figures['cpuMs']:5.1f} ms processor a frame  ({figures['framesReceived']} frames from forcelab)",
                  flush=True)
finally:
    driver.quit()
    server.kill()
print("median fps: pixels %.1f, canvas %.1f (ratio %.2f); Chromium processor ms a frame: pixels %.1f, canvas %.1f"
      % tuple([statistics.median(r["fps"] for r in results["pixels"]), statistics.median(r["fps"] for r in results["canvas"]),
               statistics.median(r["fps"] for r in results["pixels"]) / max(statistics.median(r["fps"] for r in results["canvas"]), 1e-9),
               statistics.median(r["cpuMs"] for r in results["pixels"]), statistics.median(r["cpuMs"] for r in results["canvas"])]))
print("simulation " + ("paused" if paused else "ticking") + "; load average while measuring: " + open("/proc/loadavg").read().split()[0])
