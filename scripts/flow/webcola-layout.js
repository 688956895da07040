// scripts/bench-flow's WebCola anchor: lays a React Flow file out with WebCola (Dwyer's constrained stress
// layout) under node, with non-overlap constraints (avoidOverlaps, each box its width and height), each parent a
// group around its children (padded), and a flow constraint along x for every edge (the boxes' half widths plus
// a gap), and writes it back as React Flow JSON: each node's top-left corner (a child's relative to its parent)
// and each parent's width and height, the bounds WebCola gives its group. Edges that touch a parent are left out: WebCola's
// groups are not nodes. Prints the layout's wall time in seconds.
// Usage: node webcola-layout.js WEBCOLA_BUNDLE IN.json OUT.json
const fs = require("fs");
const [bundle, input, output] = process.argv.slice(2);
const cola = require(bundle);
const flow = JSON.parse(fs.readFileSync(input, "utf8"));
const padding = 15, gap = 60;

const parentOf = new Map(flow.nodes.map((n) => [n.id, n.parentId ?? n.parentNode]));
const isParent = new Set([...parentOf.values()].filter((p) => p !== undefined));
const leaves = flow.nodes.filter((n) => !isParent.has(n.id));
const leafIndex = new Map(leaves.map((n, i) => [n.id, i]));
const groupList = [...isParent];
const groupIndex = new Map(groupList.map((id, i) => [id, i]));
const members = groupList.map(() => ({ leaves: [], groups: [] }));   // WebCola turns its groups' indices into objects
for (const n of flow.nodes) {
  const parent = parentOf.get(n.id);
  if (parent === undefined) continue;
  if (isParent.has(n.id)) members[groupIndex.get(parent)].groups.push(groupIndex.get(n.id));
  else members[groupIndex.get(parent)].leaves.push(leafIndex.get(n.id));
}

// One layout, from d3's phyllotaxis start so that no run depends on the positions a file was saved with.
function run() {
  const nodes = leaves.map((n, i) => {
    const radius = 10 * Math.sqrt(0.5 + i), angle = i * Math.PI * (3 - Math.sqrt(5));
    return { id: n.id, width: n.width ?? 1, height: n.height ?? 1, x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
  });
  const groups = members.map((m) => ({ leaves: [...m.leaves], groups: [...m.groups], padding }));
  const links = flow.edges.filter((e) => leafIndex.has(e.source) && leafIndex.has(e.target) && e.source !== e.target)
    .map((e) => ({ source: leafIndex.get(e.source), target: leafIndex.get(e.target) }));
  const start = process.hrtime.bigint();
  const layout = new cola.Layout().size([1000, 1000]).nodes(nodes).links(links).avoidOverlaps(true)
    .linkDistance(120).handleDisconnected(true)
    .flowLayout("x", (link) => (link.source.width + link.target.width) / 2 + gap);
  if (groups.length) layout.groups(groups);
  layout.start(10, 15, 20, 0, false);
  return { nodes, groups, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}
run();   // the first run warms the JIT; the second is the one timed and written
const { nodes, groups, seconds } = run();

// Each box's corner and size, absolute; a group's are its bounds as WebCola keeps them (what its users draw).
const box = new Map(nodes.map((v) => [v.id, { x: v.x - v.width / 2, y: v.y - v.height / 2, width: v.width, height: v.height }]));
groups.forEach((g, i) => box.set(groupList[i], { x: g.bounds.x, y: g.bounds.y, width: g.bounds.X - g.bounds.x, height: g.bounds.Y - g.bounds.y }));
for (const n of flow.nodes) {
  const b = box.get(n.id), parent = parentOf.get(n.id);
  const origin = parent === undefined ? { x: 0, y: 0 } : box.get(parent);
  n.position = { x: b.x - origin.x, y: b.y - origin.y };
  n.width = b.width;
  n.height = b.height;
}
fs.writeFileSync(output, JSON.stringify(flow));
console.log(seconds.toFixed(6));
