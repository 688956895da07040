"""Round trips of graphs between networkx and forcelab, in every format both read and write.

Usage: python roundtrip.py FORCELAB WORKDIR [--table]

From networkx: each graph is written by networkx in each format; networkx's reading of its own file is the
reference. forcelab loads the file and saves it in the same format; networkx's reading of forcelab's file must
equal the reference. From forcelab: forcelab builds its own graphs (with integer, float, boolean and text data) and
saves them in each format; networkx's reading of forcelab's file must equal networkx's reading of the file networkx
itself writes for forcelab's graph (as forcelab describes it).

Each comparison is made at three levels: structure (directedness, multigraph, node ids and edges as text),
values (data values with 38 equal to 38.0) and types (node ids and data values with their Python types). Prints a
table (format x structure / values / types) and one line per difference; exits 1 when anything differs.
"""
import io
import json
import math
import os
import subprocess
import sys
import warnings

import networkx as nx
import pandas as pd

warnings.simplefilter("ignore")


# ---------------------------------------------------------------- graphs written by networkx

def typed_graph(kind):
    """A graph of the given class with integer, float, boolean and text data on nodes and edges."""
    g = kind()
    g.add_node("a", count=38, ratio=2.0, small=0.1, big=1e20, flag=True, name="Ann Smith", neg=-7)
    g.add_node("b", count=0, ratio=-0.5, small=3.25, big=-1e-7, flag=False, name="", neg=12)
    g.add_node("c", count=1, ratio=1.5, small=1.0, big=2.5, flag=True, name="c with \"quotes\" and \\", neg=0)
    g.add_edge("a", "b", weight=3, cost=2.0, ok=True, label="ab")
    g.add_edge("b", "c", weight=-1, cost=0.25, ok=False, label="b c")
    g.add_edge("c", "a", weight=7, cost=1e-3, ok=True, label="ca")
    return g


def multigraph(kind):
    """A multigraph of the given class: parallel edges with their own data, a self-loop, an isolated node."""
    g = kind()
    g.add_node(4)
    for i, (u, v) in enumerate([(0, 1), (0, 1), (1, 0), (1, 2), (2, 3), (2, 3), (2, 3), (3, 3)]):
        g.add_edge(u, v, weight=i, share=i / 2 + 0.5, heavy=i % 2 == 0, colour=["red", "green"][i % 2],
                   mixed=i if i % 2 == 0 else i + 0.5)
    return g


def directed_graph():
    """A directed graph with both directions of some edges."""
    g = nx.gn_graph(12, seed=3)
    for u, v in list(g.edges())[:4]:
        g.add_edge(v, u)
    for i, (u, v) in enumerate(g.edges()):
        g.edges[u, v]["weight"] = float(i) * 0.75
    for n in g:
        g.nodes[n]["rank"] = n * 10
    return g


def networkx_graphs():
    return {
        "karate": nx.karate_club_graph(),
        "davis": nx.davis_southern_women_graph(),
        "miserables": nx.les_miserables_graph(),
        "florentine": nx.florentine_families_graph(),
        "directed": directed_graph(),
        "typed": typed_graph(nx.Graph),
        "typed-directed": typed_graph(nx.DiGraph),
        "multigraph": multigraph(nx.MultiGraph),
        "multidigraph": multigraph(nx.MultiDiGraph),
    }


# ---------------------------------------------------------------- formats as networkx reads and writes them

def graph_class(directed, multi):
    return {(False, False): nx.Graph, (True, False): nx.DiGraph,
            (False, True): nx.MultiGraph, (True, True): nx.MultiDiGraph}[(directed, multi)]


def write_json(g, path, spelling):
    with open(path, "w") as f:
        json.dump(nx.node_link_data(g, edges=spelling), f)


def read_json(path, like, spelling):
    with open(path) as f:
        data = json.load(f)
    return nx.node_link_graph(data, edges=spelling)


def write_csv(g, path, sep):
    nx.to_pandas_edgelist(g).to_csv(path, sep=sep, index=False)


def read_csv(path, like, sep):
    frame = pd.read_csv(path, sep=sep)
    return nx.from_pandas_edgelist(frame, edge_attr=True if len(frame.columns) > 2 else None,
                                   create_using=graph_class(like.is_directed(), like.is_multigraph()))


def read_edgelist(path, like):
    return nx.read_edgelist(path, create_using=graph_class(like.is_directed(), like.is_multigraph()))


def unquote(text):
    """A DOT string as Graphviz reads it (pydot keeps the quotes of quoted ones): `\\"` is a quote, a backslash
    before a line break joins the lines, every other backslash is kept."""
    if isinstance(text, str) and len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\n", "")
    return text


def read_dot(path, like):
    g = nx.nx_pydot.read_dot(path)
    plain = g.__class__()
    plain.add_nodes_from((unquote(n), {unquote(k): unquote(v) for k, v in d.items()}) for n, d in g.nodes(data=True))
    plain.add_edges_from((unquote(u), unquote(v), {unquote(k): unquote(x) for k, x in d.items()}) for u, v, d in g.edges(data=True))
    return plain


# name: (extension, write(g, path), read(path, like)); `like` is the graph written, for formats that do not say
# whether a graph is directed or a multigraph.
FORMATS = {
    "json (links)": ("json", lambda g, p: write_json(g, p, "links"), lambda p, like: read_json(p, like, "links")),
    "json (edges)": ("json", lambda g, p: write_json(g, p, "edges"), lambda p, like: read_json(p, like, "edges")),
    "graphml": ("graphml", nx.write_graphml, lambda p, like: nx.read_graphml(p)),
    "gexf": ("gexf", nx.write_gexf, lambda p, like: nx.read_gexf(p)),
    "edgelist": ("edgelist", lambda g, p: nx.write_edgelist(g, p, data=True), read_edgelist),
    "csv (pandas)": ("csv", lambda g, p: write_csv(g, p, ","), lambda p, like: read_csv(p, like, ",")),
    "tsv (pandas)": ("tsv", lambda g, p: write_csv(g, p, "\t"), lambda p, like: read_csv(p, like, "\t")),
    "dot (pydot)": ("dot", nx.nx_pydot.write_dot, read_dot),
}


# ---------------------------------------------------------------- comparing

def plain(value):
    """A numpy scalar as its Python value."""
    return value.item() if hasattr(value, "item") and not isinstance(value, (list, dict, str)) else value


def typed(value):
    value = plain(value)
    return (type(value).__name__, repr(value))


def loose(value):
    value = plain(value)
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, (int, float)):
        return "nan" if value != value else repr(float(value))
    return repr(value)


def edge_rows(g, convert):
    rows = []
    for u, v, data in g.edges(data=True):
        if not g.is_directed() and str(u) > str(v):
            u, v = v, u
        rows.append((convert(u), convert(v), sorted((k, convert(x)) for k, x in data.items())))
    return sorted(rows, key=repr)


def node_rows(g, convert):
    return sorted(((convert(n), sorted((k, convert(x)) for k, x in d.items())) for n, d in g.nodes(data=True)), key=repr)


def describe(reference, other, convert, with_data):
    """The first difference between two graphs, or None."""
    if reference.is_directed() != other.is_directed():
        return f"directed {reference.is_directed()} / {other.is_directed()}"
    if reference.is_multigraph() != other.is_multigraph():
        return f"multigraph {reference.is_multigraph()} / {other.is_multigraph()}"
    strip = (lambda rows: rows) if with_data else (lambda rows: [row[:-1] for row in rows])
    for name, rows in (("nodes", node_rows), ("edges", edge_rows)):
        a, b = strip(rows(reference, convert)), strip(rows(other, convert))
        if a != b:
            if len(a) != len(b):
                return f"{len(a)} {name} / {len(b)}"
            first = next(i for i in range(len(a)) if a[i] != b[i])
            return f"{name}: {a[first]} / {b[first]}"
    return None


def compare(reference, other):
    """(structure, values, types): each None when equal, else the first difference."""
    return (describe(reference, other, lambda x: str(plain(x)), False),
            describe(reference, other, loose, True),
            describe(reference, other, typed, True))


# ---------------------------------------------------------------- forcelab

def forcelab(binary, script, *args):
    run = subprocess.run([binary, "-", *args], input=script, capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout, run.stderr


RESAVE = """
local fl = require "forcelab"
local source, target = ...
local g = fl.graph.load(source)
g:save(target)
"""

# forcelab's own graphs, built in Lua and saved in each format; own_graphs() builds the same graphs in networkx.
# Their edges have the ids forcelab gives edges read from files that name none (e0, e1, ...), which no format writes.
OWN = r"""
local fl = require "forcelab"
local folder, extensions = ...
local graphs = {}

local typed = fl.graph.new()
typed:addNode{id = "a", data = {count = 38, ratio = 2.0, small = 0.1, big = 1e20, flag = true, name = "Ann Smith"}}
typed:addNode{id = "b", data = {count = -3, ratio = 0.5, small = 2.5e-7, big = -1.0, flag = false, name = "b\\c"}}
typed:addNode{id = "c d", data = {count = 0, ratio = -1.0, small = 3.25, big = 7.0, flag = true, name = "with \"quotes\""}}
typed:addEdge{id = "e0", source = "a", target = "b", data = {weight = 3, cost = 1.0, ok = true, tag = "ab"}}
typed:addEdge{id = "e1", source = "b", target = "c d", data = {weight = 4, cost = 0.5, ok = false, tag = "b c"}}
graphs.typed = typed

local multi = fl.graph.new{directed = false}
for i = 0, 3 do multi:addNode{id = tostring(i), data = {n = i}} end
for i, pair in ipairs{{"0", "1"}, {"0", "1"}, {"1", "0"}, {"1", "2"}, {"2", "3"}, {"2", "3"}} do
  multi:addEdge{id = "e" .. (i - 1), source = pair[1], target = pair[2], data = {weight = i, share = i / 2}}
end
graphs.multigraph = multi

local dmulti = fl.graph.new()
for i = 0, 2 do dmulti:addNode{id = "n" .. i} end
for i, pair in ipairs{{"n0", "n1"}, {"n0", "n1"}, {"n1", "n0"}, {"n1", "n2"}} do
  dmulti:addEdge{id = "e" .. (i - 1), source = pair[1], target = pair[2], data = {weight = i * 1.5}}
end
graphs.multidigraph = dmulti

for name, g in pairs(graphs) do
  for extension in extensions:gmatch("%S+") do
    local ok, problem = pcall(g.save, g, folder .. "/" .. name .. "." .. extension)
    if not ok then io.stderr:write(name .. "." .. extension .. ": " .. tostring(problem) .. "\n") end
  end
end
"""


def own_graphs():
    """The graphs OWN builds, as networkx graphs."""
    typed = nx.DiGraph()
    typed.add_node("a", count=38, ratio=2.0, small=0.1, big=1e20, flag=True, name="Ann Smith")
    typed.add_node("b", count=-3, ratio=0.5, small=2.5e-7, big=-1.0, flag=False, name="b\\c")
    typed.add_node("c d", count=0, ratio=-1.0, small=3.25, big=7.0, flag=True, name='with "quotes"')
    typed.add_edge("a", "b", weight=3, cost=1.0, ok=True, tag="ab")
    typed.add_edge("b", "c d", weight=4, cost=0.5, ok=False, tag="b c")
    multi = nx.MultiGraph()
    for i in range(4):
        multi.add_node(str(i), n=i)
    for i, (u, v) in enumerate([("0", "1"), ("0", "1"), ("1", "0"), ("1", "2"), ("2", "3"), ("2", "3")], 1):
        multi.add_edge(u, v, weight=i, share=i / 2)
    dmulti = nx.MultiDiGraph()
    for i in range(3):
        dmulti.add_node(f"n{i}")
    for i, (u, v) in enumerate([("n0", "n1"), ("n0", "n1"), ("n1", "n0"), ("n1", "n2")], 1):
        dmulti.add_edge(u, v, weight=i * 1.5)
    return {"typed": typed, "multigraph": multi, "multidigraph": dmulti}


# ---------------------------------------------------------------- running

def main():
    binary, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    results = {name: [0, 0, 0, 0] for name in FORMATS}  # structure, values, types, cases
    problems = []

    def record(fmt, case, reference, read, path, like):
        """Compares networkx's reading of forcelab's file `path` with `reference`."""
        results[fmt][3] += 1
        try:
            reread = read(path, like)
        except Exception as error:
            problems.append(f"{fmt} {case}: networkx cannot read forcelab's file: {type(error).__name__}: {error}")
            return
        for level, difference in enumerate(compare(reference, reread)):
            if difference is None:
                results[fmt][level] += 1
            else:
                problems.append(f"{fmt} {case}: {['structure', 'values', 'types'][level]}: {difference}")

    # From networkx.
    for gname, g in networkx_graphs().items():
        for fmt, (extension, write, read) in FORMATS.items():
            original = os.path.join(work, f"nx-{gname}.{extension}")
            copy = os.path.join(work, f"fl-{gname}.{extension}")
            try:
                write(g, original)
                reference = read(original, g)
            except Exception:  # networkx cannot carry this graph in this format (davis's spaced ids in an edge list)
                continue
            status, _, err = forcelab(binary, RESAVE, original, copy)
            if status != 0:
                results[fmt][3] += 1
                problems.append(f"{fmt} {gname} (networkx's file): forcelab: {err.strip().splitlines()[0] if err.strip() else status}")
                continue
            record(fmt, f"{gname} (networkx's file)", reference, read, copy, g)

    # From forcelab.
    own = os.path.join(work, "own")
    os.makedirs(own, exist_ok=True)
    extensions = " ".join(sorted({extension for extension, _, _ in FORMATS.values()}))
    status, _, err = forcelab(binary, OWN, own, extensions)
    if status != 0:
        problems.append(f"forcelab's graphs: {err.strip()}")
    refusals = err.strip().splitlines() if status == 0 else []
    for gname, expected in own_graphs().items():
        for fmt, (extension, write, read) in FORMATS.items():
            path = os.path.join(own, f"{gname}.{extension}")
            if fmt == "json (edges)" or not os.path.exists(path):  # forcelab writes its own graphs with links
                continue
            mirror = os.path.join(own, f"nx-{gname}.{extension}")
            try:
                write(expected, mirror)
                reference = read(mirror, expected)
            except Exception:
                continue
            if extension == "gexf":
                # networkx's GEXF writer gives a node without a label its id as one and numbers edges without an id;
                # its reader keeps both. forcelab writes neither (networkx reads label None).
                for _, data in reference.nodes(data=True):
                    data["label"] = None
                for *_, data in reference.edges(data=True):
                    data.pop("id", None)
            record(fmt, f"{gname} (forcelab's graph)", reference, read, path, expected)

    print(f"{'format':<14} {'cases':>5} {'structure':>10} {'values':>7} {'types':>6}")
    for fmt, (structure, values, types, cases) in results.items():
        print(f"{fmt:<14} {cases:>5} {structure:>10} {values:>7} {types:>6}")
    for problem in problems:
        print("DIFFERS " + problem)
    for refusal in refusals:
        print("refused (the format cannot hold it, and the save says so) " + refusal)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
