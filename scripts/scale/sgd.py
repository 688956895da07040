"""Lays one benchmark graph out with s_gd2 (Zheng, Pawar and Goodman's stochastic gradient descent) and writes the
layout as d3 JSON. Usage: python sgd.py GRAPH.json OUT.json MODE   (MODE: full, every pair of nodes, or sparse:K, the
sparse approximation with K pivots). Prints the layout call's wall and CPU time in seconds (reading and writing excluded)."""
import json
import sys
import time

import numpy as np
import s_gd2


def main():
    path, output, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(path) as f:
        data = json.load(f)
    ids = [str(node["id"]) for node in data["nodes"]]
    index = {node_id: i for i, node_id in enumerate(ids)}
    pairs = [(index[str(link["source"])], index[str(link["target"])]) for link in data["links"]]
    I = np.array([a for a, b in pairs], dtype=np.int32)
    J = np.array([b for a, b in pairs], dtype=np.int32)
    start, cpu = time.perf_counter(), time.process_time()
    if mode == "full":
        coords = s_gd2.layout(I, J, random_seed=1)
    else:
        coords = s_gd2.layout_sparse(I, J, int(mode.split(":")[1]), random_seed=1)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    out = {"directed": False, "nodes": [{"id": node_id, "x": float(x), "y": float(y)}
                                        for node_id, (x, y) in zip(ids, np.asarray(coords)[:, :2])],
           "links": data["links"]}
    with open(output, "w") as f:
        json.dump(out, f)
    print(f"{seconds:.3f} {cpu:.3f}")


main()
