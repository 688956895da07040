"""scripts/bench-flow's Graphviz anchor: lays a React Flow file out with `dot` (rankdir LR, each box a fixed-size
box of its width and height, parents as clusters around their children) and writes it back as React Flow JSON: each
node's top-left corner (a child's relative to its parent) and each parent's width and height, its cluster's
bounding box. Edges that touch a parent are left out: dot's clusters are not nodes. Prints the wall time of the
dot process (parsing and writing included) in seconds.
Usage: python3 dot-layout.py IN.json OUT.json"""
import json
import subprocess
import sys
import time

source, target = sys.argv[1], sys.argv[2]
flow = json.load(open(source))
parent = {n["id"]: n.get("parentId", n.get("parentNode")) for n in flow["nodes"]}
parents = {p for p in parent.values() if p is not None}
names = {n["id"]: f"n{i}" for i, n in enumerate(flow["nodes"])}
children = {}
for n in flow["nodes"]:
    children.setdefault(parent[n["id"]], []).append(n)

def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def write(owner, lines):
    """The nodes and clusters whose parent is `owner`."""
    for n in children.get(owner, []):
        if n["id"] in parents:
            lines.append(f"subgraph cluster_{names[n['id']]} {{ margin = 15")
            write(n["id"], lines)
            lines.append("}")
        else:
            lines.append(f"{names[n['id']]} [width = {(n.get('width') or 1) / 72}, height = {(n.get('height') or 1) / 72}]")

lines = ["digraph flow { rankdir = LR; nodesep = 0.4167; ranksep = 0.8333",
         'node [shape = box, fixedsize = true, label = ""]']
write(None, lines)
for e in flow["edges"]:
    if e["source"] not in parents and e["target"] not in parents and e["source"] != e["target"]:
        lines.append(f"{names[e['source']]} -> {names[e['target']]}")
lines.append("}")
start = time.perf_counter()
laid = subprocess.run(["dot", "-Tjson"], input="\n".join(lines), capture_output=True, text=True, check=True)
seconds = time.perf_counter() - start
drawing = json.loads(laid.stdout)
top = float(drawing["bb"].split(",")[3])
box = {}   # id -> (x, y, width, height), absolute, y down
by_name = {v: k for k, v in names.items()}
for obj in drawing.get("objects", []):
    name = obj["name"]
    if name.startswith("cluster_"):
        x1, y1, x2, y2 = map(float, obj["bb"].split(","))
        box[by_name[name[len("cluster_"):]]] = (x1, top - y2, x2 - x1, y2 - y1)
    elif name in by_name:
        x, y = map(float, obj["pos"].split(","))
        w, h = float(obj["width"]) * 72, float(obj["height"]) * 72
        box[by_name[name]] = (x - w / 2, top - y - h / 2, w, h)
for n in flow["nodes"]:
    x, y, w, h = box[n["id"]]
    ox, oy = (box[parent[n["id"]]][:2]) if parent[n["id"]] is not None else (0, 0)
    n["position"] = {"x": x - ox, "y": y - oy}
    n["width"], n["height"] = w, h
json.dump(flow, open(target, "w"))
print(f"{seconds:.6f}")
