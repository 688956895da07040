"""Prints scripts/bench-flow's table (Markdown): for each flow and layout (React Flow files WORK/FLOW/LAYOUT.json),
edge crossings, total edge length, the area of the drawing, overlapping boxes, children outside their parent's
frame, and the layout's wall time. Edges are measured as straight segments between box centres, every edge of the
flow but self loops, the same for every layout; the area is that of the bounding box of every box.
Usage: python3 measure.py WORK TIMES.csv LAYOUT ... -- FLOW ...   (TIMES.csv: rows graph,layout,seconds)"""
import csv
import json
import sys

args = sys.argv[1:]
work, times_file = args[0], args[1]
split = args.index("--")
layouts, flows = args[2:split], args[split + 1:]
seconds = {(row["graph"], row["layout"]): float(row["seconds"]) for row in csv.DictReader(open(times_file))}


def boxes(flow):
    """Each node's absolute box (x, y, width, height) and its parent's id."""
    nodes = {n["id"]: n for n in flow["nodes"]}
    parent = {i: n.get("parentId", n.get("parentNode")) for i, n in nodes.items()}
    result = {}

    def corner(i):
        p = nodes[i]["position"]
        x, y = p["x"], p["y"]
        if parent[i] is not None:
            px, py = corner(parent[i])
            x, y = x + px, y + py
        return x, y

    for i, n in nodes.items():
        x, y = corner(i)
        result[i] = (x, y, n.get("width") or 0, n.get("height") or 0)
    return result, parent


def ancestors(i, parent):
    found = set()
    while parent.get(i) is not None:
        i = parent[i]
        found.add(i)
    return found


def crosses(a, b, c, d):
    """Whether segments ab and cd share a point."""
    def turn(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 1e-9) - (v < -1e-9)

    def within(p, q, r):
        return min(p[0], q[0]) - 1e-9 <= r[0] <= max(p[0], q[0]) + 1e-9 and min(p[1], q[1]) - 1e-9 <= r[1] <= max(p[1], q[1]) + 1e-9

    t1, t2, t3, t4 = turn(a, b, c), turn(a, b, d), turn(c, d, a), turn(c, d, b)
    if t1 != t2 and t3 != t4:
        return True
    return (t1 == 0 and within(a, b, c)) or (t2 == 0 and within(a, b, d)) or (t3 == 0 and within(c, d, a)) or (t4 == 0 and within(c, d, b))


def measure(flow):
    box, parent = boxes(flow)
    centre = {i: (x + w / 2, y + h / 2) for i, (x, y, w, h) in box.items()}
    edges = [(e["source"], e["target"]) for e in flow["edges"] if e["source"] != e["target"]]
    crossings = sum(1 for i, (s, t) in enumerate(edges) for (u, v) in edges[i + 1:]
                    if len({s, t, u, v}) == 4 and crosses(centre[s], centre[t], centre[u], centre[v]))
    length = sum(((centre[s][0] - centre[t][0]) ** 2 + (centre[s][1] - centre[t][1]) ** 2) ** 0.5 for s, t in edges)
    ids = list(box)
    overlaps = 0
    for k, a in enumerate(ids):
        for b in ids[k + 1:]:
            if a in ancestors(b, parent) or b in ancestors(a, parent):
                continue
            (ax, ay, aw, ah), (bx, by, bw, bh) = box[a], box[b]
            if min(ax + aw, bx + bw) - max(ax, bx) > 0.5 and min(ay + ah, by + bh) - max(ay, by) > 0.5:
                overlaps += 1
    strays = 0
    for i, p in parent.items():
        if p is None:
            continue
        (x, y, w, h), (px, py, pw, ph) = box[i], box[p]
        if x < px - 0.5 or y < py - 0.5 or x + w > px + pw + 0.5 or y + h > py + ph + 0.5:
            strays += 1
    left = min(x for x, _, _, _ in box.values())
    top = min(y for _, y, _, _ in box.values())
    right = max(x + w for x, _, w, _ in box.values())
    bottom = max(y + h for _, y, _, h in box.values())
    return crossings, length, (right - left) * (bottom - top), overlaps, strays


print("| flow | nodes / edges | layout | crossings | edge length | area (10³ px²) | overlaps | outside frame | ms |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for name in flows:
    for layout in layouts:
        flow = json.load(open(f"{work}/{name}/{layout}.json"))
        crossings, length, area, overlaps, strays = measure(flow)
        size = f"{len(flow['nodes'])} / {len(flow['edges'])}"
        print(f"| {name} | {size} | {layout} | {crossings} | {length:.0f} | {area / 1000:.0f} | {overlaps} | {strays} "
              f"| {seconds[(name, layout)] * 1000:.1f} |")
