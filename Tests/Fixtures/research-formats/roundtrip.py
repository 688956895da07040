"""Round trips of the research formats, and of gzip-compressed files, between networkx (and scipy for Matrix
Market) and forcelab.

    python roundtrip.py write DIR     networkx writes its graphs into DIR; prints the Lua program that makes
                                      forcelab load each file and save it as DIR/forcelab-NAME, and save its own
                                      graphs as DIR/own-NAME
    python roundtrip.py compare DIR   networkx reads forcelab's files back; prints one line per file
                                      (`direction file structure= values= types=`) and exits 1 when structure
                                      or values differ

Structure is the kind of graph (directed, multigraph), the nodes and the edges (as multisets of (u, v, data) so
multigraph keys networkx makes up do not count); values are the attributes compared with ==; types are each
attribute's Python type (a real written as 2.0 and read back as the integer 2 differs in type only).
"""
import gzip
import io
import json
import sys
from pathlib import Path

import networkx as nx
import scipy.io

# The graphs forcelab makes itself: nodes (id, data, position or None) and edges (source, target, data).
OWN = {
    "people": {
        "directed": True,
        "nodes": [
            ["ann", {"name": "Zoë \"Z\" & co", "age": 38, "score": 0.25}, [1.5, -2.0]],
            ["bob", {"name": "Bob", "age": 41, "score": 1.5}, [0.0, 3.0]],
            ["cy", {"name": "Cy", "age": 7, "score": -0.5}, [2.0, 2.0]],
        ],
        "edges": [["ann", "bob", {"weight": 2.5}], ["ann", "bob", {"weight": 1}], ["bob", "cy", {"weight": 4}]],
    },
    "ring": {
        "directed": False,
        "nodes": [[str(i), {}, None] for i in range(1, 7)],
        "edges": [[str(i), str(i % 6 + 1), {"weight": i}] for i in range(1, 7)] + [["4", "1", {"weight": 9}]],
    },
}

# Which of forcelab's own graphs each format saves: (file name, graph, g:save's options in Lua).
OWN_FILES = [
    ("own-people.gml", "people", "nil"),
    ("own-people.gml.gz", "people", "nil"),
    ("own-people.net", "people", "nil"),
    ("own-people.multiline-adjlist", "people", "{format = 'multiline_adjlist', lossy = true}"),
    ("own-ring.adjlist", "ring", "{lossy = true}"),
    ("own-ring.txt", "ring", "{format = 'snap'}"),
    ("own-ring.mtx", "ring", "{lossy = true}"),
]


def networkx_graphs():
    """The graphs networkx writes, by name."""
    karate = nx.karate_club_graph()
    florentine = nx.florentine_families_graph()
    miserables = nx.les_miserables_graph()
    multi = nx.MultiDiGraph()
    multi.add_node("a", name="Zoë \"Z\" & co", tags=["x", "y"], style={"fill": "#ff0000", "width": 2})
    multi.add_node("b", single=["only"], ratio=0.125, big=10**12)
    multi.add_node("c")
    multi.add_edge("a", "b", weight=2.5, kind="friend")
    multi.add_edge("a", "b", weight=1.0)
    multi.add_edge("b", "c", note="line & \"quote\"")
    multi.add_edge("c", "c")
    directed = nx.gnp_random_graph(30, 0.1, seed=3, directed=True)
    for u, v, data in directed.edges(data=True):
        data["weight"] = (u * 7 + v) % 5 + 1
    placed = nx.DiGraph()
    for index, name in enumerate(["Ljubljana", "Maribor", "Koper", "Kranj"]):
        placed.add_node(name, x=0.1 * index, y=1.0 - 0.2 * index, colour="red" if index % 2 else "blue")
    placed.add_edges_from([("Ljubljana", "Maribor", {"weight": 3.5}), ("Maribor", "Koper", {"weight": 1.0}),
                           ("Koper", "Kranj", {"weight": 2.0, "road": "A1"})])
    return {"karate": karate, "florentine": florentine, "miserables": miserables, "multi": multi,
            "directed": directed, "placed": placed}


def snap_write(graph, path):
    """A SNAP edge list as snap.stanford.edu's files are laid out, written with networkx's write_edgelist."""
    kind = "Directed" if graph.is_directed() else "Undirected"
    with open(path, "wb") as file:
        file.write(f"# {kind} graph (each unordered pair of nodes is saved once): {Path(path).name}\n".encode())
        file.write(f"# Nodes: {graph.number_of_nodes()} Edges: {graph.number_of_edges()}\n".encode())
        file.write(b"# FromNodeId\tToNodeId\n")
        nx.write_edgelist(graph, file, delimiter="\t", data=False)


def json_write(graph, path):
    """networkx's node-link data, gzip-compressed."""
    Path(path).write_bytes(gzip.compress(json.dumps(nx.node_link_data(graph, edges="links")).encode(), mtime=0))


def json_read(path):
    """A graph from gzip-compressed node-link data."""
    return nx.node_link_graph(json.loads(gzip.decompress(Path(path).read_bytes())), edges="links")


def mm_write(graph, path):
    """The adjacency matrix in Matrix Market, nodes numbered 1 to n in order, by scipy's mmwrite (gzip-compressed
    afterwards for a .gz path)."""
    matrix = nx.to_scipy_sparse_array(graph, nodelist=sorted(graph), weight="weight")
    buffer = io.BytesIO()
    scipy.io.mmwrite(buffer, matrix)
    Path(path).write_bytes(gzip.compress(buffer.getvalue(), mtime=0) if path.endswith(".gz") else buffer.getvalue())


def mm_read(path):
    """scipy's reading of a Matrix Market file (gzip-compressed for a .gz path): the dense matrix, its symmetry and
    its field."""
    data = Path(path).read_bytes()
    if path.endswith(".gz"):
        data = gzip.decompress(data)
    info = scipy.io.mminfo(io.BytesIO(data))
    return scipy.io.mmread(io.BytesIO(data)).toarray(), info[5], info[4]


# Each case: (file name, forcelab's format name or None for the extension, how networkx writes, how it reads).
def cases():
    graphs = networkx_graphs()
    by_int = lambda g: nx.convert_node_labels_to_integers(g, first_label=1)
    return [
        ("karate.gml", None, lambda p: nx.write_gml(graphs["karate"], p), nx.read_gml),
        ("multi.gml", None, lambda p: nx.write_gml(graphs["multi"], p), nx.read_gml),
        ("directed.gml.gz", None, lambda p: nx.write_gml(graphs["directed"], p), nx.read_gml),
        ("florentine.net", None, lambda p: nx.write_pajek(graphs["florentine"], p), nx.read_pajek),
        ("placed.net", None, lambda p: nx.write_pajek(graphs["placed"], p), nx.read_pajek),
        ("karate.net.gz", None, lambda p: nx.write_pajek(graphs["karate"], p), nx.read_pajek),
        ("florentine.adjlist", None, lambda p: nx.write_adjlist(graphs["florentine"], p), nx.read_adjlist),
        ("directed.adjlist", None, lambda p: nx.write_adjlist(graphs["directed"], p),
         lambda p: nx.read_adjlist(p, create_using=nx.DiGraph)),
        ("miserables.multiline-adjlist", "multiline_adjlist",
         lambda p: nx.write_multiline_adjlist(graphs["miserables"], p), nx.read_multiline_adjlist),
        ("multi.multiline-adjlist.gz", "multiline_adjlist",
         lambda p: nx.write_multiline_adjlist(graphs["multi"], p),
         lambda p: nx.read_multiline_adjlist(p, create_using=nx.MultiDiGraph)),
        ("karate.edgelist.gz", None, lambda p: nx.write_edgelist(graphs["karate"], p), nx.read_edgelist),
        ("directed.txt", "snap", lambda p: snap_write(graphs["directed"], p),
         lambda p: nx.read_edgelist(p, delimiter="\t", nodetype=int, create_using=nx.DiGraph)),
        ("karate.txt", "snap", lambda p: snap_write(graphs["karate"], p),
         lambda p: nx.read_edgelist(p, delimiter="\t", nodetype=int)),
        ("karate.mtx", None, lambda p: mm_write(graphs["karate"], p), mm_read),
        ("directed.mtx", None, lambda p: mm_write(by_int(graphs["directed"]), p), mm_read),
        ("florentine.mtx.gz", None, lambda p: mm_write(nx.Graph(graphs["florentine"]), p), mm_read),
        ("karate.graphml.gz", None, lambda p: nx.write_graphml(graphs["karate"], p), nx.read_graphml),
        ("directed.gexf.gz", None, lambda p: nx.write_gexf(graphs["directed"], p), nx.read_gexf),
        ("multi.json.gz", None, lambda p: json_write(graphs["multi"], p), json_read),
    ]


def lua_string(text):
    return json.dumps(text, ensure_ascii=False)


def lua_value(value):
    if isinstance(value, dict):
        return "{" + ", ".join(f"[{lua_string(k)}] = {lua_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return lua_string(value)
    return repr(value)


def write(folder):
    """networkx writes its files; prints the Lua program forcelab runs."""
    lines = [f"local folder = {lua_string(folder)}"]
    for name, format, writer, _ in cases():
        writer(str(Path(folder) / name))
        options = f"{{format = {lua_string(format)}}}" if format else "nil"
        lines.append(f"fl.graph.load(folder .. '/{name}', {options}):save(folder .. '/forcelab-{name}', {options})")
    for graph_name, graph in OWN.items():
        lines.append(f"local {graph_name} = fl.graph.new{{directed = {str(graph['directed']).lower()}}}")
        for node_id, data, position in graph["nodes"]:
            place = f", x = {position[0]!r}, y = {position[1]!r}" if position else ""
            lines.append(f"{graph_name}:addNode{{id = {lua_string(node_id)}, data = {lua_value(data)}{place}}}")
        for index, (source, target, data) in enumerate(graph["edges"]):
            lines.append(f"{graph_name}:addEdge{{id = 'e{index}', source = {lua_string(source)}, "
                         f"target = {lua_string(target)}, data = {lua_value(data)}}}")
    for name, graph_name, options in OWN_FILES:
        lines.append(f"{graph_name}:save(folder .. '/{name}', {options})")
    print("\n".join(lines))


def edge_multiset(graph):
    """The edges as sorted (u, v, data) texts, undirected ends in sorted order."""
    result = []
    for u, v, data in graph.edges(data=True):
        if not graph.is_directed():
            u, v = sorted([u, v], key=str)
        result.append((str(u), str(v), data))
    return sorted(result, key=lambda item: (item[0], item[1], json.dumps(item[2], sort_keys=True, default=str)))


def typed(value):
    """A value with the Python type of each part, for comparing types."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def compare_graphs(expected, actual):
    """(structure, values, types) equal, and a note on the first difference."""
    if (expected.is_directed(), expected.is_multigraph()) != (actual.is_directed(), actual.is_multigraph()):
        return False, False, False, f"kind {type(expected).__name__} became {type(actual).__name__}"
    if set(expected) != set(actual):
        return False, False, False, f"nodes {sorted(set(expected) ^ set(actual), key=str)[:5]} differ"
    ends = lambda edges: [(u, v) for u, v, _ in edges]
    expected_edges, actual_edges = edge_multiset(expected), edge_multiset(actual)
    if sorted(ends(expected_edges)) != sorted(ends(actual_edges)):
        return False, False, False, f"edges differ ({len(expected_edges)} and {len(actual_edges)})"
    expected_nodes = {node: expected.nodes[node] for node in expected}
    actual_nodes = {node: actual.nodes[node] for node in actual}
    if expected_nodes != actual_nodes or expected_edges != actual_edges:
        node = next((n for n in expected if expected.nodes[n] != actual.nodes[n]), None)
        note = f"node {node}: {expected.nodes[node]} became {actual.nodes[node]}" if node is not None else \
            next(f"edge {a[:2]}: {a[2]} became {b[2]}" for a, b in zip(expected_edges, actual_edges) if a != b)
        return True, False, False, note
    same_types = typed(expected_nodes) == typed(actual_nodes) and \
        [typed(e[2]) for e in expected_edges] == [typed(e[2]) for e in actual_edges]
    return True, True, same_types, "" if same_types else "a value's type changed (such as a real 2.0 read as 2)"


def compare(folder):
    """networkx reads back what forcelab wrote; one line per file; exit status 1 on a difference."""
    failed = False
    for name, format, _, reader in cases():
        original, returned = str(Path(folder) / name), str(Path(folder) / f"forcelab-{name}")
        if reader is mm_read:
            (a, sym_a, field_a), (b, sym_b, field_b) = mm_read(original), mm_read(returned)
            structure = a.shape == b.shape and sym_a == sym_b and ((a != 0) == (b != 0)).all()
            values = structure and (a == b).all()
            types, note = field_a == field_b, "" if field_a == field_b else f"field {field_a} became {field_b}"
            if not structure:
                note = f"{sym_a} {a.shape} became {sym_b} {b.shape}"
        else:
            structure, values, types, note = compare_graphs(reader(original), reader(returned))
        failed = failed or not (structure and values)
        print(f"networkx->forcelab->networkx {name} structure={structure} values={values} types={types} {note}")
    for name, graph_name, _ in OWN_FILES:
        structure, values, types, note = compare_own(folder, name, graph_name)
        failed = failed or not (structure and values)
        print(f"forcelab->networkx {name} structure={structure} values={values} types={types} {note}")
    sys.exit(1 if failed else 0)


def compare_own(folder, name, graph_name):
    """networkx's reading of one of forcelab's own graphs against what networkx makes of the same graph."""
    spec, path = OWN[graph_name], str(Path(folder) / name)
    directed, multi = spec["directed"], name.startswith("own-people")
    kind = {(True, True): nx.MultiDiGraph, (True, False): nx.DiGraph, (False, True): nx.MultiGraph,
            (False, False): nx.Graph}
    if name.endswith(".mtx"):
        matrix, symmetry, _ = mm_read(path)
        expected = nx.to_numpy_array(build(spec, nx.Graph, "mtx"), nodelist=[n[0] for n in spec["nodes"]])
        same = symmetry == ("general" if directed else "symmetric") and (matrix == expected).all()
        return same, same, True, ""
    if ".gml" in name:
        return compare_graphs(build(spec, kind[(directed, multi)], "gml"), nx.read_gml(path))
    if name.endswith(".net"):
        actual = nx.read_pajek(path)
        return compare_graphs(build(spec, kind[(directed, True)], "pajek"), actual)
    if name.endswith(".multiline-adjlist"):
        actual = nx.read_multiline_adjlist(path, create_using=kind[(directed, multi)])
        return compare_graphs(build(spec, kind[(directed, multi)], "adjlist"), actual)
    if name.endswith(".adjlist"):
        actual = nx.read_adjlist(path, create_using=kind[(directed, False)])
        return compare_graphs(build(spec, kind[(directed, False)], "bare"), actual)
    actual = nx.read_edgelist(path, delimiter="\t", nodetype=str, create_using=kind[(directed, False)],
                              data=(("weight", int),))
    return compare_graphs(build(spec, kind[(directed, False)], "columns"), actual)


def build(spec, kind, form):
    """The networkx graph a format's reader should make of one of forcelab's own graphs."""
    graph = kind()
    for number, (node_id, data, position) in enumerate(spec["nodes"], start=1):
        attributes = dict(data) if form in ("gml", "pajek") else {}
        if form == "gml" and position:
            attributes["graphics"] = {"x": position[0], "y": position[1]}
        if form == "pajek":
            attributes = {key: str(value) for key, value in attributes.items()}
            attributes["id"] = str(number)
            if position:
                attributes.update(x=position[0], y=position[1], shape="ellipse")
        graph.add_node(node_id, **attributes)
    for source, target, data in spec["edges"]:
        attributes = {} if form == "bare" else dict(data)
        if form == "pajek" and "weight" in attributes:
            attributes["weight"] = float(attributes["weight"])
        graph.add_edge(source, target, **attributes)
    return graph


if __name__ == "__main__":
    {"write": write, "compare": compare}[sys.argv[1]](sys.argv[2])
