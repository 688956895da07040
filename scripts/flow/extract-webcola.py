"""Writes WebCola's TypeScript sources, as the ipycytoscape wheel ships them in its notebook extension's source map,
under OUT/webcola/, and an entry OUT/webcola-entry.ts exporting WebCola's layout and geometry (not its d3
adaptors, which need d3). scripts/bench-flow bundles the entry with esbuild to run WebCola under node: npm is not
reachable, and no Debian package ships WebCola.
Usage: python extract-webcola.py OUT   (run by the venv's python of scripts/python-env webcola)"""
import json
import pathlib
import sys

import ipycytoscape

out = pathlib.Path(sys.argv[1])
package = pathlib.Path(ipycytoscape.__file__).parent
source_map = json.loads((package / "nbextension/static/index.js.map").read_text())
written = 0
for name, text in zip(source_map["sources"], source_map.get("sourcesContent") or []):
    if "node_modules/webcola/WebCola/src/" in name and text:
        path = out / "webcola" / name.split("node_modules/webcola/WebCola/src/")[1]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        written += 1
if written == 0 or not (out / "webcola/layout.ts").exists():
    sys.exit(f"extract-webcola: ipycytoscape {ipycytoscape.__version__} ships no WebCola sources in its source map")
(out / "webcola-entry.ts").write_text("export * from './webcola/layout'\nexport * from './webcola/rectangle'\n")
