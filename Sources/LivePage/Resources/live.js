// forcelab's live page: draws the simulation that fl.live serves, lets the pointer drag its nodes, pan and zoom,
// and builds its control panel from the API description (/api.json). The messages are docs/live.md's.
(function () {
  "use strict";
  var token = new URLSearchParams(location.search).get("token") || "";
  var query = "?token=" + encodeURIComponent(token);
  var canvas = document.getElementById("view"), ctx = canvas.getContext("2d");
  var panel = document.getElementById("panel"), tip = document.getElementById("tooltip");
  var statusBadge = document.getElementById("status"), readout = document.getElementById("readout");

  // What the server last said: the scene, the latest frame of positions and the settings.
  var scene = null, n = 0, dims = 2, positions = null, tick = 0, alpha = 0;
  var nodeGroups = [], edgeGroups = [], edgeEnds = new Int32Array(0);
  var forces = [], simulation = {}, metrics = null, paused = false, ended = false;
  // The option declarations of /api.json, by function name ("fl.force.manyBody", "fl.simulation").
  var declarations = {};
  // The view (screen = world * k + t), whether it still follows the graph, and what the pointer is doing.
  var view = { k: 1, tx: 0, ty: 0 }, autoFit = true, gesture = null, hover = -1, dirty = true;
  var stats = { frames: 0, received: 0, drawTimes: [], frameTimes: [], lastFrameTime: 0, benchUntil: 0 };
  var socket = null;

  // ---- the connection ----

  function connect() {
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/socket" + query);
    socket.binaryType = "arraybuffer";
    socket.onmessage = function (event) {
      if (typeof event.data === "string") receive(JSON.parse(event.data));
      else receiveFrame(new Float64Array(event.data));
    };
    socket.onclose = function () { ended = true; showStatus(); };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(message) {
    if (message.type === "scene") setScene(message);
    else if (message.type === "controls") setControls(message.forces, message.simulation);
    else if (message.type === "metrics") { metrics = message.figures; showMetrics(); showStatus(); }
    else if (message.type === "error") showError(message.message);
  }

  // One frame: [tick, alpha, x0, y0, (z0,) x1, ...] in the order of the last scene's nodes.
  function receiveFrame(frame) {
    if (!scene || frame.length !== 2 + n * dims) return;
    tick = frame[0];
    var wasCool = alpha < (simulation.alphaMin || 0);
    alpha = frame[1];
    positions = frame;
    stats.received++;
    if (wasCool && alpha >= (simulation.alphaMin || 0) && metrics) { metrics = null; showMetrics(); }
    dirty = true;
  }

  function setScene(message) {
    var first = scene === null;
    scene = message;
    n = message.nodes.length;
    dims = message.dimensions || 2;
    if (!positions || positions.length !== 2 + n * dims) positions = null;
    groupStyles();
    setControls(message.forces, message.simulation);
    if (first) autoFit = true;
    dirty = true;
  }

  // Nodes grouped by fill and stroke and edges by stroke, width, opacity and dash, so that each group is one path.
  function groupStyles() {
    var byKey = {}, i;
    nodeGroups = [];
    scene.nodes.forEach(function (node, index) {
      var key = (node.fill || "#1f77b4") + "|" + (node.stroke || "#fff") + "|" + (node.strokeWidth || 1);
      if (!byKey[key]) {
        byKey[key] = { fill: node.fill || "#1f77b4", stroke: node.stroke || "#fff", strokeWidth: node.strokeWidth || 1, nodes: [] };
        nodeGroups.push(byKey[key]);
      }
      byKey[key].nodes.push(index);
    });
    nodeGroups.forEach(function (group) { group.nodes = Int32Array.from(group.nodes); });
    byKey = {};
    edgeGroups = [];
    edgeEnds = new Int32Array(2 * scene.edges.length);
    scene.edges.forEach(function (edge, index) {
      edgeEnds[2 * index] = edge.source;
      edgeEnds[2 * index + 1] = edge.target;
      var dash = edge.dash ? String(edge.dash) : "";
      var key = (edge.stroke || "#999") + "|" + (edge.width || 1) + "|" + (edge.opacity === undefined ? 0.6 : edge.opacity) + "|" + dash;
      if (!byKey[key]) {
        byKey[key] = {
          stroke: edge.stroke || "#999", width: edge.width || 1,
          opacity: edge.opacity === undefined ? 0.6 : edge.opacity,
          dash: dash ? dash.split(/[ ,]+/).map(Number) : [], edges: []
        };
        edgeGroups.push(byKey[key]);
      }
      byKey[key].edges.push(index);
    });
    edgeGroups.forEach(function (group) { group.edges = Int32Array.from(group.edges); });
    for (i = 0; i < nodeGroups.length; i++) nodeGroups[i].count = nodeGroups[i].nodes.length;
  }

  // ---- drawing ----

  function size() { return { w: canvas.clientWidth, h: canvas.clientHeight }; }
  function worldX(i) { return positions[2 + i * dims]; }
  function worldY(i) { return positions[3 + i * dims]; }
  function screenX(i) { return worldX(i) * view.k + view.tx; }
  function screenY(i) { return worldY(i) * view.k + view.ty; }

  function fit() {
    var s = size();
    if (!positions || s.w === 0 || s.h === 0) return;
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, maxR = 0, i;
    for (i = 0; i < n; i++) {
      var x = worldX(i), y = worldY(i);
      if (x < minX) minX = x; if (x > maxX) maxX = x;
      if (y < minY) minY = y; if (y > maxY) maxY = y;
      maxR = Math.max(maxR, scene.nodes[i].radius || 5);
    }
    if (n === 0) { view.k = 1; view.tx = s.w / 2; view.ty = s.h / 2; return; }
    var pad = 20 + maxR;
    var k = Math.min((s.w - 2 * pad) / Math.max(maxX - minX, 1e-9), (s.h - 2 * pad) / Math.max(maxY - minY, 1e-9));
    if (!isFinite(k) || k <= 0) k = 1;
    view.k = Math.min(k, 4);
    view.tx = s.w / 2 - (minX + maxX) / 2 * view.k;
    view.ty = s.h / 2 - (minY + maxY) / 2 * view.k;
  }

  function draw() {
    var s = size(), dpr = window.devicePixelRatio || 1, i, j, a, b;
    if (canvas.width !== Math.round(s.w * dpr) || canvas.height !== Math.round(s.h * dpr)) {
      canvas.width = Math.max(1, Math.round(s.w * dpr));
      canvas.height = Math.max(1, Math.round(s.h * dpr));
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, s.w, s.h);
    if (!scene || !positions) return;
    if (autoFit && !gesture) fit();
    var k = view.k, tx = view.tx, ty = view.ty, p = positions, stride = dims;
    ctx.lineCap = "round";
    for (i = 0; i < edgeGroups.length; i++) {
      var eg = edgeGroups[i], edges = eg.edges;
      ctx.strokeStyle = eg.stroke;
      ctx.globalAlpha = eg.opacity;
      ctx.lineWidth = eg.width;
      ctx.setLineDash(eg.dash);
      ctx.beginPath();
      for (j = 0; j < edges.length; j++) {
        a = 2 + edgeEnds[2 * edges[j]] * stride;
        b = 2 + edgeEnds[2 * edges[j] + 1] * stride;
        ctx.moveTo(p[a] * k + tx, p[a + 1] * k + ty);
        ctx.lineTo(p[b] * k + tx, p[b + 1] * k + ty);
      }
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    var nodes = scene.nodes, left = -20, top = -20, right = s.w + 20, bottom = s.h + 20, visible = 0;
    for (i = 0; i < nodeGroups.length; i++) {
      var ng = nodeGroups[i], members = ng.nodes, outlined = false;
      ctx.beginPath();
      for (j = 0; j < members.length; j++) {
        var m = members[j], x = p[2 + m * stride] * k + tx, y = p[3 + m * stride] * k + ty;
        if (x < left || x > right || y < top || y > bottom) continue;
        var r = (nodes[m].radius || 5) * k;
        if (r < 1) r = 1;
        if (r >= 2.5) outlined = true;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        visible++;
      }
      ctx.fillStyle = ng.fill;
      ctx.fill();
      if (outlined) {
        ctx.strokeStyle = ng.stroke;
        ctx.lineWidth = ng.strokeWidth;
        ctx.stroke();
      }
    }
    if (hover >= 0 && hover < n) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = "#1f2328";
      ctx.beginPath();
      ctx.arc(screenX(hover), screenY(hover), (nodes[hover].radius || 5) * k + 3, 0, 2 * Math.PI);
      ctx.stroke();
    }
    if (visible <= 300) drawLabels(left, top, right, bottom);
  }

  // Labels beside the nodes in view, white-haloed, when few enough are in view to read them.
  function drawLabels(left, top, right, bottom) {
    ctx.font = "11px \"DejaVu Sans\", Verdana, sans-serif";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "rgba(255,255,255,0.9)";
    ctx.fillStyle = "#1f2328";
    for (var i = 0; i < n; i++) {
      var label = scene.nodes[i].label;
      if (label === undefined || label === null || label === "") continue;
      var x = screenX(i), y = screenY(i);
      if (x < left || x > right || y < top || y > bottom) continue;
      var dx = Math.max((scene.nodes[i].radius || 5) * view.k, 1) + 3;
      ctx.strokeText(String(label), x + dx, y);
      ctx.fillText(String(label), x + dx, y);
    }
  }

  // Draws when something changed (or always while a benchmark runs), and keeps the figures the benchmark reads.
  function animate(time) {
    if (dirty || time < stats.benchUntil) {
      var start = performance.now();
      draw();
      var spent = performance.now() - start;
      dirty = false;
      stats.frames++;
      stats.drawTimes.push(spent);
      if (stats.lastFrameTime) stats.frameTimes.push(time - stats.lastFrameTime);
      stats.lastFrameTime = time;
      if (stats.drawTimes.length > 600) { stats.drawTimes.shift(); }
      if (stats.frameTimes.length > 600) { stats.frameTimes.shift(); }
      showReadout();
    } else {
      stats.lastFrameTime = 0;
    }
    window.requestAnimationFrame(animate);
  }

  // ---- the pointer: drag a node (d3's idiom, the server does fx/fy and alphaTarget), pan, zoom ----

  function pointer(event) {
    var r = canvas.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  }

  // The node under a screen point (the nearest within its radius and a few pixels), or -1.
  function nodeAt(point) {
    if (!positions) return -1;
    var best = -1, bestDistance = Infinity;
    for (var i = 0; i < n; i++) {
      var dx = screenX(i) - point.x, dy = screenY(i) - point.y, d = dx * dx + dy * dy;
      var reach = Math.max((scene.nodes[i].radius || 5) * view.k, 1) + 4;
      if (d <= reach * reach && d < bestDistance) { bestDistance = d; best = i; }
    }
    return best;
  }

  canvas.addEventListener("pointerdown", function (event) {
    if (event.button !== 0) return;
    var point = pointer(event), node = nodeAt(point);
    canvas.setPointerCapture(event.pointerId);
    canvas.classList.add("grabbing");
    autoFit = false;
    if (node >= 0) {
      // The node keeps the pointer's offset from its centre, as d3.drag's subject does.
      gesture = {
        node: node, pointerId: event.pointerId,
        dx: worldX(node) - (point.x - view.tx) / view.k, dy: worldY(node) - (point.y - view.ty) / view.k
      };
      dragTo(point);
    } else {
      gesture = { node: -1, pointerId: event.pointerId, last: point };
    }
    showTip(-1);
  });

  function dragTo(point) {
    var x = (point.x - view.tx) / view.k + gesture.dx, y = (point.y - view.ty) / view.k + gesture.dy;
    if (positions) { positions[2 + gesture.node * dims] = x; positions[3 + gesture.node * dims] = y; }
    send({ type: "drag", node: gesture.node, x: x, y: y });
    dirty = true;
  }

  canvas.addEventListener("pointermove", function (event) {
    var point = pointer(event);
    if (gesture && gesture.pointerId === event.pointerId) {
      if (gesture.node >= 0) dragTo(point);
      else {
        view.tx += point.x - gesture.last.x;
        view.ty += point.y - gesture.last.y;
        gesture.last = point;
        dirty = true;
      }
      return;
    }
    var node = nodeAt(point);
    canvas.classList.toggle("over-node", node >= 0);
    if (node !== hover) { hover = node; dirty = true; }
    if (node >= 0) showTip(node, point); else showTip(-1);
  });

  function endGesture(event) {
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    if (gesture.node >= 0) send({ type: "release", node: gesture.node });
    gesture = null;
    canvas.classList.remove("grabbing");
    dirty = true;
  }
  canvas.addEventListener("pointerup", endGesture);
  canvas.addEventListener("pointercancel", endGesture);
  canvas.addEventListener("pointerleave", function () { if (!gesture && hover >= 0) { hover = -1; showTip(-1); dirty = true; } });

  canvas.addEventListener("wheel", function (event) {
    event.preventDefault();
    var point = pointer(event), factor = Math.exp(-event.deltaY * 0.0015);
    autoFit = false;
    view.tx = point.x - (point.x - view.tx) * factor;
    view.ty = point.y - (point.y - view.ty) * factor;
    view.k *= factor;
    dirty = true;
  }, { passive: false });

  function showTip(node, point) {
    if (node < 0) { tip.hidden = true; return; }
    var data = scene.nodes[node];
    tip.textContent = data.label !== undefined && data.label !== null && String(data.label) !== String(data.id)
      ? data.id + ": " + data.label : String(data.id);
    tip.hidden = false;
    tip.style.left = (point.x + 14) + "px";
    tip.style.top = (point.y + 10) + "px";
  }

  document.getElementById("fit").addEventListener("click", function () { autoFit = true; dirty = true; });
  window.addEventListener("resize", function () { dirty = true; });

  // ---- the header: state and figures ----

  function showStatus() {
    var cool = alpha < (simulation.alphaMin || 0.001) && (simulation.alphaTarget || 0) < (simulation.alphaMin || 0.001);
    var text = ended ? "ended" : !scene ? "connecting" : paused ? "paused" : cool ? "cool" : "running";
    statusBadge.textContent = text;
    statusBadge.className = "status " + text;
  }

  function showReadout() {
    if (!scene) return;
    var figures = summary();
    readout.textContent = "tick " + tick + "   alpha " + alpha.toFixed(4) + "   " + n.toLocaleString("en") + " nodes, " +
      scene.edges.length.toLocaleString("en") + " edges   " + (figures.fps ? figures.fps.toFixed(0) + " fps" : "");
    showStatus();
  }

  function showError(text) {
    var note = document.getElementById("message");
    if (note) { note.textContent = text; note.hidden = false; }
  }

  // ---- the control panel, made from the API description ----

  function setControls(newForces, newSimulation) {
    forces = newForces || [];
    simulation = newSimulation || {};
    paused = !!simulation.paused;
    buildPanel();
    showStatus();
  }

  var panelShape = "";
  function buildPanel() {
    // The panel is rebuilt only when the forces or their options change in kind; values move in place.
    var shape = JSON.stringify(forces.map(function (f) { return [f.name, f.kind, Object.keys(f.options || {})]; }));
    if (shape !== panelShape || !panel.firstChild) {
      panelShape = shape;
      panel.textContent = "";
      panel.appendChild(simulationSection());
      forces.forEach(function (force) { panel.appendChild(forceSection(force)); });
      var metricsSection = element("section", { id: "metrics", hidden: true });
      panel.appendChild(metricsSection);
      var message = element("p", { id: "message", className: "note error", hidden: true });
      panel.appendChild(message);
      showMetrics();
    }
    forces.forEach(function (force) {
      var section = panel.querySelector("section[data-force=\"" + CSS.escape(force.name) + "\"]");
      if (!section) return;
      section.classList.toggle("off", force.enabled === false);
      section.querySelector("input[data-role=enabled]").checked = force.enabled !== false;
      Object.keys(force.options || {}).forEach(function (name) {
        var control = section.querySelector("[data-option=\"" + CSS.escape(name) + "\"]");
        if (control) control.setValue(force.options[name]);
      });
    });
    ["alpha", "alphaTarget", "alphaDecay", "velocityDecay", "alphaMin"].forEach(function (name) {
      var control = panel.querySelector("[data-simulation=\"" + name + "\"]");
      if (control && simulation[name] !== undefined) control.setValue(simulation[name]);
    });
    var pause = document.getElementById("pause");
    if (pause) { pause.textContent = paused ? "Resume" : "Pause"; pause.classList.toggle("on", paused); }
  }

  function element(tag, properties, children) {
    var node = document.createElement(tag);
    Object.keys(properties || {}).forEach(function (key) { node[key] = properties[key]; });
    (children || []).forEach(function (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }

  function declarationOf(functionName, optionName) {
    var options = declarations[functionName] || [];
    for (var i = 0; i < options.length; i++) if (options[i].name === optionName) return options[i];
    return null;
  }

  function simulationSection() {
    var section = element("section", { id: "simulation" }, [element("h2", {}, ["Simulation"])]);
    ["alpha", "alphaTarget", "alphaDecay", "velocityDecay"].forEach(function (name) {
      var declaration = declarationOf("fl.simulation", name) || { name: name, kind: "number", min: 0, max: 1 };
      var row = optionRow(declaration, simulation[name], function (value) {
        send({ type: "simulation", option: name, value: value });
      });
      row.control.dataset.simulation = name;
      section.appendChild(row);
    });
    var reheat = element("button", { type: "button", id: "reheat", title: "alpha back to 1: the layout moves again" }, ["Reheat"]);
    reheat.addEventListener("click", function () { send({ type: "reheat" }); });
    var pause = element("button", { type: "button", id: "pause", title: "stop or go on ticking" }, [paused ? "Resume" : "Pause"]);
    pause.addEventListener("click", function () { send({ type: "pause", paused: !paused }); });
    var step = element("button", { type: "button", id: "step", title: "one tick of the simulation" }, ["Step"]);
    step.addEventListener("click", function () { send({ type: "step" }); });
    var end = element("button", { type: "button", id: "end", title: "end the live session: fl.live(sim, {wait = true}) returns" }, ["End"]);
    end.addEventListener("click", function () { send({ type: "end" }); });
    section.appendChild(element("div", { className: "buttons" }, [reheat, pause, step, end]));
    return section;
  }

  function forceSection(force) {
    var functionName = "fl.force." + force.kind;
    var toggle = element("input", { type: "checkbox", checked: force.enabled !== false });
    toggle.dataset.role = "enabled";
    toggle.setAttribute("aria-label", "force " + force.name + " on or off");
    toggle.addEventListener("change", function () { send({ type: "enable", name: force.name, enabled: toggle.checked }); });
    var switchLabel = element("label", { className: "switch", title: "on: the force acts; off: removed from the simulation, its options kept" },
      [toggle, element("span")]);
    var section = element("section", {}, [
      element("h2", {}, [switchLabel, force.name, element("span", { className: "kind" }, [functionName])])
    ]);
    section.dataset.force = force.name;
    var declared = (declarations[functionName] || []).map(function (d) { return d.name; });
    var names = declared.filter(function (name) { return name in (force.options || {}); });
    Object.keys(force.options || {}).forEach(function (name) { if (names.indexOf(name) < 0) names.push(name); });
    names.forEach(function (name) {
      var declaration = declarationOf(functionName, name) || { name: name, kind: typeof force.options[name] };
      var row = optionRow(declaration, force.options[name], function (value) {
        send({ type: "force", name: force.name, option: name, value: value });
      });
      row.control.dataset.option = name;
      section.appendChild(row);
    });
    return section;
  }

  function bound(value) {
    if (value === "inf") return Infinity;
    if (value === "-inf") return -Infinity;
    return typeof value === "number" ? value : undefined;
  }

  // The slider's range: the declared one, or, where a side is unbounded, one around the current value and default.
  function sliderRange(declaration, value) {
    var min = bound(declaration.min), max = bound(declaration.max);
    var scale = Math.max(Math.abs(typeof value === "number" ? value : 0), Math.abs(typeof declaration.default === "number" ? declaration.default : 0), 1);
    var chosen = false;
    if (min === undefined || !isFinite(min)) { min = max !== undefined && isFinite(max) && max <= 0 ? -4 * scale : (max !== undefined && isFinite(max) ? Math.min(0, max - 4 * scale) : -4 * scale); chosen = true; }
    if (max === undefined || !isFinite(max)) { max = min >= 0 ? min + 4 * scale : 4 * scale; chosen = true; }
    if (min === 0 && chosen && typeof value === "number" && value >= 0 && bound(declaration.min) === undefined) min = 0;
    return { min: min, max: max, chosen: chosen };
  }

  function formatNumber(value) {
    if (typeof value !== "number") return String(value);
    if (value === 0) return "0";
    var magnitude = Math.abs(value);
    return magnitude >= 1000 || magnitude < 0.001 ? value.toPrecision(3) : String(Number(value.toPrecision(4)));
  }

  // One option's row: a slider and a number field for numbers, a select for choices, a switch for booleans, a field
  // for the rest; the declaration's doc is the row's tooltip. `row.control.setValue` moves it without sending.
  function optionRow(declaration, value, change) {
    var label = element("label", { title: declaration.doc || "" }, [declaration.name]);
    var row = element("div", { className: "option", title: declaration.doc || "" }, [label]);
    var kind = declaration.kind;
    var numeric = kind === "number" || kind === "integer" || ((kind === "nodeNumber" || kind === "edgeNumber") && typeof value === "number");
    var control;
    if (numeric && typeof value === "number") {
      var range = sliderRange(declaration, value);
      var slider = element("input", { type: "range" });
      var field = element("input", { type: "number" });
      var step = kind === "integer" ? 1 : niceStep((range.max - range.min) / 400);
      slider.min = String(range.min); slider.max = String(range.max); slider.step = String(step);
      field.step = "any";
      slider.setAttribute("aria-label", declaration.name);
      field.setAttribute("aria-label", declaration.name + " value");
      if (range.chosen) row.title = (declaration.doc ? declaration.doc + "\n" : "") + "(unbounded: the slider spans " +
        formatNumber(range.min) + " to " + formatNumber(range.max) + " around the value; type any value in the field)";
      label.title = row.title;
      var holding = false;
      slider.addEventListener("pointerdown", function () { holding = true; });
      slider.addEventListener("pointerup", function () { holding = false; });
      slider.addEventListener("input", function () {
        var v = Number(slider.value);
        field.value = formatNumber(v);
        change(v);
      });
      field.addEventListener("change", function () {
        var v = Number(field.value);
        if (field.value.trim() === "" || !isFinite(v)) return;
        place(v);
        change(v);
      });
      var place = function (v) {
        if (v < Number(slider.min)) slider.min = String(v);
        if (v > Number(slider.max)) slider.max = String(v);
        slider.value = String(v);
      };
      control = element("div", { className: "number" });
      control.setValue = function (v) {
        if (typeof v !== "number" || holding || document.activeElement === field) return;
        place(v);
        field.value = formatNumber(v);
      };
      control.slider = slider;
      control.field = field;
      row.appendChild(slider);
      row.appendChild(field);
      row.control = field;
      field.setValue = control.setValue;
      slider.dataset.control = "slider";
      control.setValue(value);
      return row;
    }
    row.classList.add("wide");
    if (kind === "choice") {
      control = element("select", {}, (declaration.choices || []).map(function (choice) {
        return element("option", { value: choice }, [choice]);
      }));
      control.addEventListener("change", function () { change(control.value); });
      control.setValue = function (v) { if (document.activeElement !== control) control.value = String(v); };
    } else if (kind === "boolean" || typeof value === "boolean") {
      control = element("input", { type: "checkbox" });
      control.addEventListener("change", function () { change(control.checked); });
      control.setValue = function (v) { control.checked = !!v; };
    } else {
      control = element("input", { type: "text" });
      var settable = typeof value === "number" || typeof value === "string";
      if (!settable) { control.readOnly = true; control.title = "set in the session (" + (declaration.accepts || kind) + ")"; }
      control.addEventListener("change", function () {
        var v = control.value.trim();
        change(v !== "" && isFinite(Number(v)) ? Number(v) : v);
      });
      control.setValue = function (v) {
        if (document.activeElement === control) return;
        control.value = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
      };
    }
    control.setAttribute("aria-label", declaration.name);
    control.setValue(value);
    row.appendChild(control);
    row.control = control;
    return row;
  }

  function niceStep(raw) {
    if (!(raw > 0)) return 0.001;
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var scaled = raw / power;
    return (scaled < 2 ? 1 : scaled < 5 ? 2 : 5) * power;
  }

  function showMetrics() {
    var section = document.getElementById("metrics");
    if (!section) return;
    section.textContent = "";
    if (!metrics) { section.hidden = true; return; }
    section.hidden = false;
    section.appendChild(element("h2", {}, ["Layout metrics (cool)"]));
    var list = element("dl");
    Object.keys(metrics).forEach(function (name) {
      list.appendChild(element("dt", {}, [name]));
      list.appendChild(element("dd", {}, [formatNumber(metrics[name])]));
    });
    section.appendChild(list);
  }

  // ---- figures for benchmarks and tests ----

  function summary() {
    var times = stats.frameTimes.slice(-120), draws = stats.drawTimes.slice(-120);
    var meanFrame = times.length ? times.reduce(function (a, b) { return a + b; }, 0) / times.length : 0;
    var meanDraw = draws.length ? draws.reduce(function (a, b) { return a + b; }, 0) / draws.length : 0;
    return { fps: meanFrame ? 1000 / meanFrame : 0, drawMs: meanDraw, frames: stats.frames, received: stats.received };
  }

  window.forcelabLive = {
    // Figures of the last 120 frames drawn: frames a second, milliseconds spent drawing one.
    stats: summary,
    // Draws every animation frame for `ms` milliseconds and resolves with the frames a second and drawing times.
    bench: function (ms) {
      return new Promise(function (resolve) {
        stats.frameTimes = []; stats.drawTimes = []; stats.lastFrameTime = 0;
        var from = performance.now(), framesBefore = stats.frames;
        stats.benchUntil = from + ms;
        setTimeout(function () {
          var elapsed = performance.now() - from, draws = stats.drawTimes.slice().sort(function (a, b) { return a - b; });
          resolve({
            fps: (stats.frames - framesBefore) / (elapsed / 1000),
            drawMs: draws.length ? draws.reduce(function (a, b) { return a + b; }, 0) / draws.length : 0,
            drawMsP95: draws.length ? draws[Math.floor(0.95 * (draws.length - 1))] : 0,
            nodes: n, edges: scene ? scene.edges.length : 0, framesReceived: stats.received
          });
        }, ms + 50);
      });
    },
    screenPosition: function (i) { return positions ? [screenX(i), screenY(i)] : null; },
    worldPosition: function (i) { return positions ? [worldX(i), worldY(i)] : null; },
    nodeAt: function (x, y) { return nodeAt({ x: x, y: y }); },
    state: function () {
      return { nodes: n, edges: scene ? scene.edges.length : 0, tick: tick, alpha: alpha, forces: forces,
        simulation: simulation, metrics: metrics, view: view, ended: ended, connected: !!socket && socket.readyState === 1 };
    },
    ids: function () { return scene ? scene.nodes.map(function (node) { return node.id; }) : []; }
  };

  fetch("api.json" + query).then(function (response) { return response.ok ? response.json() : { options: [] }; })
    .catch(function () { return { options: [] }; })
    .then(function (api) {
      (api.options || []).forEach(function (table) { declarations[table["function"]] = table.options; });
      panelShape = "";
      if (scene) buildPanel();
      connect();
    });
  showStatus();
  window.requestAnimationFrame(animate);
})();
