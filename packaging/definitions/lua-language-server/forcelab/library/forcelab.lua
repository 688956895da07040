---@meta forcelab
-- forcelab's Lua API for the Lua language server, written by `forcelab --definitions` (docs/editors.md).

---Options of `fl.simulation`.
---@class (exact) forcelab.options.simulation: table<"dimensions"|"seed"|"placement"|"mode"|"alpha"|"alphaMin"|"alphaDecay"|"alphaTarget"|"velocityDecay"|"threads", any>
---@field dimensions? integer 2 or 3 (3 adds z, vz, fz) (default: `2`); accepts integer from 2 to 3.
---@field seed? integer seed of d3's random source (the LCG every force shares); with `placement = "random"` it also chooses the start positions (default: `1`); accepts integer from 0 to 4294967295.
---@field placement? "phyllotaxis"|"random" where nodes without a position start: d3's spiral (the same for every seed), or uniformly at random from the seeded source in a disk (a ball in 3D) of the spiral's extent (default: `"phyllotaxis"`); accepts `"phyllotaxis"`, `"random"`.
---@field mode? "exact"|"fast" d3's arithmetic bit for bit, or the fast mode: the same forces computed for speed (in 2D the many-body force by multipoles, which take its theta up to 0.9: two to three times as fast a tick, layouts as good; docs/engine.md) (default: `"exact"`); accepts `"exact"`, `"fast"`.
---@field alpha? number the starting alpha (cooling factor) (default: `1`); accepts number from 0 to 1.
---@field alphaMin? number `sim:run` stops once alpha is below it (default: `0.001`); accepts number from 0 to 1.
---@field alphaDecay? number how fast alpha falls towards alphaTarget (1 - 0.001^(1/300): 300 ticks) (default: `0.02276277904418933`); accepts number from 0 to 1.
---@field alphaTarget? number the value alpha moves towards (default: `0`); accepts number from 0 to 1.
---@field velocityDecay? number the share of velocity lost every tick (default: `0.4`); accepts number from 0 to 1.
---@field threads? integer threads the forces may use; results do not depend on it (default: the usable cores); accepts integer ≥ 1.

---Options of `sim:run`.
---@class (exact) forcelab.options.sim.run: table<"maxTicks"|"onTick"|"show"|"labels"|"fps", any>
---@field maxTicks? integer stop after this many ticks (default: no limit); accepts integer ≥ 0.
---@field onTick? function called after every tick; accepts `function(sim, tick)`.
---@field show? boolean animate the layout in the terminal (only when standard output is one) (default: `false`); accepts boolean.
---@field labels? any with `show`, as `g:show`'s labels: label these nodes, or the n nodes of highest degree; accepts a list of node ids, or a count n.
---@field fps? number with `show`, ticks drawn per second: every tick is a frame and the run waits between frames; `0` or `math.huge` runs as fast as it can, drawing a frame at most every 50 ms. The pace never changes the result (default: `30`); accepts number ≥ 0, or inf.

---Options of `sim:record`.
---@class (exact) forcelab.options.sim.record: table<"frames"|"every"|"values", any>
---@field frames? boolean keep node positions (for `fl.html.replay`) (default: `true`); accepts boolean.
---@field every? integer keep positions every this many ticks (default: `1`); accepts integer ≥ 1.
---@field values? table custom series, recorded after every tick; accepts `{name = function(sim) return number end}`.

---Options of `g:show`.
---@class (exact) forcelab.options.g.show: table<"columns"|"rows"|"labels", any>
---@field columns? integer width in characters (default: the terminal's width); accepts integer ≥ 1.
---@field rows? integer height in lines (default: the terminal's height less 2); accepts integer ≥ 1.
---@field labels? any label these nodes, or the n nodes of highest degree, beside their blocks; accepts a list of node ids, or a count n.

---Options of `fl.svg.graph`.
---@class (exact) forcelab.options.svg.graph: table<"width"|"height"|"padding"|"viewport"|"title"|"background"|"fill"|"group"|"palette"|"stroke"|"strokeWidth"|"radius"|"labels"|"fontSize"|"edgeType"|"markerEnd"|"markerStart"|"edgeStroke"|"edgeWidth"|"edgeOpacity"|"edgeOffset"|"edgeBorderRadius"|"legend"|"legendTitle"|"frameFill"|"frameStroke"|"fixedMark"|"arrowScale"|"simulation"|"arrows"|"cells", any>
---@field width? number picture width in pixels (default: `800`); accepts number from 1 to 1000000.
---@field height? number picture height in pixels (default: `600`); accepts number from 1 to 1000000.
---@field padding? number space kept free around the content when fitting (default: `20`); accepts number from 0 to 1000000.
---@field viewport? any fit the content (zooming in at most 2×, so a small layout is drawn small rather than with huge nodes), or React Flow's viewport: a pixel is world × zoom + (x, y) (default: `"fit"`); accepts `"fit"` or `{zoom =, x =, y =}`.
---@field title? string title drawn at the top; accepts string.
---@field background? string background colour (`"none"`: transparent) (default: `"#ffffff"`); accepts string.
---@field fill? string|function node fill; a data field whose values are not colours is mapped to `palette` (default: by `group`, from `palette`); accepts colour, `function(node, i)` or node data field name.
---@field group? string the node data field that colours nodes and makes the legend when `fill` is not given (default: `"group"`); accepts string.
---@field palette? "tableau10"|"okabeIto" the colours of groups, and of `fill` by a data field (default: `"tableau10"`); accepts `"tableau10"`, `"okabeIto"`.
---@field stroke? string|function node outline colour (default: `"#ffffff"`); accepts colour, `function(node, i)` or node data field name.
---@field strokeWidth? number node outline width in pixels (at most a quarter of a circle's radius, so the outline never hides the node) (default: `1.5`); accepts number from 0 to 1000000.
---@field radius? number|string|function circle radius in world units (drawn at least 1 pixel in radius, so every node shows; 0 hides it) (default: `5`); accepts number, `function(node, i)` or numeric node data field name.
---@field labels? any which node labels are drawn (auto: boxes always, circles when few and not overlapping) (default: `"auto"`); accepts `true` (`"always"`), `false` (`"never"`) or `"auto"`.
---@field fontSize? number label font size in pixels (default: `11`); accepts number from 0.1 to 10000.
---@field edgeType? "straight"|"bezier"|"step"|"smoothstep" edge routing (default: `"straight"`); accepts `"straight"`, `"bezier"`, `"step"`, `"smoothstep"`.
---@field markerEnd? "arrow"|"arrowClosed" arrow head at the target end; accepts `"arrow"`, `"arrowClosed"`.
---@field markerStart? "arrow"|"arrowClosed" arrow head at the source end; accepts `"arrow"`, `"arrowClosed"`.
---@field edgeStroke? string|function edge colour; a data field whose values are not colours is mapped to `palette`, with a legend (default: `"#999999"`); accepts colour, `function(edge, i)` or edge data field name.
---@field edgeWidth? number|string|function edge width in pixels (default: `1.2`); accepts number, `function(edge, i)` or numeric edge data field name.
---@field edgeOpacity? number edge opacity (default: `0.8`); accepts number from 0 to 1.
---@field edgeOffset? number how far step edges run straight out of a node before turning, and the least bulge of bezier edges, in pixels (default: `20`); accepts number from 0 to 1000000.
---@field edgeBorderRadius? number corner radius of smoothstep edges in pixels (default: `5`); accepts number from 0 to 1000000.
---@field legend? boolean draw a legend of the groups when nodes are coloured by group (default: `true`); accepts boolean.
---@field legendTitle? string heading of the legend (default: the `group` field's name); accepts string.
---@field frameFill? string fill of parent frames (default: `"#f4f6f9"`); accepts string.
---@field frameStroke? string outline of parent frames (default: `"#9aa5b1"`); accepts string.
---@field fixedMark? boolean ring the nodes that have a fixed coordinate (`fx` or `fy`) (default: `true`); accepts boolean.
---@field arrowScale? number world units of arrow per unit of velocity (1: the distance a node moves in one tick) (default: the longest arrow is 48 pixels); accepts number from 1e-12 to 1e12.
---@field simulation? forcelab.Simulation the simulation whose velocities, forces and cells `arrows` and `cells` draw; accepts a simulation of the graph drawn.
---@field arrows? any arrows from each node of `simulation`: its velocity, and the net force on it (the velocity change one application of the forces makes at the current alpha; the simulation is left as it was); accepts `"velocity"`, `"force"` or `{"velocity", "force"}`.
---@field cells? table the Barnes-Hut cells a node's many-body sum in `simulation` uses: taken as one body (filled faintly), opened (outlined), points taken one by one (dotted); accepts `{node =, theta =, force =}`.

---Options of `fl.svg.graph viewport`.
---@class (exact) forcelab.options.svg.graph.viewport: table<"zoom"|"x"|"y", any>
---@field zoom? number pixels per world unit (default: `1`); accepts number from 1e-9 to 1e9.
---@field x? number horizontal translation in pixels (default: `0`); accepts number from -1e15 to 1e15.
---@field y? number vertical translation in pixels (default: `0`); accepts number from -1e15 to 1e15.

---Options of `fl.svg.graph cells`.
---@class (exact) forcelab.options.svg.graph.cells: table<"node"|"theta"|"force", any>
---@field node string|number the id of the node whose sum is drawn (default: required); accepts string or number.
---@field theta? number the Barnes-Hut theta: a cell is one body when its width / distance < theta (default: the force's theta); accepts number from 0 to 1000000.
---@field force? string the name of the many-body force (default: the simulation's one many-body force); accepts string.

---Options of `fl.svg.radar`.
---@class (exact) forcelab.options.svg.radar: table<"axes"|"series"|"width"|"height"|"title"|"divisions"|"grid"|"scale"|"min"|"max"|"fillOpacity"|"strokeWidth"|"markerRadius"|"palette"|"legend"|"fontSize"|"padding", any>
---@field axes table the axes, clockwise from the top (at least 3) (default: required); accepts `{"a", "b", ...} or {{name =, min =, max =, better =}, ...}`.
---@field series table one value per axis for each series (default: required); accepts `{{name =, values = {...}, colour =}, ...}`.
---@field width? number picture width in pixels (default: `640`); accepts number from 1 to 1000000.
---@field height? number picture height in pixels (default: `480`); accepts number from 1 to 1000000.
---@field title? string title drawn at the top; accepts string.
---@field divisions? integer the number of grid rings (default: `5`); accepts integer from 1 to 1000.
---@field grid? "polygon"|"circle" the ring shape (default: `"polygon"`); accepts `"polygon"`, `"circle"`.
---@field scale? "shared"|"perAxis" one range for all axes, or one per axis (default: `"shared"`); accepts `"shared"`, `"perAxis"`.
---@field min? number the shared centre value (default: 0 unless a value is negative); accepts number from -1e15 to 1e15.
---@field max? number the shared outer value (default: a round value at or above the largest); accepts number from -1e15 to 1e15.
---@field fillOpacity? number fill opacity of the series (default: `0.2`); accepts number from 0 to 1.
---@field strokeWidth? number outline width of the series in pixels (default: `2`); accepts number from 0 to 1000000.
---@field markerRadius? number radius of the point markers in pixels (0: none) (default: `3.5`); accepts number from 0 to 1000000.
---@field palette? "tableau10"|"okabeIto" series colours, in order (default: `"tableau10"`); accepts `"tableau10"`, `"okabeIto"`.
---@field legend? boolean draw the series legend (default: `true`); accepts boolean.
---@field fontSize? number axis label font size in pixels (default: `12`); accepts number from 0.1 to 10000.
---@field padding? number space kept free at the picture's edges (default: `16`); accepts number from 0 to 1000000.

---Options of `fl.svg.radar axis`.
---@class (exact) forcelab.options.svg.radar.axis: table<"name"|"min"|"max"|"better", any>
---@field name? string the axis label (default: `"axis i"`); accepts string.
---@field min? number the value at the centre (with `scale = "perAxis"`) (default: the chart's range); accepts number from -1e15 to 1e15.
---@field max? number the value at the rim (with `scale = "perAxis"`) (default: the chart's range); accepts number from -1e15 to 1e15.
---@field better? "lower"|"higher" which way is better (`"lower"`: nearer the centre), written under the axis name; accepts `"lower"`, `"higher"`.

---Options of `fl.svg.radar series`.
---@class (exact) forcelab.options.svg.radar.series: table<"name"|"values"|"colour"|"color", any>
---@field name? string the legend entry (default: `"series i"`); accepts string.
---@field values table one value per axis (default: required); accepts `{number, ...}`.
---@field colour? string the series colour (default: from `palette`); accepts string.
---@field color? string the same as `colour` (default: from `palette`); accepts string.

---Options of `fl.svg.plot`.
---@class (exact) forcelab.options.svg.plot: table<"series"|"recording"|"width"|"height"|"title"|"xLabel"|"yLabel"|"xMin"|"xMax"|"yMin"|"yMax"|"xScale"|"yScale"|"y2Label"|"y2Min"|"y2Max"|"y2Scale"|"palette"|"strokeWidth"|"legend"|"fontSize"|"padding", any>
---@field series? table the lines (default: required, except with `recording`: all its series); accepts `{{name =, x = {...}, y = {...}, ...}, ...}; with `recording`, names or {name =, axis =, ...}`.
---@field recording? forcelab.Recording plot the recording's series (by default all of them) against the tick; accepts a recording (`sim:record`).
---@field width? number picture width in pixels (default: `640`); accepts number from 1 to 1000000.
---@field height? number picture height in pixels (default: `400`); accepts number from 1 to 1000000.
---@field title? string title drawn at the top; accepts string.
---@field xLabel? string x axis label (default: `"tick"` with a recording); accepts string.
---@field yLabel? string y axis label; accepts string.
---@field xMin? number x axis start (default: from the data); accepts number from -1e15 to 1e15.
---@field xMax? number x axis end (default: from the data); accepts number from -1e15 to 1e15.
---@field yMin? number y axis start (default: from the data); accepts number from -1e15 to 1e15.
---@field yMax? number y axis end (default: from the data); accepts number from -1e15 to 1e15.
---@field xScale? "linear"|"log" x axis scale (`"log"`: values above 0, ticks at powers of ten) (default: `"linear"`); accepts `"linear"`, `"log"`.
---@field yScale? "linear"|"log" y axis scale (default: `"linear"`); accepts `"linear"`, `"log"`.
---@field y2Label? string label of the second y axis, on the right (for series with `axis = "right"`); accepts string.
---@field y2Min? number second y axis start (default: from its series); accepts number from -1e15 to 1e15.
---@field y2Max? number second y axis end (default: from its series); accepts number from -1e15 to 1e15.
---@field y2Scale? "linear"|"log" second y axis scale (default: `"linear"`); accepts `"linear"`, `"log"`.
---@field palette? "tableau10"|"okabeIto" series colours, in order (default: `"tableau10"`); accepts `"tableau10"`, `"okabeIto"`.
---@field strokeWidth? number line width in pixels (default: `1.8`); accepts number from 0 to 1000000.
---@field legend? boolean draw the series legend (default: `true`); accepts boolean.
---@field fontSize? number label font size in pixels (default: `12`); accepts number from 0.1 to 10000.
---@field padding? number space kept free at the picture's edges (default: `12`); accepts number from 0 to 1000000.

---Options of `fl.svg.plot series`.
---@class (exact) forcelab.options.svg.plot.series: table<"name"|"x"|"y"|"colour"|"color"|"band"|"errorBars"|"marker"|"line"|"dash"|"axis", any>
---@field name? string the legend entry (with `recording`: the recording's series) (default: `"series i"`); accepts string.
---@field x? table x values, as many as y values (not with `recording`) (default: 0, 1, 2, ...); accepts `{number, ...}`.
---@field y? table y values (not with `recording`) (default: required without `recording`); accepts `{number, ...}`.
---@field colour? string the line colour (default: from `palette`); accepts string.
---@field color? string the same as `colour` (default: from `palette`); accepts string.
---@field band? table a shaded band around the line (`deviation`: y ± it at each point, such as mean ± sd); accepts `{lower = {...}, upper = {...}} or {deviation = {...}}`.
---@field errorBars? table error bars at each point, given as `band` is; accepts `{lower = {...}, upper = {...}} or {deviation = {...}}`.
---@field marker? "none"|"circle"|"square"|"triangle"|"diamond" the shape drawn at each point (default: `"none"`); accepts `"none"`, `"circle"`, `"square"`, `"triangle"`, `"diamond"`.
---@field line? boolean join the points by a line (default: `true`); accepts boolean.
---@field dash? "solid"|"dashed"|"dotted"|"dashDot" the line's pattern (the legend shows it), to tell lines apart beyond the palette's colours (default: `"solid"`); accepts `"solid"`, `"dashed"`, `"dotted"`, `"dashDot"`.
---@field axis? "left"|"right" the y axis the series is drawn against (default: `"left"`); accepts `"left"`, `"right"`.

---Options of `fl.svg.plot band`.
---@class (exact) forcelab.options.svg.plot.band: table<"lower"|"upper"|"deviation", any>
---@field lower? table the lower bound at each point (with `upper`); accepts `{number, ...}`.
---@field upper? table the upper bound at each point (with `lower`); accepts `{number, ...}`.
---@field deviation? table instead of bounds: y - deviation to y + deviation at each point; accepts `{number, ...}`.

---Options of `fl.metrics`.
---@class (exact) forcelab.options.metrics: table<"radius"|"sampleSources"|"exactNodeLimit"|"exactCrossingLimit"|"crossings"|"seed"|"weight"|"only"|"threads", any>
---@field radius? number|string|function node radius, for overlaps (default: `5`); accepts number, `function(node, i)` or numeric node data field name.
---@field sampleSources? integer breadth-first sources sampled for stress above `exactNodeLimit` nodes (default: `200`); accepts integer ≥ 1.
---@field exactNodeLimit? integer up to this many nodes, stress uses every pair (default: `1000`); accepts integer ≥ 0.
---@field exactCrossingLimit? integer up to this many edges, every pair of edges is tested for crossing (default: `2000`); accepts integer ≥ 0.
---@field crossings? boolean count edge crossings; `false` leaves `crossings` out of the result and skips the count, the slowest figure on large layouts with long edges (default: `true`); accepts boolean.
---@field seed? integer seed of the source sample (default: `1`); accepts integer from 0 to 4294967295.
---@field weight? string the numeric edge data field giving each edge's length: stress uses weighted shortest paths and edge lengths are divided by it (default: every edge 1); accepts string.
---@field only? ("stress"|"crossings"|"edgeLengthMean"|"edgeLengthCV"|"minAngle"|"overlaps"|"boxOverlaps"|"neighbourhoodPreservation")[] compute just these figures (the result's names); `sources` comes with `stress` and `neighbourhoodPreservation`, and the others cost nothing (default: every figure); accepts a list of `"stress"`, `"crossings"`, `"edgeLengthMean"`, `"edgeLengthCV"`, `"minAngle"`, `"overlaps"`, `"boxOverlaps"`, `"neighbourhoodPreservation"`.
---@field threads? integer threads for the shortest-path searches and nearest-neighbour queries of `stress` and `neighbourhoodPreservation`; the figures are the same whatever the count (default: the cores this process may use); accepts integer from 1 to 1024.

---Options of `fl.html.replay`.
---@class (exact) forcelab.options.html.replay: table<"title"|"fps"|"radius"|"edgeWidth"|"palette", any>
---@field title? string page title (default: `"forcelab replay"`); accepts string.
---@field fps? number frames per second while playing (default: `30`); accepts number from 0.01 to 1000.
---@field radius? number|string|function node radius in pixels, from 0.01 to 1000 (default: `4`); accepts number, `function(node, i)` or numeric node data field name.
---@field edgeWidth? number|string|function edge width in pixels, from 0 to 1000 (default: `1`); accepts number, `function(edge, i)` or numeric edge data field name.
---@field palette? "tableau10"|"okabeIto" the colours of the nodes' `group` values (default: `"tableau10"`); accepts `"tableau10"`, `"okabeIto"`.

---Options of `fl.live`.
---@class (exact) forcelab.options.live: table<"port"|"host"|"fps"|"wait"|"fill"|"group"|"palette"|"stroke"|"strokeWidth"|"radius"|"labels"|"edgeStroke"|"edgeWidth"|"edgeOpacity", any>
---@field port? integer the port to listen on (0: a free one) (default: `0`); accepts integer from 0 to 65535.
---@field host? string the address to listen on: loopback unless another address (or `"0.0.0.0"`, every address) is given (default: `"127.0.0.1"`); accepts string.
---@field fps? number at most this many ticks a second while the layout is warm, each sent to the pages as a frame (a slower tick sends every frame it computes) (default: `60`); accepts number from 1 to 240.
---@field wait? boolean return only when a page sends End, `fl.live.stop(sim)` is called or Ctrl-C (for scripts), with the positions as the page left them (default: `false`); accepts boolean.
---@field fill? string|function node fill; a data field whose values are not colours is mapped to `palette` (default: by `group`, from `palette`); accepts colour, `function(node, i)` or node data field name.
---@field group? string the node data field that colours nodes and makes the legend when `fill` is not given (default: `"group"`); accepts string.
---@field palette? "tableau10"|"okabeIto" the colours of groups, and of `fill` by a data field (default: `"tableau10"`); accepts `"tableau10"`, `"okabeIto"`.
---@field stroke? string|function node outline colour (default: `"#ffffff"`); accepts colour, `function(node, i)` or node data field name.
---@field strokeWidth? number node outline width in pixels (at most a quarter of a circle's radius, so the outline never hides the node) (default: `1.5`); accepts number from 0 to 1000000.
---@field radius? number|string|function circle radius in world units (drawn at least 1 pixel in radius, so every node shows; 0 hides it) (default: `5`); accepts number, `function(node, i)` or numeric node data field name.
---@field labels? any which node labels are drawn (auto: boxes always, circles when few and not overlapping) (default: `"auto"`); accepts `true` (`"always"`), `false` (`"never"`) or `"auto"`.
---@field edgeStroke? string|function edge colour; a data field whose values are not colours is mapped to `palette`, with a legend (default: `"#999999"`); accepts colour, `function(edge, i)` or edge data field name.
---@field edgeWidth? number|string|function edge width in pixels (default: `1.2`); accepts number, `function(edge, i)` or numeric edge data field name.
---@field edgeOpacity? number edge opacity (default: `0.8`); accepts number from 0 to 1.

---Options of `fl.graph.new`.
---@class (exact) forcelab.options.graph.new: table<"directed", any>
---@field directed? boolean whether edges go from source to target (`g.directed` reads and sets it later; files keep it as each format says) (default: `true`); accepts boolean.

---Options of `fl.graph.load`.
---@class (exact) forcelab.options.graph.load: table<"format", any>
---@field format? "d3"|"reactflow"|"graphml"|"gexf"|"dot"|"csv"|"tsv"|"edgelist"|"gml"|"pajek"|"adjlist"|"multiline_adjlist"|"snap"|"matrixmarket"|"json" the file's format (a `.json` file's by its content); `"json"` reads JSON whatever the extension, d3 or React Flow by content (default: from the extension); accepts `"d3"`, `"reactflow"`, `"graphml"`, `"gexf"`, `"dot"`, `"csv"`, `"tsv"`, `"edgelist"`, `"gml"`, `"pajek"`, `"adjlist"`, `"multiline_adjlist"`, `"snap"`, `"matrixmarket"`, `"json"`.

---Options of `g:save`.
---@class (exact) forcelab.options.g.save: table<"format"|"lossy", any>
---@field format? "d3"|"reactflow"|"graphml"|"gexf"|"dot"|"csv"|"tsv"|"edgelist"|"gml"|"pajek"|"adjlist"|"multiline_adjlist"|"snap"|"matrixmarket"|"json" the file's format (a `.json` file's: d3); `"json"` is d3 JSON (default: from the extension); accepts `"d3"`, `"reactflow"`, `"graphml"`, `"gexf"`, `"dot"`, `"csv"`, `"tsv"`, `"edgelist"`, `"gml"`, `"pajek"`, `"adjlist"`, `"multiline_adjlist"`, `"snap"`, `"matrixmarket"`, `"json"`.
---@field lossy? boolean leave out what the format cannot hold instead of refusing the save, and say what was left out (the second result, and standard error; docs/formats.md says what each keeps) (default: `false`); accepts boolean.

---Options of `fl.graph.components`.
---@class (exact) forcelab.options.graph.components: table<"field"|"strong", any>
---@field field? string the node data field each node's component number (1 = the largest) is written to (default: `"component"`); accepts string.
---@field strong? boolean strongly connected components, following edges from source to target (in an undirected graph the same as connected); otherwise weakly connected, edges taken both ways (default: `false`); accepts boolean.

---Options of `fl.graph.cores`.
---@class (exact) forcelab.options.graph.cores: table<"field", any>
---@field field? string the node data field each node's core number is written to (default: `"core"`); accepts string.

---Options of `fl.graph.communities`.
---@class (exact) forcelab.options.graph.communities: table<"field"|"seed"|"resolution"|"weight", any>
---@field field? string the node data field each node's community number (1 = the largest) is written to (default: `"community"`); accepts string.
---@field seed? integer seeds the order nodes are visited in; the same seed gives the same communities (default: `1`); accepts integer from 0 to 4294967295.
---@field resolution? number γ in the modularity: above 1 favours smaller communities, below 1 larger ones (default: `1`); accepts number ≥ 0.
---@field weight? string an edge data field holding each edge's positive weight (default: every edge weighs 1); accepts string.

---Options of `fl.data.write`.
---@class (exact) forcelab.options.data.write: table<"format"|"columns", any>
---@field format? "csv"|"tsv"|"jsonl" the file's format (default: from the extension); accepts `"csv"`, `"tsv"`, `"jsonl"`.
---@field columns? table the columns, in order; every name in the rows must be among them (default: sorted by name); accepts `{"name", ...}`.

---Options of `fl.data.read`.
---@class (exact) forcelab.options.data.read: table<"format", any>
---@field format? "csv"|"tsv"|"jsonl" the file's format (default: from the extension); accepts `"csv"`, `"tsv"`, `"jsonl"`.

---Options of `fl.layout.stress`.
---@class (exact) forcelab.options.layout.stress: table<"weight"|"dimensions"|"iterations"|"tolerance"|"seed"|"pivots"|"exactNodeLimit"|"scale"|"solver", any>
---@field weight? string the numeric edge data field giving each edge's length; a missing, non-numeric, zero, negative or infinite value is an error naming the edge; accepts string.
---@field dimensions? integer 2 or 3 (default: `2`); accepts integer from 2 to 3.
---@field iterations? integer the most majorization sweeps over the nodes (0 keeps the PivotMDS start, whatever the solver) (default: `500`); accepts integer from 0 to 10000000.
---@field tolerance? number stop when a sweep lowers the stress by less than this fraction of it; `converged` says whether it stopped this way (default: `1e-6`); accepts number from 0 to 1.
---@field seed? integer picks the first pivot, the start of the eigenvector search and a tiny jitter of the start; the same seed gives the same layout (default: `1`); accepts integer from 0 to 4294967295.
---@field pivots? integer pivot nodes for the PivotMDS start and the sparse model (default: `100` up to `exactNodeLimit` nodes, `200` above); accepts integer from 2 to 10000.
---@field exactNodeLimit? integer above this many nodes, sparse stress (default: `2000`); accepts integer from 0 to 20000.
---@field scale? number layout units per unit of graph distance (d3's default link distance) (default: `30`); accepts number from 1e-9 to 1e9.
---@field solver? "majorization"|"sgd" `majorization` (neato's, node by node, up to `iterations` sweeps) or `sgd` (stochastic gradient descent over the model's terms, 30 epochs as s_gd2) (default: `majorization` up to `exactNodeLimit` nodes, `sgd` above); accepts `"majorization"`, `"sgd"`.

---Options of `fl.layout.multilevel`.
---@class (exact) forcelab.options.layout.multilevel: table<"dimensions"|"coarsening"|"coarsestLayout"|"coarsestSize"|"minShrink"|"coarsestTicks"|"finestTicks"|"refineAlpha"|"distance"|"charge"|"polishSweeps"|"polishPivots"|"descentEpochs"|"descentNodeLimit"|"neighbourhoodSteps"|"neighbourhoodWeight"|"neighbourhoodLength"|"sparseDescentPivots"|"sparseDescentNodeLimit"|"seed", any>
---@field dimensions? integer 2 or 3 (default: `2`); accepts integer from 2 to 3.
---@field coarsening? "matching"|"solar" how nodes are grouped level by level: `matching` pairs each node with a neighbour along the heaviest edge (lone nodes join a neighbouring pair), `solar` groups each sun of a maximal independent set with its neighbours, as FM³'s solar systems (default: `"matching"`); accepts `"matching"`, `"solar"`.
---@field coarsestLayout? "stress"|"forces" how the coarsest level is laid out: `stress` by stress majorization from PivotMDS (as `fl.layout.stress`), which keeps long paths straight, `forces` by the fast-mode forces from random positions (default: `"stress"`); accepts `"stress"`, `"forces"`.
---@field coarsestSize? integer coarsening stops at a level of at most this many nodes (default: `1000`); accepts integer from 2 to 1000000.
---@field minShrink? number coarsening stops when a level would keep more than this fraction of the finer level's nodes (default: `0.85`); accepts number from 0.1 to 0.99.
---@field coarsestTicks? integer ticks of the forces on the coarsest level: alpha falling from 1 to 0.001 when it is laid out by forces, none after stress (default: `300`); accepts integer from 0 to 1000000.
---@field finestTicks? integer ticks on the graph itself; the levels between get counts between the two, geometrically by their node counts (default: `60`); accepts integer from 0 to 1000000.
---@field refineAlpha? number alpha each finer level's refinement starts from (falling to 0.001) (default: `0.3`); accepts number from 0.001 to 1.
---@field distance? number the link force's rest length on every level (default: `30`); accepts number from 1e-9 to 1e9.
---@field charge? number the many-body strength on every level (negative: repulsion) (default: `-30`); accepts number from -1e9 to -1e-9.
---@field polishSweeps? integer sweeps of sparse stress majorization (graph neighbours and pivots, as `fl.layout.stress` above its exact size, and the nodes two hops away) on the graph after the last refinement; 0 leaves the force layout as it is (default: `30`); accepts integer from 0 to 100000.
---@field polishPivots? integer pivots of the polish's sparse stress model (default: `50`); accepts integer from 1 to 1000.
---@field descentEpochs? integer epochs of stochastic gradient descent over every pair of nodes (s_gd2's, each pair at its hop distance, weight 1/d²) after the polish, on graphs of at most `descentNodeLimit` nodes; 0: none (default: `0`); accepts integer from 0 to 100000.
---@field descentNodeLimit? integer the most nodes a graph may have for the descent over every pair (an epoch costs a breadth-first search a node and a move a pair) (default: `10000`); accepts integer from 0 to 1000000.
---@field neighbourhoodSteps? integer steps of the neighbourhood stage after the polish and the descent (2D only): sparse stress against sampled pivots plus a local term that pulls each node's graph neighbours in and pushes its nearest other nodes out, raising neighbourhood preservation at a small cost in stress; 0: none (default: `0`); accepts integer from 0 to 100000.
---@field neighbourhoodWeight? number the neighbourhood stage's local term against its stress term: higher raises neighbourhood preservation more and the stress with it (default: `10`); accepts number from 1e-6 to 1000000.
---@field neighbourhoodLength? number the scale of the neighbourhood stage's local term, in edges: how near a node's graph neighbours are drawn and how far its nearest other nodes are pushed (default: `0.3`); accepts number from 0.001 to 10.
---@field sparseDescentPivots? integer pivots of the gradient descent over the sparse stress model (`fl.layout.stress`'s above its exact size: graph neighbours and pivots, 30 epochs) run after the polish, from the multilevel layout, on graphs of more than `descentNodeLimit` and at most `sparseDescentNodeLimit` nodes; kept only where it lowers the stress; 0: none (default: `0`); accepts integer from 0 to 10000.
---@field sparseDescentNodeLimit? integer the most nodes a graph may have for the sparse descent (its pivot rows and terms take about 28 bytes a node a pivot) (default: `200000`); accepts integer from 0 to 2147483647.
---@field seed? integer seeds the coarsening order, the coarsest level's random start and each level's jitter; the same seed gives the same layout on any number of threads (default: `1`); accepts integer from 0 to 4294967295.

---Options of `fl.layout.layered`.
---@class (exact) forcelab.options.layout.layered: table<"direction"|"ranking"|"layerSeparation"|"nodeSeparation"|"sweeps"|"placementPasses"|"padding"|"labelHeight", any>
---@field direction? "right"|"down" the way edges run: `right` (layers are columns) or `down` (layers are rows) (default: `"right"`); accepts `"right"`, `"down"`.
---@field ranking? "longestPath"|"tight" how nodes get their layers: `longestPath` (each one layer after its furthest predecessor) or `tight` (then each node moved, within the room its edges leave, to the side it has more edges on, shortening them) (default: `"tight"`); accepts `"longestPath"`, `"tight"`.
---@field layerSeparation? number the gap between the boxes of one layer and the next (default: `60`); accepts number from 0 to 1e9.
---@field nodeSeparation? number the gap between neighbouring boxes of a layer (half of it beside a bend of a long edge) (default: `30`); accepts number from 0 to 1e9.
---@field sweeps? integer down-and-up sweeps of the crossing reduction (barycenters, then adjacent swaps); the order with the fewest crossings is kept (default: `12`); accepts integer from 0 to 10000.
---@field placementPasses? integer passes of the coordinate assignment pulling boxes towards their neighbours (default: `8`); accepts integer from 0 to 10000.
---@field padding? number room between a parent's frame and its children (default: `15`); accepts number from 0 to 1e9.
---@field labelHeight? number more room above a parent's children, for its label (default: `20`); accepts number from 0 to 1e9.

---Options of `g:addNode`.
---@class (exact) forcelab.options.g.addNode: table<"id"|"x"|"y"|"z"|"fx"|"fy"|"fz"|"data"|"parent"|"parentId"|"width"|"height"|"handles"|"label"|"type"|"selected"|"deletable"|"hidden"|"vx"|"vy"|"vz", any>
---@field id string|number the node's id (a number is turned into a string) (default: required); accepts string or number.
---@field x? number position x (relative to the parent) (default: placed by a simulation); accepts number, inf or -inf.
---@field y? number position y (default: placed by a simulation); accepts number, inf or -inf.
---@field z? number position z (3D); accepts number, inf or -inf.
---@field fx? number fixed x (d3's fx): a simulation keeps the node there; accepts number, inf or -inf.
---@field fy? number fixed y; accepts number, inf or -inf.
---@field fz? number fixed z; accepts number, inf or -inf.
---@field data? table free-form data fields; accepts `{name = value, ...}`.
---@field parent? string|number the parent node's id (React Flow's parentId); accepts string or number.
---@field parentId? string|number the same as `parent`; accepts string or number.
---@field width? number width (a node with width and height is drawn as a box); accepts number, inf or -inf.
---@field height? number height; accepts number, inf or -inf.
---@field handles? table connection points; accepts `{{id =, type = "source" | "target", position = "top" | ...}, ...}`.
---@field label? string|number display label; accepts string or number.
---@field type? string node type; accepts string.
---@field selected? boolean selected (default: `false`); accepts boolean.
---@field deletable? boolean whether deleteElements may remove it (default: `true`); accepts boolean.
---@field hidden? boolean hidden (default: `false`); accepts boolean.
---@field vx? number velocity x (d3's vx), kept by the graph's simulation; needs one made on the graph (default: 0); accepts number.
---@field vy? number velocity y (default: 0); accepts number.
---@field vz? number velocity z (3D) (default: 0); accepts number.

---Options of `g:addNode handle`.
---@class (exact) forcelab.options.g.addNode.handle: table<"id"|"type"|"position", any>
---@field id? string|number the handle's id (none: the node's default handle of its type); accepts string or number.
---@field type? "source"|"target" whether edges leave or arrive here (default: `"source"`); accepts `"source"`, `"target"`.
---@field position? "left"|"top"|"right"|"bottom" the side of the node; accepts `"left"`, `"top"`, `"right"`, `"bottom"`.

---Options of `g:addEdge`.
---@class (exact) forcelab.options.g.addEdge: table<"source"|"target"|"id"|"sourceHandle"|"targetHandle"|"data"|"label"|"type"|"selected"|"deletable", any>
---@field source string|number the source node's id (default: required); accepts string or number.
---@field target string|number the target node's id (default: required); accepts string or number.
---@field id? string|number the edge's id (default: `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, made unique); accepts string or number.
---@field sourceHandle? string|number the source handle's id; accepts string or number.
---@field targetHandle? string|number the target handle's id; accepts string or number.
---@field data? table free-form data fields; accepts `{name = value, ...}`.
---@field label? string|number display label; accepts string or number.
---@field type? string edge type; accepts string.
---@field selected? boolean selected (default: `false`); accepts boolean.
---@field deletable? boolean whether deleteElements may remove it (default: `true`); accepts boolean.

---Options of `g:connect`.
---@class (exact) forcelab.options.g.connect: table<"source"|"target"|"id"|"sourceHandle"|"targetHandle"|"data", any>
---@field source string|number the source node's id (default: required); accepts string or number.
---@field target string|number the target node's id (default: required); accepts string or number.
---@field id? string|number the edge's id (default: `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, made unique); accepts string or number.
---@field sourceHandle? string|number the source handle's id; accepts string or number.
---@field targetHandle? string|number the target handle's id; accepts string or number.
---@field data? table free-form data fields; accepts `{name = value, ...}`.

---Options of `g:deleteElements`.
---@class (exact) forcelab.options.g.deleteElements: table<"nodes"|"edges", any>
---@field nodes? table the nodes to delete, with their deletable descendants and edges; accepts `{id or node, ...}`.
---@field edges? table the edges to delete; accepts `{id or edge, ...}`.

---Options of `g:restore node`.
---@class (exact) forcelab.options.g.restore.node: table<"id"|"x"|"y"|"z"|"fx"|"fy"|"fz"|"data"|"parent"|"parentId"|"width"|"height"|"handles"|"label"|"type"|"selected"|"deletable"|"hidden"|"position", any>
---@field id string|number the node's id (a number is turned into a string) (default: required); accepts string or number.
---@field x? number position x (relative to the parent) (default: placed by a simulation); accepts number, inf or -inf.
---@field y? number position y (default: placed by a simulation); accepts number, inf or -inf.
---@field z? number position z (3D); accepts number, inf or -inf.
---@field fx? number fixed x (d3's fx): a simulation keeps the node there; accepts number, inf or -inf.
---@field fy? number fixed y; accepts number, inf or -inf.
---@field fz? number fixed z; accepts number, inf or -inf.
---@field data? table free-form data fields; accepts `{name = value, ...}`.
---@field parent? string|number the parent node's id (React Flow's parentId); accepts string or number.
---@field parentId? string|number the same as `parent`; accepts string or number.
---@field width? number width (a node with width and height is drawn as a box); accepts number, inf or -inf.
---@field height? number height; accepts number, inf or -inf.
---@field handles? table connection points; accepts `{{id =, type = "source" | "target", position = "top" | ...}, ...}`.
---@field label? string|number display label; accepts string or number.
---@field type? string node type; accepts string.
---@field selected? boolean selected (default: `false`); accepts boolean.
---@field deletable? boolean whether deleteElements may remove it (default: `true`); accepts boolean.
---@field hidden? boolean hidden (default: `false`); accepts boolean.
---@field position? integer its former place (1-based), as `g:deleteElements` returns it; accepts integer ≥ 1.

---Options of `g:restore edge`.
---@class (exact) forcelab.options.g.restore.edge: table<"source"|"target"|"id"|"sourceHandle"|"targetHandle"|"data"|"label"|"type"|"selected"|"deletable"|"position", any>
---@field source string|number the source node's id (default: required); accepts string or number.
---@field target string|number the target node's id (default: required); accepts string or number.
---@field id? string|number the edge's id (default: `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, made unique); accepts string or number.
---@field sourceHandle? string|number the source handle's id; accepts string or number.
---@field targetHandle? string|number the target handle's id; accepts string or number.
---@field data? table free-form data fields; accepts `{name = value, ...}`.
---@field label? string|number display label; accepts string or number.
---@field type? string edge type; accepts string.
---@field selected? boolean selected (default: `false`); accepts boolean.
---@field deletable? boolean whether deleteElements may remove it (default: `true`); accepts boolean.
---@field position? integer its former place (1-based), as `g:deleteElements` returns it; accepts integer ≥ 1.

---Options of `g:applyNodeChanges change`.
---@class (exact) forcelab.options.g.applyNodeChanges.change: table<"type"|"id"|"item"|"index"|"position"|"dragging"|"dimensions"|"selected", any>
---@field type "add"|"remove"|"replace"|"position"|"dimensions"|"select" what the change does (default: required); accepts `"add"`, `"remove"`, `"replace"`, `"position"`, `"dimensions"`, `"select"`.
---@field id? string|number the node (all but add); accepts string or number.
---@field item? table the node to add or the replacement; accepts `a node, as g:addNode takes it, without vx, vy, vz`.
---@field index? integer where to add (1-based; default: at the end); accepts integer ≥ 1.
---@field position? table the new position; accepts `{x =, y = [, z =]}`.
---@field dragging? boolean whether the node is being dragged; accepts boolean.
---@field dimensions? table the new size; accepts `{width =, height =}`.
---@field selected? boolean the new selection state; accepts boolean.

---Options of `g:applyNodeChanges position`.
---@class (exact) forcelab.options.g.applyNodeChanges.position: table<"x"|"y"|"z", any>
---@field x? number the new x (default: unplaced); accepts number, inf or -inf.
---@field y? number the new y (default: unplaced); accepts number, inf or -inf.
---@field z? number the new z (3D); accepts number, inf or -inf.

---Options of `g:applyNodeChanges dimensions`.
---@class (exact) forcelab.options.g.applyNodeChanges.dimensions: table<"width"|"height", any>
---@field width? number the new width (default: `0`); accepts number, inf or -inf.
---@field height? number the new height (default: `0`); accepts number, inf or -inf.

---Options of `g:applyEdgeChanges change`.
---@class (exact) forcelab.options.g.applyEdgeChanges.change: table<"type"|"id"|"item"|"index"|"selected", any>
---@field type "add"|"remove"|"replace"|"select" what the change does (default: required); accepts `"add"`, `"remove"`, `"replace"`, `"select"`.
---@field id? string|number the edge (all but add); accepts string or number.
---@field item? table the edge to add or the replacement; accepts `an edge, as g:addEdge takes it`.
---@field index? integer where to add (1-based; default: at the end); accepts integer ≥ 1.
---@field selected? boolean the new selection state; accepts boolean.

---Options of `sim:force table`.
---@class forcelab.options.sim.force.table
---@field force function called every tick; with `arrays`, as `force(alpha, x, y, vx, vy, n)` (3D: `x, y, z, vx, vy, vz, n`), one array per coordinate (default: required); accepts `function(alpha)`.
---@field initialize? function called when the force is added and whenever the node set changes; with `arrays`, as `initialize(ids, random)`, the node ids in array order; accepts `function(nodes, random)`.
---@field arrays? boolean hand `force` one Lua array per coordinate instead of the node tables (default: `false`); accepts boolean.

---Options of `fl.force.center`.
---@class (exact) forcelab.options.force.center: table<"x"|"y"|"z"|"strength", any>
---@field x? number centre x (default: `0`); accepts number.
---@field y? number centre y (default: `0`); accepts number.
---@field z? number centre z (3D) (default: `0`); accepts number.
---@field strength? number share of the offset removed each tick (default: `1`); accepts number.

---Options of `fl.force.manyBody`.
---@class (exact) forcelab.options.force.manyBody: table<"strength"|"theta"|"distanceMin"|"distanceMax", any>
---@field strength? number|string|function charge (negative repels) (default: `-30`); accepts number, `function(node, i, nodes)` or numeric node data field name.
---@field theta? number Barnes-Hut accuracy: a cell acts as one body when width / distance < theta (fast mode's 2D multipoles take it as their opening, up to 0.9: smaller is more accurate and slower, larger reads as 0.9) (default: `0.9`); accepts number ≥ 0.
---@field distanceMin? number distances below it count as it (default: `1`); accepts number ≥ 0.
---@field distanceMax? number nodes farther apart do not interact (default: `inf`); accepts number ≥ 0, or inf.

---Options of `fl.force.link`.
---@class (exact) forcelab.options.force.link: table<"distance"|"strength"|"iterations"|"ends"|"edges"|"id", any>
---@field distance? number|string|function rest length of each link (default: `30`); accepts number, `function(edge, i, links)` or numeric edge data field name.
---@field strength? number|string|function stiffness of each link (default: 1 / min(degree(source), degree(target))); accepts number, `function(edge, i, links)` or numeric edge data field name.
---@field iterations? integer passes over the links per tick (default: `1`); accepts integer from 0 to 1000.
---@field ends? "centres"|"handles" what each spring joins: the nodes' centres, or the handles edges are drawn from (a flow's) (default: `"centres"`); accepts `"centres"`, `"handles"`.
---@field edges? any the edges linked: those the function returns true for or whose field is true (in edge order), or those listed (in that order) (default: every edge); accepts `function(edge)`, boolean edge data field name or `{edge id, ...}`.
---@field id? function d3's id accessor: edge ends are matched against what it returns for each node (default: the node's id); accepts `function(node, i, nodes)`.

---Options of `fl.force.collide`.
---@class (exact) forcelab.options.force.collide: table<"radius"|"strength"|"iterations"|"shape"|"margin", any>
---@field radius? number|string|function each node's radius (with shape "box", of the nodes without a width and height) (default: `1`); accepts number, `function(node, i, nodes)` or numeric node data field name.
---@field strength? number share of an overlap resolved each pass (default: `1`); accepts number.
---@field iterations? integer passes per tick (default: `1`); accepts integer from 0 to 1000.
---@field shape? "circle"|"box" "box": a node with a width and a height is its box, as drawn, the others circles (default: `"circle"`); accepts `"circle"`, `"box"`.
---@field margin? number least gap kept between outlines (circles: each radius grows by half of it) (default: `0`); accepts number ≥ 0.

---Options of `fl.force.x`.
---@class (exact) forcelab.options.force.x: table<"x"|"strength", any>
---@field x? number|string|function each node's target x (NaN: no pull) (default: `0`); accepts number, `function(node, i, nodes)` or numeric node data field name.
---@field strength? number|string|function share of the distance closed per tick, times alpha (default: `0.1`); accepts number, `function(node, i, nodes)` or numeric node data field name.

---Options of `fl.force.y`.
---@class (exact) forcelab.options.force.y: table<"y"|"strength", any>
---@field y? number|string|function each node's target y (NaN: no pull) (default: `0`); accepts number, `function(node, i, nodes)` or numeric node data field name.
---@field strength? number|string|function share of the distance closed per tick, times alpha (default: `0.1`); accepts number, `function(node, i, nodes)` or numeric node data field name.

---Options of `fl.force.z`.
---@class (exact) forcelab.options.force.z: table<"z"|"strength", any>
---@field z? number|string|function each node's target z (NaN: no pull) (default: `0`); accepts number, `function(node, i, nodes)` or numeric node data field name.
---@field strength? number|string|function share of the distance closed per tick, times alpha (default: `0.1`); accepts number, `function(node, i, nodes)` or numeric node data field name.

---Options of `fl.force.radial`.
---@class (exact) forcelab.options.force.radial: table<"radius"|"x"|"y"|"z"|"strength", any>
---@field radius? number|string|function each node's target distance from the centre (default: `0`); accepts number, `function(node, i, nodes)` or numeric node data field name.
---@field x? number centre x (default: `0`); accepts number.
---@field y? number centre y (default: `0`); accepts number.
---@field z? number centre z (3D) (default: `0`); accepts number.
---@field strength? number|string|function share of the distance closed per tick, times alpha (default: `0.1`); accepts number, `function(node, i, nodes)` or numeric node data field name.

---Options of `fl.force.frames`.
---@class (exact) forcelab.options.force.frames: table<"padding"|"labelRoom"|"strength"|"shrinks", any>
---@field padding? number room between a frame's side and its children (default: `20`); accepts number ≥ 0.
---@field labelRoom? number extra room at a frame's top, for its label (default: `24`); accepts number ≥ 0.
---@field strength? number pull of each child towards its frame's middle, times alpha (default: `0.1`); accepts number from 0 to 1.
---@field shrinks? boolean whether a frame may become smaller than its size in the graph (default: `false`); accepts boolean.

---Options of `fl.force.flow`.
---@class (exact) forcelab.options.force.flow: table<"direction"|"separation"|"strength", any>
---@field direction? "right"|"down"|"left"|"up"|number[] the way edges run, as the screen shows it (y grows downwards) (default: `"right"`); accepts `"right"`, `"down"`, `"left"`, `"up"` or `{x, y}`.
---@field separation? number least gap between an edge's ends (their outlines) along the direction (default: `40`); accepts number ≥ 0.
---@field strength? number share of a shortfall closed per tick, times alpha (default: `0.5`); accepts number from 0 to 1.

---Options of `fl.graph.generate("recursive")`.
---@class (exact) forcelab.options.graph.generate.recursive: table<"n"|"seed", any>
---@field n integer nodes (default: required); accepts integer ≥ 0.
---@field seed? integer seed of d3's LCG (default: `1`); accepts integer from 0 to 4294967295.

---Options of `fl.graph.generate("grid")`.
---@class (exact) forcelab.options.graph.generate.grid: table<"rows"|"columns", any>
---@field rows integer rows (default: required); accepts integer ≥ 0.
---@field columns integer columns (default: required); accepts integer ≥ 0.

---Options of `fl.graph.generate("ladder")`.
---@class (exact) forcelab.options.graph.generate.ladder: table<"rungs", any>
---@field rungs integer rungs (the ladder has twice as many nodes) (default: required); accepts integer ≥ 0.

---Options of `fl.graph.generate("tree")`.
---@class (exact) forcelab.options.graph.generate.tree: table<"n"|"branching", any>
---@field n integer nodes (default: required); accepts integer ≥ 0.
---@field branching? integer children per node (default: `2`); accepts integer ≥ 1.

---Options of `fl.graph.generate("erdosRenyi")`.
---@class (exact) forcelab.options.graph.generate.erdosRenyi: table<"n"|"p"|"m"|"seed", any>
---@field n integer nodes (default: required); accepts integer ≥ 0.
---@field p? number the chance of each edge (give p or m); accepts number from 0 to 1.
---@field m? integer the number of edges, drawn uniformly (give p or m); accepts integer ≥ 0.
---@field seed? integer seed of d3's LCG (default: `1`); accepts integer from 0 to 4294967295.

---Options of `fl.graph.generate("barabasiAlbert")`.
---@class (exact) forcelab.options.graph.generate.barabasiAlbert: table<"n"|"m"|"seed", any>
---@field n integer nodes (default: required); accepts integer ≥ 0.
---@field m integer edges from each new node (default: required); accepts integer ≥ 1.
---@field seed? integer seed of d3's LCG (default: `1`); accepts integer from 0 to 4294967295.

---Options of `fl.graph.generate("stochasticBlock")`.
---@class (exact) forcelab.options.graph.generate.stochasticBlock: table<"clusters"|"size"|"n"|"pIn"|"pOut"|"seed", any>
---@field clusters integer clusters; nodes get `data.group` (default: required); accepts integer ≥ 1.
---@field size? integer nodes per cluster (give size or n); accepts integer ≥ 0.
---@field n? integer nodes in all, shared out as evenly as can be (give size or n); accepts integer ≥ 0.
---@field pIn number the chance of each edge within a cluster (default: required); accepts number from 0 to 1.
---@field pOut number the chance of each edge across clusters (default: required); accepts number from 0 to 1.
---@field seed? integer seed of d3's LCG (default: `1`); accepts integer from 0 to 4294967295.

---Options of `fl.graph.generate("miserables")`.
---@class (exact) forcelab.options.graph.generate.miserables: table<never, any>

---@class forcelab.Edge
local Edge = {}

---the element as a plain table
---@return table
function Edge:snapshot() end

---@class forcelab.Force
local Force = {}

---reads the option 'direction' in force, or sets it and returns the force (flow)
---@param value? any
---@return any|forcelab.Force
function Force:direction(value) end

---reads the option 'distance' in force, or sets it and returns the force (link)
---@param value? any
---@return any|forcelab.Force
function Force:distance(value) end

---reads the option 'distanceMax' in force, or sets it and returns the force (manyBody)
---@param value? any
---@return any|forcelab.Force
function Force:distanceMax(value) end

---reads the option 'distanceMin' in force, or sets it and returns the force (manyBody)
---@param value? any
---@return any|forcelab.Force
function Force:distanceMin(value) end

---reads the option 'edges' in force, or sets it and returns the force (link)
---@param value? any
---@return any|forcelab.Force
function Force:edges(value) end

---reads the option 'ends' in force, or sets it and returns the force (link)
---@param value? any
---@return any|forcelab.Force
function Force:ends(value) end

---reads the option 'id' in force, or sets it and returns the force (link)
---@param value? any
---@return any|forcelab.Force
function Force:id(value) end

---reads the option 'iterations' in force, or sets it and returns the force (link, collide)
---@param value? any
---@return any|forcelab.Force
function Force:iterations(value) end

---reads the option 'labelRoom' in force, or sets it and returns the force (frames)
---@param value? any
---@return any|forcelab.Force
function Force:labelRoom(value) end

---a link force's edges, in link order, in the simulation it was added to last
---@return forcelab.Edge[]
function Force:links() end

---reads the option 'margin' in force, or sets it and returns the force (collide)
---@param value? any
---@return any|forcelab.Force
function Force:margin(value) end

---reads the option 'padding' in force, or sets it and returns the force (frames)
---@param value? any
---@return any|forcelab.Force
function Force:padding(value) end

---reads the option 'radius' in force, or sets it and returns the force (collide, radial)
---@param value? any
---@return any|forcelab.Force
function Force:radius(value) end

---reads the option 'separation' in force, or sets it and returns the force (flow)
---@param value? any
---@return any|forcelab.Force
function Force:separation(value) end

---reads the option 'shape' in force, or sets it and returns the force (collide)
---@param value? any
---@return any|forcelab.Force
function Force:shape(value) end

---reads the option 'shrinks' in force, or sets it and returns the force (frames)
---@param value? any
---@return any|forcelab.Force
function Force:shrinks(value) end

---reads the option 'strength' in force, or sets it and returns the force (center, manyBody, link, collide, x, y, z, radial, frames, flow)
---@param value? any
---@return any|forcelab.Force
function Force:strength(value) end

---reads the option 'theta' in force, or sets it and returns the force (manyBody)
---@param value? any
---@return any|forcelab.Force
function Force:theta(value) end

---reads the option 'x' in force, or sets it and returns the force (center, x, radial)
---@param value? any
---@return any|forcelab.Force
function Force:x(value) end

---reads the option 'y' in force, or sets it and returns the force (center, y, radial)
---@param value? any
---@return any|forcelab.Force
function Force:y(value) end

---reads the option 'z' in force, or sets it and returns the force (center, z, radial)
---@param value? any
---@return any|forcelab.Force
function Force:z(value) end

---@class forcelab.Graph
local Graph = {}

---x, y including the parents' positions
---@param id string|forcelab.Node
---@return number
---@return number
function Graph:absolutePosition(id) end

---adds an edge and returns it (an id is made when none is given)
---@param edge forcelab.options.g.addEdge
---@return forcelab.Edge
function Graph:addEdge(edge) end

---adds a node and returns it; only id is required
---@param node forcelab.options.g.addNode
---@return forcelab.Node
function Graph:addNode(node) end

---applies React Flow edge changes
---@param changes table[]
function Graph:applyEdgeChanges(changes) end

---applies React Flow node changes
---@param changes table[]
function Graph:applyNodeChanges(changes) end

---the node's direct children
---@param id string|forcelab.Node
---@return forcelab.Node[]
function Graph:children(id) end

---React Flow's addEdge: the edge, or nil when an endpoint is missing or it is already there
---@param edge forcelab.options.g.connect
---@return forcelab.Edge?
function Graph:connect(edge) end

---the edges touching the nodes
---@param ids string|forcelab.Node|table
---@return forcelab.Edge[]
function Graph:connectedEdges(ids) end

---the node's connections, of one end and handle when given
---@param id string|forcelab.Node
---@param kind? string
---@param handle? string
---@return table[]
function Graph:connections(id, kind, handle) end

---the number of edges touching the node
---@param id string|forcelab.Node
---@return integer
function Graph:degree(id) end

---removes nodes (with deletable descendants and edges) and edges; returns what it deleted
---@param elements forcelab.options.g.deleteElements
---@return table[]
---@return table[]
function Graph:deleteElements(elements) end

---a live reference to the edge, or nil
---@param id string|number
---@return forcelab.Edge?
function Graph:edge(id) end

---the number of edges
---@return integer
function Graph:edgeCount() end

---the edges in graph order, as an array that also iterates
---@return forcelab.Edge[]
function Graph:edges() end

---the nodes at the other end of incoming edges
---@param id string|forcelab.Node
---@return forcelab.Node[]
function Graph:incomers(id) end

---a live reference to the node, or nil
---@param id string|number
---@return forcelab.Node?
function Graph:node(id) end

---the number of nodes (#g too)
---@return integer
function Graph:nodeCount() end

---the nodes in graph order, as an array that also iterates
---@return forcelab.Node[]
function Graph:nodes() end

---calls the handler with the node's data whenever it changes
---@param id string|forcelab.Node
---@param handler fun(data: table)
function Graph:observeData(id, handler) end

---calls the handler after every change of the graph (event "change")
---@param event string
---@param handler fun(event: table)
function Graph:on(event, handler) end

---the nodes at the other end of outgoing edges
---@param id string|forcelab.Node
---@return forcelab.Node[]
function Graph:outgoers(id) end

---puts deleted nodes and edges back where they were (undo)
---@param nodes table[]
---@param edges table[]
function Graph:restore(nodes, edges) end

---writes the graph atomically, in the format of its extension or the one given
---@param path string
---@param options? forcelab.options.g.save
---@return forcelab.Graph
function Graph:save(path, options) end

---the selected edges
---@return forcelab.Edge[]
function Graph:selectedEdges() end

---the selected nodes
---@return forcelab.Node[]
function Graph:selectedNodes() end

---prints the layout in braille dots, sized to the terminal
---@param columns? integer|forcelab.options.g.show
---@param rows? integer
function Graph:show(columns, rows) end

---@class forcelab.Node
local Node = {}

---the element as a plain table
---@return table
function Node:snapshot() end

---@class forcelab.Random
local Random = {}

---@class forcelab.Recording
local Recording = {}

---the frames of positions kept
---@return integer
function Recording:frameCount() end

---the values of a recorded series, one per tick
---@param name string
---@return number[]
function Recording:series(name) end

---stops recording
---@return forcelab.Recording
function Recording:stop() end

---the ticks recorded
---@return integer
function Recording:ticks() end

---@class forcelab.Simulation
local Simulation = {}

---reads alpha, or sets it (0 to 1) and returns the simulation
---@param value? number
---@return number|forcelab.Simulation
function Simulation:alpha(value) end

---reads alphaDecay, or sets it (0 to 1) and returns the simulation
---@param value? number
---@return number|forcelab.Simulation
function Simulation:alphaDecay(value) end

---reads alphaMin, or sets it (0 to 1) and returns the simulation
---@param value? number
---@return number|forcelab.Simulation
function Simulation:alphaMin(value) end

---reads alphaTarget, or sets it (0 to 1) and returns the simulation
---@param value? number
---@return number|forcelab.Simulation
function Simulation:alphaTarget(value) end

---the nearest node (strictly within the radius), or nil; 3D takes z
---@param x number
---@param y number
---@param z? number
---@param radius? number
---@return forcelab.Node?
function Simulation:find(x, y, z, radius) end

---pins a node, where it is without coordinates
---@param id string|forcelab.Node
---@param x? number
---@param y? number
---@param z? number
---@return forcelab.Simulation
function Simulation:fix(id, x, y, z) end

---the force of that name; with a force, adds or replaces it in its slot (nil removes it) and returns the simulation
---@param name string
---@param force? forcelab.Force|function|forcelab.options.sim.force.table|nil
---@return forcelab.Force|function|table|forcelab.Simulation|nil
function Simulation:force(name, force) end

---the forces' names in application order
---@return string[]
function Simulation:forces() end

---the simulation's graph
---@return forcelab.Graph
function Simulation:graph() end

---the simulation's nodes in index order (d3's simulation.nodes())
---@return forcelab.Node[]
function Simulation:nodes() end

---d3's on: registers ("tick" or "end", .name), removes (nil) or returns the handler
---@param event string
---@param handler? function|nil
---@return function|forcelab.Simulation|nil
function Simulation:on(event, handler) end

---d3's randomSource: replaces the LCG with a function, or returns the source
---@param source? fun(): number
---@return function|forcelab.Simulation
function Simulation:randomSource(source) end

---records alpha, energy, custom values and positions after every tick
---@param options? forcelab.options.sim.record
---@return forcelab.Recording
function Simulation:record(options) end

---clears a pending stop
---@return forcelab.Simulation
function Simulation:restart() end

---ticks until alpha < alphaMin, maxTicks or sim:stop(); returns the ticks and why it ended
---@param options? forcelab.options.sim.run
---@return integer
---@return string
function Simulation:run(options) end

---restarts d3's random source from seed n
---@param n integer
---@return forcelab.Simulation
function Simulation:seed(n) end

---ends the running sim:run after the current tick
---@return forcelab.Simulation
function Simulation:stop() end

---reads the threads the forces may use, or sets them
---@param n? integer
---@return integer|forcelab.Simulation
function Simulation:threads(n) end

---n ticks (default 1), like d3's tick: no events, no alphaMin check
---@param n? integer
---@return forcelab.Simulation
function Simulation:tick(n) end

---frees a pinned node
---@param id string|forcelab.Node
---@return forcelab.Simulation
function Simulation:unfix(id) end

---reads velocityDecay, or sets it (0 to 1) and returns the simulation
---@param value? number
---@return number|forcelab.Simulation
function Simulation:velocityDecay(value) end

---The forcelab module: `require "forcelab"`, also the globals `fl` and `forcelab`.
---@class forcelab
---@field build table
---@field version string
local forcelab = {}

---@class forcelab.module.data
forcelab.data = {}

---@class forcelab.module.force
forcelab.force = {}

---@class forcelab.module.graph
---@field generators table
forcelab.graph = {}

---@class forcelab.module.html
forcelab.html = {}

---@class forcelab.module.layout
forcelab.layout = {}

---@class forcelab.module.live
---@overload fun(sim: forcelab.Simulation, options?: forcelab.options.live): string
forcelab.live = {}

---@class forcelab.module.svg
forcelab.svg = {}

---monotonic wall time in seconds
---@return number
function forcelab.clock() end

---the rows of a CSV, TSV or JSON Lines file and its column names
---@param path string
---@param options? forcelab.options.data.read
---@return table[]
---@return string[]
function forcelab.data.read(path, options) end

---writes rows as a CSV, TSV or JSON Lines file and returns the path
---@param path string
---@param rows table[]
---@param options? forcelab.options.data.write
---@return string
function forcelab.data.write(path, rows, options) end

---shows a value in a notebook (forcelab kernel): a graph's picture, a recording's replay, a picture file, markup or text
---@param value any
---@param options? forcelab.options.svg.graph|forcelab.options.html.replay
function forcelab.display(value, options) end

---moves positions so their mean is the centre
---@param options? forcelab.options.force.center
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.center(options) end

---keeps nodes' circles (or boxes) apart
---@param options? forcelab.options.force.collide
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.collide(options) end

---places every edge's target after its source in one direction
---@param options? forcelab.options.force.flow
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.flow(options) end

---keeps each parent's children inside its frame, the frame grown to fit them
---@param options? forcelab.options.force.frames
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.frames(options) end

---a spring along each of the graph's edges (or the chosen ones)
---@param options? forcelab.options.force.link
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.link(options) end

---Barnes-Hut charge between all nodes
---@param options? forcelab.options.force.manyBody
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.manyBody(options) end

---pulls nodes towards a circle (a sphere in 3D) around a centre
---@param options? forcelab.options.force.radial
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.radial(options) end

---pulls nodes towards a target x
---@param options? forcelab.options.force.x
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.x(options) end

---pulls nodes towards a target y
---@param options? forcelab.options.force.y
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.y(options) end

---pulls nodes towards a target z (3D)
---@param options? forcelab.options.force.z
---@return forcelab.Force
---@overload fun(...: number): forcelab.Force
function forcelab.force.z(options) end

---numbers each node's community in a node data field; returns how many there are
---@param g forcelab.Graph
---@param options? forcelab.options.graph.communities
---@return integer
function forcelab.graph.communities(g, options) end

---numbers each node's component in a node data field; returns how many there are
---@param g forcelab.Graph
---@param options? forcelab.options.graph.components
---@return integer
function forcelab.graph.components(g, options) end

---writes each node's core number to a node data field; returns the largest (the degeneracy)
---@param g forcelab.Graph
---@param options? forcelab.options.graph.cores
---@return integer
function forcelab.graph.cores(g, options) end

---a generated graph of a kind (fl.graph.generators)
---@param kind string
---@param options? forcelab.options.graph.generate.recursive|forcelab.options.graph.generate.grid|forcelab.options.graph.generate.ladder|forcelab.options.graph.generate.tree|forcelab.options.graph.generate.erdosRenyi|forcelab.options.graph.generate.barabasiAlbert|forcelab.options.graph.generate.stochasticBlock|forcelab.options.graph.generate.miserables
---@return forcelab.Graph
function forcelab.graph.generate(kind, options) end

---reads a graph file
---@param path string
---@param options? forcelab.options.graph.load
---@return forcelab.Graph
function forcelab.graph.load(path, options) end

---an empty graph
---@param options? forcelab.options.graph.new
---@return forcelab.Graph
function forcelab.graph.new(options) end

---writes one self-contained HTML file that plays the recording
---@param recording forcelab.Recording
---@param path string
---@param options? forcelab.options.html.replay
function forcelab.html.replay(recording, path, options) end

---lays a flow out in layers (Sugiyama): edges run one way, few crossings, boxes of their sizes, parents as frames around their children; returns {layers =, crossings =, bends =}
---@param g forcelab.Graph
---@param options? forcelab.options.layout.layered
---@return table
function forcelab.layout.layered(g, options) end

---lays the graph out by multilevel force refinement
---@param g forcelab.Graph
---@param options? forcelab.options.layout.multilevel
---@return table
function forcelab.layout.multilevel(g, options) end

---lays the graph out by stress majorization; returns {iterations =, converged =, sparse =}
---@param g forcelab.Graph
---@param options? forcelab.options.layout.stress
---@return table
function forcelab.layout.stress(g, options) end

---ends the simulation's live page; false when it had none
---@param sim forcelab.Simulation
---@return boolean
function forcelab.live.stop(sim) end

---the layout's quality figures (stress, crossings, ...)
---@param g forcelab.Graph
---@param options? forcelab.options.metrics
---@return table
function forcelab.metrics(g, options) end

---creates a folder and its parents where the sandbox allows writing; returns the path
---@param path string
---@return string
function forcelab.mkdir(path) end

---binds a d3 simulation to a graph
---@param g forcelab.Graph
---@param options? forcelab.options.simulation
---@return forcelab.Simulation
function forcelab.simulation(g, options) end

---draws the graph as SVG
---@param g forcelab.Graph
---@param path string
---@param options? forcelab.options.svg.graph|forcelab.options.svg.graph.viewport|forcelab.options.svg.graph.cells
function forcelab.svg.graph(g, path, options) end

---draws lines (a recording's series too) as SVG
---@param path string
---@param options forcelab.options.svg.plot|forcelab.options.svg.plot.series|forcelab.options.svg.plot.band
function forcelab.svg.plot(path, options) end

---draws series over at least 3 axes as SVG
---@param path string
---@param options forcelab.options.svg.radar|forcelab.options.svg.radar.axis|forcelab.options.svg.radar.series
function forcelab.svg.radar(path, options) end

---@type forcelab
fl = forcelab

return forcelab
