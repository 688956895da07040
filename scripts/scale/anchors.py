"""Lays one benchmark graph of scripts/bench-scale out with the PyPI anchors and writes each layout as d3 JSON.

Usage: python anchors.py GRAPH.json OUT_PREFIX METHOD...   (methods: igraph-fr, igraph-drl, fa2, fmmm, sgd2,
graph-tool-sfdp; graph-tool is Debian's python3-graph-tool, so that method runs under Debian's python3)
Prints "METHOD SECONDS" per method: the wall time of the layout call alone (reading and writing excluded).
"""
import json
import sys
import time

import numpy as np


def load(path):
    with open(path) as f:
        data = json.load(f)
    ids = [str(node["id"]) for node in data["nodes"]]
    index = {node_id: i for i, node_id in enumerate(ids)}
    edges = [(index[str(link["source"])], index[str(link["target"])]) for link in data["links"]]
    return data, ids, edges


def igraph_layout(ids, edges, method):
    import igraph
    graph = igraph.Graph(n=len(ids), edges=edges)
    start = time.perf_counter()
    layout = graph.layout_fruchterman_reingold(grid="auto") if method == "igraph-fr" else graph.layout_drl()
    return np.array(layout.coords), time.perf_counter() - start


def fa2_layout(ids, edges):
    import scipy.sparse
    from fa2_modified import ForceAtlas2
    n = len(ids)
    rows = [a for a, b in edges] + [b for a, b in edges]
    cols = [b for a, b in edges] + [a for a, b in edges]
    matrix = scipy.sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    start = time.perf_counter()
    positions = ForceAtlas2(barnesHutOptimize=True, verbose=False).forceatlas2(matrix, iterations=500)
    return np.array(positions), time.perf_counter() - start


def fmmm_layout(ids, edges):
    import ogdf
    graph = ogdf.Graph()
    nodes = [graph.new_node() for _ in ids]
    for a, b in edges:
        graph.new_edge(nodes[a], nodes[b])
    start = time.perf_counter()
    attributes = ogdf.layout(graph, ogdf.FMMMLayout)
    seconds = time.perf_counter() - start
    return np.array([(attributes.x(node), attributes.y(node)) for node in nodes]), seconds


def sgd2_layout(ids, edges):
    import s_gd2
    rows = [a for a, b in edges]
    cols = [b for a, b in edges]
    start = time.perf_counter()
    # s_gd2's own choice: exact SGD up to its size limit, sparse (pivot) SGD above.
    positions = s_gd2.layout(rows, cols, random_seed=1) if len(ids) <= 10000 else s_gd2.layout_sparse(rows, cols, 200, random_seed=1)
    return np.array(positions), time.perf_counter() - start


def graph_tool_layout(ids, edges):
    import graph_tool.all as gt
    graph = gt.Graph(directed=False)
    graph.add_vertex(len(ids))
    graph.add_edge_list(edges)
    start = time.perf_counter()
    positions = gt.sfdp_layout(graph)
    seconds = time.perf_counter() - start
    return np.array(positions.get_2d_array([0, 1]).T), seconds


LAYOUTS = {"fa2": fa2_layout, "fmmm": fmmm_layout, "sgd2": sgd2_layout, "graph-tool-sfdp": graph_tool_layout}


def main():
    path, prefix, methods = sys.argv[1], sys.argv[2], sys.argv[3:]
    data, ids, edges = load(path)
    for method in methods:
        if method in LAYOUTS:
            coords, seconds = LAYOUTS[method](ids, edges)
        else:
            coords, seconds = igraph_layout(ids, edges, method)
        out = {"directed": False, "nodes": [{"id": node_id, "x": float(x), "y": float(y)}
                                            for node_id, (x, y) in zip(ids, coords[:, :2])],
               "links": data["links"]}
        with open(f"{prefix}.{method}.json", "w") as f:
            json.dump(out, f)
        print(method, f"{seconds:.3f}", flush=True)


main()
