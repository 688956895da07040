"""Prototype of a last layout stage that keeps a stress layout's stress and raises its neighbourhood preservation
(issue 34 items 1-2; docs/scale.md section 6 holds what it measured). Reads a laid-out graph (d3 JSON with x, y),
moves the nodes by preconditioned gradient steps on

    stress over sampled pivot pairs (weights 1/h^2, graph units)  +  weight * local term

and writes the result as d3 JSON, for forcelab's fl.metrics to measure (scripts/scale/measure.lua).

Usage: python neighbourhood-stage.py IN.json OUT.json [key=value ...]
  local=umap|tsne|hinge|none  the local term (default umap):
      umap:  attraction along graph edges, -log q with q = 1/(1 + d^2/length^2), and repulsion -log(1 - q) from each
             node's `negatives` nearest layout nodes that are not its graph neighbours (t-SNE's heavy tail, as
             LargeVis/UMAP sample it, with the negatives drawn from the layout's near nodes instead of at random);
      tsne:  tsNET's: P from hop distances (Gaussian, perplexity `perplexity`, over each node's `hops`-hop ball),
             Q Student-t over every pair (exact, n^2 a step: small graphs only), KL(P||Q) gradient;
      hinge: for each node, every non-neighbour nearer than its farthest graph neighbour times (1 + margin) is
             pushed out and that neighbour pulled in (NP's own ranking, as a squared hinge).
  weight, length, negatives, margin, perplexity, hops   the local term's settings
  iterations (200), pivots (400), batch (64), step (0.5), final_step (the step falls geometrically to it; default
  step), max_move (the most a node moves in a step; default length), seed (1), anneal (0: the local weight constant;
  1: from 0 to weight over the run), tree_every (5: the near nodes found again every so many steps)
Prints the quick figures (its own 200 sources, not fl.metrics') before and after, and the seconds.
"""
import json
import sys
import time

import numpy as np
import scipy.sparse
import scipy.sparse.csgraph
from scipy.spatial import cKDTree


def load(path):
    with open(path) as f:
        data = json.load(f)
    ids = [str(node["id"]) for node in data["nodes"]]
    index = {node_id: i for i, node_id in enumerate(ids)}
    pairs = {(min(a, b), max(a, b)) for a, b in
             ((index[str(link["source"])], index[str(link["target"])]) for link in data["links"]) if a != b}
    edges = np.array(sorted(pairs), dtype=np.int64).reshape(-1, 2)
    coords = np.array([[node.get("x", 0.0), node.get("y", 0.0)] for node in data["nodes"]], dtype=np.float64)
    return data, ids, edges, coords


def adjacency(n, edges):
    rows = np.concatenate([edges[:, 0], edges[:, 1]])
    cols = np.concatenate([edges[:, 1], edges[:, 0]])
    return scipy.sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))


def hops_from(graph, sources):
    d = scipy.sparse.csgraph.shortest_path(graph, unweighted=True, indices=sources)
    d[~np.isfinite(d)] = 0
    return d


def quick_figures(graph, coords, sources, hops):
    """Stress after optimal scaling and NP over `sources`, as docs/metrics.md defines them."""
    n = coords.shape[0]
    ratio, square, count = 0.0, 0.0, 0
    for row, s in enumerate(sources):
        g = hops[row]
        mask = g > 0
        d = np.linalg.norm(coords[mask] - coords[s], axis=1)
        ratio += np.sum(d / g[mask]); square += np.sum((d / g[mask]) ** 2); count += mask.sum()
    stress = 1 - ratio * ratio / (count * square)
    tree = cKDTree(coords)
    scores = []
    for s in sources:
        neighbours = set(graph.indices[graph.indptr[s]:graph.indptr[s + 1]].tolist())
        k = len(neighbours)
        if k == 0:
            continue
        _, near = tree.query(coords[s], k=min(k + 1, n))
        near = [j for j in np.atleast_1d(near).tolist() if j != s][:k]
        scores.append(len(neighbours & set(near)) / len(neighbours | set(near)))
    return stress, float(np.mean(scores))


def optimal_scale(coords, sources, hops):
    num, den = 0.0, 0.0
    for row, s in enumerate(sources):
        g = hops[row]
        mask = g > 0
        d = np.linalg.norm(coords[mask] - coords[s], axis=1)
        num += np.sum(d / g[mask]); den += np.sum(d * d / g[mask] ** 2)
    return num / den


def stress_gradient(coords, pivots, pivot_hops, batch_rows):
    """Each node's gradient of its terms w (d - g)^2 with the batch's pivots (one-sided: a pivot is not moved by its
    own row, as the sparse stress model's pivot terms), and its sum of weights 2w (the preconditioner)."""
    n = coords.shape[0]
    grad = np.zeros_like(coords)
    weight = np.zeros(n)
    for row in batch_rows:
        s = pivots[row]
        g = pivot_hops[row]
        mask = g > 0
        j = np.nonzero(mask)[0]
        g = g[mask]
        delta = coords[j] - coords[s]
        d = np.maximum(np.linalg.norm(delta, axis=1), 1e-9)
        w = 1.0 / (g * g)
        f = (2 * w * (d - g) / d)[:, None] * delta
        grad[j] += f
        weight[j] += 2 * w
    return grad, weight


def near_non_neighbours(coords, edge_keys, count, state, every):
    """Each node's `count` nearest layout nodes that are not its graph neighbours (rows, cols), found again every
    `every` steps."""
    if state.get("near") is None or state["tick"] % every == 0:
        n = coords.shape[0]
        k = min(count + 1 + state["maxdeg"], n)
        _, near = cKDTree(coords).query(coords, k=k)
        rows = np.repeat(np.arange(n), k)
        cols = near.reshape(-1)
        keep = (cols != rows) & ~np.isin(rows * n + cols, edge_keys)
        rows, cols = rows[keep], cols[keep]
        # the first `count` kept of each row
        rank = np.arange(len(rows)) - np.searchsorted(rows, rows)
        keep = rank < count
        state["near"] = (rows[keep], cols[keep])
    return state["near"]


def umap_gradient(coords, edges, edge_keys, options, state):
    a = 1.0 / options["length"] ** 2
    grad = np.zeros_like(coords)
    i, j = edges[:, 0], edges[:, 1]
    delta = coords[i] - coords[j]
    d2 = np.sum(delta * delta, axis=1)
    f = (2 * a / (1 + a * d2))[:, None] * delta  # gradient of -log q w.r.t. x_i
    np.add.at(grad, i, f)
    np.add.at(grad, j, -f)
    rows, cols = near_non_neighbours(coords, edge_keys, options["negatives"], state, options["tree_every"])
    delta = coords[rows] - coords[cols]
    d2 = np.sum(delta * delta, axis=1)
    eps = 1e-3 * options["length"] ** 2
    f = (-2 / ((d2 + eps) * (1 + a * d2)))[:, None] * delta  # gradient of -log(1 - q) w.r.t. x_i
    np.add.at(grad, rows, f)
    if options["symmetric"]:
        np.add.at(grad, cols, -f)
    return grad


def hinge_gradient(coords, edges, edge_keys, options, state):
    n = coords.shape[0]
    grad = np.zeros_like(coords)
    both = np.concatenate([edges, edges[:, ::-1]])
    delta = coords[both[:, 1]] - coords[both[:, 0]]
    d = np.linalg.norm(delta, axis=1)
    radius = np.zeros(n)
    np.maximum.at(radius, both[:, 0], d)
    farthest = np.full(n, -1)
    is_far = d >= radius[both[:, 0]]
    farthest[both[is_far, 0]] = both[is_far, 1]
    rows, cols = near_non_neighbours(coords, edge_keys, options["negatives"], state, options["tree_every"])
    r = radius[rows] * (1 + options["margin"])
    dm = coords[cols] - coords[rows]
    dist = np.maximum(np.linalg.norm(dm, axis=1), 1e-9)
    bad = (dist < r) & (farthest[rows] >= 0)
    rows, cols, dm, dist, r = rows[bad], cols[bad], dm[bad], dist[bad], r[bad]
    push = (2 * (r - dist) / dist)[:, None] * dm
    np.add.at(grad, cols, -push)
    np.add.at(grad, rows, push)
    far = farthest[rows]
    df = coords[far] - coords[rows]
    pull = (2 * (r - dist) / np.maximum(np.linalg.norm(df, axis=1), 1e-9))[:, None] * df
    np.add.at(grad, far, pull)
    np.add.at(grad, rows, -pull)
    return grad


def tsne_affinities(graph, n, perplexity, hops):
    """Symmetric P from hop distances over each node's ball of `hops` hops, each row's sigma set by perplexity."""
    rows, cols, vals = [], [], []
    target = np.log(perplexity)
    for i in range(n):
        d = scipy.sparse.csgraph.dijkstra(graph, unweighted=True, indices=i, limit=hops + 0.5)
        j = np.nonzero(np.isfinite(d) & (d > 0))[0]
        dj = d[j]
        lo, hi = 1e-3, 1e3
        for _ in range(60):
            beta = np.sqrt(lo * hi)
            p = np.exp(-beta * dj * dj); p /= p.sum()
            entropy = -np.sum(p * np.log(np.maximum(p, 1e-300)))
            if entropy > target:
                lo = beta
            else:
                hi = beta
        rows.extend([i] * len(j)); cols.extend(j.tolist()); vals.extend(p.tolist())
    P = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=(n, n))
    P = (P + P.T) / (2 * n)
    return P.tocoo()


def tsne_gradient(coords, P):
    diff = coords[:, None, :] - coords[None, :, :]
    num = 1 / (1 + np.sum(diff * diff, axis=2))
    np.fill_diagonal(num, 0)
    Q = num / num.sum()
    grad = 4 * np.einsum("ij,ijk->ik", Q * num, diff) * -1  # repulsion
    attract = np.zeros_like(coords)
    delta = coords[P.row] - coords[P.col]
    w = P.data / (1 + np.sum(delta * delta, axis=1))
    np.add.at(attract, P.row, 4 * w[:, None] * delta)
    return grad + attract


def main():
    source, output = sys.argv[1], sys.argv[2]
    options = {"local": "umap", "weight": 1.0, "length": 0.5, "negatives": 10, "margin": 0.1, "perplexity": 5.0,
               "hops": 3, "iterations": 200, "pivots": 400, "batch": 64, "step": 0.5, "seed": 1, "anneal": 0,
               "tree_every": 5, "final_step": -1.0, "symmetric": 1, "max_move": -1.0}
    for arg in sys.argv[3:]:
        key, value = arg.split("=")
        options[key] = value if key == "local" else float(value)
    for key in ("symmetric", "negatives", "hops", "iterations", "pivots", "batch", "seed", "anneal", "tree_every"):
        options[key] = int(options[key])
    data, ids, edges, coords = load(source)
    n = len(ids)
    graph = adjacency(n, edges)
    edge_keys = np.sort(np.concatenate([edges[:, 0] * n + edges[:, 1], edges[:, 1] * n + edges[:, 0]]))
    random = np.random.default_rng(options["seed"])
    sources = random.choice(n, size=min(200, n), replace=False)
    source_hops = hops_from(graph, sources)
    print("before %.4f %.3f" % quick_figures(graph, coords, sources, source_hops), flush=True)
    start = time.process_time()
    coords = coords * optimal_scale(coords, sources, source_hops)  # graph units: one hop ~ 1
    pivots = random.choice(n, size=min(options["pivots"], n), replace=False)
    pivot_hops = hops_from(graph, pivots)
    P = tsne_affinities(graph, n, options["perplexity"], options["hops"]) if options["local"] == "tsne" else None
    state = {"tick": 0, "maxdeg": int(np.diff(graph.indptr).max())}
    iterations = options["iterations"]
    for tick in range(iterations):
        state["tick"] = tick
        batch_rows = random.choice(len(pivots), size=min(options["batch"], len(pivots)), replace=False)
        grad, weight = stress_gradient(coords, pivots, pivot_hops, batch_rows)
        scale = n / len(batch_rows)  # the batch's pivots stand for every node
        weight_local = options["weight"] * ((tick + 1) / iterations if options["anneal"] else 1.0)
        if options["local"] == "umap":
            local = umap_gradient(coords, edges, edge_keys, options, state)
        elif options["local"] == "hinge":
            local = hinge_gradient(coords, edges, edge_keys, options, state)
        elif options["local"] == "tsne":
            local = tsne_gradient(coords, P) * n  # P sums to 1: per node, about one unit
        else:
            local = np.zeros_like(coords)
        degree = np.diff(graph.indptr)
        total = grad * scale + weight_local * local
        precondition = weight * scale + 2 * weight_local * np.maximum(degree, 1)
        final = options["final_step"] if options["final_step"] > 0 else options["step"]
        step = options["step"] * (final / options["step"]) ** (tick / max(iterations - 1, 1))
        move = step * total / np.maximum(precondition, 1e-9)[:, None]
        limit = options["max_move"] if options["max_move"] > 0 else options["length"]
        length = np.linalg.norm(move, axis=1)
        move *= np.minimum(1.0, limit / np.maximum(length, 1e-12))[:, None]
        coords = coords - move
    seconds = time.process_time() - start
    print("after %.4f %.3f" % quick_figures(graph, coords, sources, source_hops), f"cpu {seconds:.1f}s", flush=True)
    out = {"directed": False, "nodes": [{"id": node_id, "x": float(x), "y": float(y)} for node_id, (x, y) in zip(ids, coords)],
           "links": data["links"]}
    with open(output, "w") as f:
        json.dump(out, f)


main()
