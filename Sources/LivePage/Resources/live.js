// forcelab's live page: draws the simulation that fl.live serves, lets the pointer drag its nodes, pan and zoom,
// and builds its control panel from the API description (/api.json). The messages are docs/live.md's.
(function () {
  "use strict";
  var token = new URLSearchParams(location.search).get("token") || "";
  var query = "?token=" + encodeURIComponent(token);
  var canvas = document.getElementById("view"), ctx = canvas.getContext("2d");
  // Which renderer draws the graph: the pixel renderer where it suits the picture, else canvas paths; the
  // address may insist on one (?renderer=pixels or ?renderer=canvas), for the benchmark.
  var rendererAsked = new URLSearchParams(location.search).get("renderer"), pixelDraw = pixelRenderer(), rendererUsed = "";
  var panel = document.getElementById("panel"), tip = document.getElementById("tooltip");
  var statusBadge = document.getElementById("status"), readout = document.getElementById("readout");

  // What the server last said: the scene, the latest frame of positions and the settings.
  var scene = null, n = 0, dims = 2, positions = null, tick = 0, alpha = 0;
  var styles = null, nodeGroups = [], nodeGroup = new Int32Array(0), edgeGroups = [], edgeEnds = new Int32Array(0);
  var forces = [], simulation = {}, metrics = null, paused = false, ended = false, heldFrame = null;
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
    socket.onclose = function () {
      ended = true;
      showStatus();
      showMessage("The live session has ended (fl.live returned, or fl.live.stop): reload to reconnect to a new one.", true);
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(message) {
    if (message.type === "scene") setScene(message);
    else if (message.type === "controls") setControls(message.forces, message.simulation);
    else if (message.type === "metrics") { metrics = message.figures; showMetrics(); showStatus(); }
    else if (message.type === "error") showMessage(message.message);
  }

  // One frame: [tick, alpha, x0, y0, (z0,) x1, ...] in the order of the last scene's nodes.
  function receiveFrame(frame) {
    if (!scene || frame.length !== 2 + n * dims) return;
    tick = frame[0];
    var wasCool = alpha < (simulation.alphaMin || 0);
    alpha = frame[1];
    // A frame computed before forcelab had the latest drag would pull the held node back from the pointer for a
    // moment: it is drawn at the pointer, and forcelab's own position for it kept for the tests (framePosition).
    if (gesture && gesture.node >= 0 && gesture.node < n && gesture.x !== undefined) {
      heldFrame = [frame[2 + gesture.node * dims], frame[3 + gesture.node * dims]];
      frame[2 + gesture.node * dims] = gesture.x;
      frame[3 + gesture.node * dims] = gesture.y;
    } else {
      heldFrame = null;
    }
    positions = frame;
    stats.received++;
    if (wasCool && alpha >= (simulation.alphaMin || 0) && metrics) { metrics = null; showMetrics(); }
    dirty = true;
  }

  // A new scene: nodes added, deleted or restyled. Until the next frame, the nodes kept stay where they were (found
  // by id) and new ones wait at the origin; a held node stays held under its new index.
  function setScene(message) {
    var first = scene === null, old = scene, oldDims = dims, oldPositions = positions;
    scene = message;
    n = message.nodes.length;
    dims = message.dimensions || 2;
    positions = null;
    if (old && oldPositions) {
      var was = {}, i;
      old.nodes.forEach(function (node, index) { was[node.id] = index; });
      positions = new Float64Array(2 + n * dims);
      positions[0] = oldPositions[0];
      positions[1] = oldPositions[1];
      for (i = 0; i < n; i++) {
        var before = was[scene.nodes[i].id];
        if (before === undefined) continue;
        positions[2 + i * dims] = oldPositions[2 + before * oldDims];
        positions[3 + i * dims] = oldPositions[3 + before * oldDims];
      }
      if (gesture && gesture.node >= 0) {
        var heldId = old.nodes[gesture.node] && old.nodes[gesture.node].id, now = -1;
        for (i = 0; i < n && now < 0; i++) if (scene.nodes[i].id === heldId) now = i;
        if (now < 0) { gesture = null; canvas.classList.remove("grabbing"); } else gesture.node = now;
      }
    }
    if (hover >= n) hover = -1;
    groupStyles();
    setControls(message.forces, message.simulation);
    if (first) autoFit = true;
    dirty = true;
  }

  // The scene's styles as the renderers want them: each node's radius and outline width and its style group (fill,
  // stroke, width and radius), edges grouped by stroke, width, opacity and dash (one path a group). As in
  // fl.svg.graph, radii are in world units (drawn at least a pixel; 0 hides the node) and outline and edge widths and
  // dashes in pixels, an outline at most a quarter of its node's radius.
  function groupStyles() {
    var m = scene.edges.length, byKey = {};
    styles = {
      radius: new Float32Array(n), strokeWidth: new Float32Array(n)
    };
    nodeGroups = [];
    nodeGroup = new Int32Array(n);
    edgeGroups = [];
    edgeEnds = new Int32Array(2 * m);
    scene.nodes.forEach(function (node, i) {
      var fill = node.fill || "#1f77b4", stroke = node.stroke || "#fff";
      var width = node.strokeWidth !== undefined ? node.strokeWidth : scene.strokeWidth !== undefined ? scene.strokeWidth : 1.5;
      styles.radius[i] = node.radius === undefined ? 5 : node.radius;
      styles.strokeWidth[i] = stroke === "none" ? 0 : width;
      var key = fill + "|" + stroke + "|" + width + "|" + styles.radius[i];
      if (byKey[key] === undefined) {
        byKey[key] = nodeGroups.length;
        nodeGroups.push({ fill: fill, stroke: stroke, strokeWidth: styles.strokeWidth[i], radius: styles.radius[i] });
      }
      nodeGroup[i] = byKey[key];
    });
    byKey = {};
    scene.edges.forEach(function (edge, i) {
      var stroke = edge.stroke || "#999", width = edge.width === undefined ? 1 : edge.width;
      var opacity = edge.opacity === undefined ? 0.6 : edge.opacity, dash = dashOf(edge.dash);
      edgeEnds[2 * i] = edge.source;
      edgeEnds[2 * i + 1] = edge.target;
      var key = stroke + "|" + width + "|" + opacity + "|" + dash.join(",");
      if (!byKey[key]) { byKey[key] = { stroke: stroke, width: width, opacity: opacity, dash: dash, edges: [] }; edgeGroups.push(byKey[key]); }
      byKey[key].edges.push(i);
    });
    edgeGroups.forEach(function (group) { group.edges = Int32Array.from(group.edges); });
    pixelDraw.setScene();
  }

  // A dash pattern ("4 2", "4,2" or [4, 2]) as numbers; none for a solid line.
  function dashOf(dash) {
    if (dash === undefined || dash === null || dash === "" || dash === "none") return [];
    return (Array.isArray(dash) ? dash : String(dash).split(/[ ,]+/)).map(Number).filter(function (v) { return v >= 0; });
  }

  // A CSS colour as red, green, blue and alpha bytes, alpha times `opacity` ("none": transparent).
  var colourCache = {}, colourContext = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  function rgba(colour, opacity) {
    var key = colour + "|" + opacity;
    if (colourCache[key]) return colourCache[key];
    var bytes = [0, 0, 0, 0];
    if (colour !== "none" && colour !== "transparent") {
      colourContext.clearRect(0, 0, 1, 1);
      colourContext.fillStyle = "#000";
      colourContext.fillStyle = colour;
      colourContext.fillRect(0, 0, 1, 1);
      var data = colourContext.getImageData(0, 0, 1, 1).data;
      bytes = [data[0], data[1], data[2], Math.round(data[3] * Math.max(0, Math.min(1, opacity)))];
    }
    colourCache[key] = bytes;
    return bytes;
  }

  // ---- drawing ----

  function size() { return { w: canvas.clientWidth, h: canvas.clientHeight }; }
  function worldX(i) { return positions[2 + i * dims]; }
  function worldY(i) { return positions[3 + i * dims]; }
  function screenX(i) { return worldX(i) * view.k + view.tx; }
  function screenY(i) { return worldY(i) * view.k + view.ty; }

  // The view that shows every node with a margin (no closer than 2 screen pixels a unit).
  function fit() {
    var s = size(), box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }, maxRadius = 0, i;
    if (!positions || s.w === 0 || s.h === 0) return;
    for (i = 0; i < n; i++) {
      box.x0 = Math.min(box.x0, worldX(i)); box.x1 = Math.max(box.x1, worldX(i));
      box.y0 = Math.min(box.y0, worldY(i)); box.y1 = Math.max(box.y1, worldY(i));
      maxRadius = Math.max(maxRadius, styles.radius[i]);
    }
    if (n === 0) { view.k = 1; view.tx = s.w / 2; view.ty = s.h / 2; return; }
    var margin = 20 + maxRadius;
    var k = Math.min((s.w - 2 * margin) / Math.max(box.x1 - box.x0, 1e-9), (s.h - 2 * margin) / Math.max(box.y1 - box.y0, 1e-9));
    view.k = isFinite(k) && k > 0 ? Math.min(k, 2) : 1;
    view.tx = s.w / 2 - (box.x0 + box.x1) / 2 * view.k;
    view.ty = s.h / 2 - (box.y0 + box.y1) / 2 * view.k;
  }

  function resizeCanvas(target, s, dpr) {
    var w = Math.max(1, Math.round(s.w * dpr)), h = Math.max(1, Math.round(s.h * dpr));
    if (target.width !== w || target.height !== h) { target.width = w; target.height = h; }
  }

  // One picture: the graph, then the hover ring and labels on top.
  function draw() {
    var s = size(), dpr = window.devicePixelRatio || 1;
    resizeCanvas(canvas, s, dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, s.w, s.h);
    if (!scene || !positions) return;
    var pixels = rendererAsked === "pixels" || (rendererAsked !== "canvas" && pixelDraw.suits(view.k));
    rendererUsed = pixels ? "pixels" : "canvas";
    if (pixels) pixelDraw.draw(ctx, dpr); else drawWithCanvas(s);
    // Fixed nodes are ringed, as fl.svg.graph's fixedMark does: those the scene says are fixed, and the held one.
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "#212529";
    ctx.beginPath();
    for (var i = 0; i < n; i++) {
      if (!scene.nodes[i].fixed && !(gesture && gesture.node === i)) continue;
      ctx.moveTo(screenX(i) + screenRadius(styles.radius[i]) + 2.5, screenY(i));
      ctx.arc(screenX(i), screenY(i), screenRadius(styles.radius[i]) + 2.5, 0, 2 * Math.PI);
    }
    ctx.stroke();
    if (hover >= 0 && hover < n) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = "#1f2328";
      ctx.beginPath();
      ctx.arc(screenX(hover), screenY(hover), screenRadius(styles.radius[hover]) + 3, 0, 2 * Math.PI);
      ctx.stroke();
    }
    drawLabels(s);
  }

  // The canvas fallback: one path a style group, nodes outside the view left out.
  function drawWithCanvas(s) {
    var k = view.k, tx = view.tx, ty = view.ty, p = positions, stride = dims, i, j, a, b;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, s.w, s.h);
    ctx.lineCap = "round";
    edgeGroups.forEach(function (group) {
      ctx.strokeStyle = group.stroke;
      ctx.globalAlpha = group.opacity;
      ctx.lineWidth = group.width;
      ctx.setLineDash(group.dash);
      ctx.beginPath();
      for (j = 0; j < group.edges.length; j++) {
        a = 2 + edgeEnds[2 * group.edges[j]] * stride;
        b = 2 + edgeEnds[2 * group.edges[j] + 1] * stride;
        ctx.moveTo(p[a] * k + tx, p[a + 1] * k + ty);
        ctx.lineTo(p[b] * k + tx, p[b + 1] * k + ty);
      }
      ctx.stroke();
    });
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    // Nodes in index order (as fl.svg.graph draws them), each run of one style one path.
    for (i = 0; i < n; i = j) {
      var group = nodeGroups[nodeGroup[i]], r = screenRadius(group.radius), outline = Math.min(group.strokeWidth, r / 4);
      ctx.beginPath();
      for (j = i; j < n && nodeGroup[j] === nodeGroup[i]; j++) {
        var x = p[2 + j * stride] * k + tx, y = p[3 + j * stride] * k + ty;
        if (r === 0) continue;
        if (x < -r || x > s.w + r || y < -r || y > s.h + r) continue;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = group.fill;
      ctx.fill();
      if (outline > 0 && group.stroke !== "none") {
        ctx.strokeStyle = group.stroke;
        ctx.lineWidth = outline;
        ctx.stroke();
      }
    }
  }

  // A radius in world units on the screen: at least a pixel, 0 (hidden) kept.
  function screenRadius(radius) { return radius > 0 ? Math.max(radius * view.k, 1) : 0; }

  // Labels beside the nodes in view, white-haloed, when few enough (300) are in view to read them.
  function drawLabels(s) {
    var shown = [], i;
    for (i = 0; i < n && shown.length <= 300; i++) {
      var label = scene.nodes[i].label, x = screenX(i), y = screenY(i);
      if (label === undefined || label === null || label === "") continue;
      if (x >= -40 && x <= s.w + 40 && y >= -10 && y <= s.h + 10) shown.push(i);
    }
    if (shown.length > 300) return;
    ctx.font = "11px \"DejaVu Sans\", Verdana, sans-serif";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "rgba(255,255,255,0.9)";
    ctx.fillStyle = "#1f2328";
    shown.forEach(function (node) {
      var text = String(scene.nodes[node].label), x = screenX(node) + screenRadius(styles.radius[node]) + 3;
      ctx.strokeText(text, x, screenY(node));
      ctx.fillText(text, x, screenY(node));
    });
  }

  // The pixel renderer: big scenes of small nodes and thin edges drawn straight into an image (edges as
  // anti-aliased lines a pixel wide, their alpha scaled by their width; nodes as stamps of anti-aliased discs with
  // their outline, centred on the nearest pixel) and put on the canvas at once. In headless Chromium this takes a
  // quarter of the processor time of the same picture in canvas paths (scripts/bench-live).
  function pixelRenderer() {
    var image = null, pixels = null, width = 0, height = 0, stamps = {};

    // Whether the picture at this zoom is one the pixel renderer draws as the canvas would.
    function suits(k) {
      if (n + scene.edges.length < 2000 || k * maxRadius > 6) return false;
      return edgeGroups.every(function (group) { return group.dash.length === 0 && group.width <= 1.5; });
    }

    // Mixes a colour into pixel `index` with weight `a` (0-256). Pixels are little-endian RGBA words: red and blue
    // (`redBlue`, mask 0xff00ff) mix in one multiplication, green (`green`, mask 0xff00) in another.
    function blend(index, redBlue, green, a) {
      var v = pixels[index], keep = 256 - a;
      pixels[index] = 0xff000000 | ((((v & 0xff00ff) * keep + redBlue * a) >>> 8) & 0xff00ff) |
        ((((v & 0xff00) * keep + green * a) >>> 8) & 0xff00);
    }

    // One edge from (x0, y0) to (x1, y1): along its longer axis, the two pixels across it share its alpha `a` (0-256)
    // or, `single`, the nearest one takes it all (half the work, for pictures whose edges cover the view many times).
    function line(x0, y0, x1, y1, redBlue, green, a, single) {
      if ((x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) || (x0 >= width && x1 >= width) || (y0 >= height && y1 >= height)) return;
      var dx = x1 - x0, dy = y1 - y0, t, step, i, end, across, near, f, base;
      var steep = Math.abs(dy) > Math.abs(dx);
      if (steep) { t = x0; x0 = y0; y0 = t; t = x1; x1 = y1; y1 = t; t = dx; dx = dy; dy = t; }
      if (dx < 0) { t = x0; x0 = x1; x1 = t; t = y0; y0 = y1; y1 = t; dy = -dy; dx = -dx; }
      // A pixel `along` the line and `across` it is pixels[across * acrossStep + along * alongStep].
      var alongCount = steep ? height : width, acrossCount = steep ? width : height;
      var alongStep = steep ? width : 1, acrossStep = steep ? 1 : width;
      step = dx > 0 ? dy / dx : 0;
      i = Math.max(Math.round(x0), 0);
      end = Math.min(Math.round(x1), alongCount - 1);
      across = y0 + step * (i - x0) - 0.5;
      var last = across + step * (end - i);
      if ((across < -1 && last < -1) || (across > acrossCount && last > acrossCount)) return;
      // In 16.16 fixed point from here: the line's pixels on screen are within 32,768 of the corner (|step| <= 1).
      var fixed = Math.round(across * 65536), fixedStep = Math.round(step * 65536);
      if (single) {
        for (; i <= end; i++, fixed += fixedStep) {
          near = (fixed + 0x8000) >> 16;
          if (near >= 0 && near < acrossCount) blend(near * acrossStep + i * alongStep, redBlue, green, a);
        }
        return;
      }
      for (; i <= end; i++, fixed += fixedStep) {
        near = fixed >> 16;
        f = ((fixed & 0xffff) * a) >>> 16;
        base = i * alongStep;
        if (near >= 0 && near < acrossCount && f < a) blend(near * acrossStep + base, redBlue, green, a - f);
        if (near + 1 >= 0 && near + 1 < acrossCount && f > 0) blend((near + 1) * acrossStep + base, redBlue, green, f);
      }
    }

    // A node's picture at `radius` screen pixels, its centre `shiftX`, `shiftY` (0 or a half) pixels past a
    // pixel's corner: each pixel's colour (fill, outline or between) and coverage.
    function stamp(group, radius, outline, shiftX, shiftY) {
      var key = group.fill + "|" + group.stroke + "|" + radius + "|" + outline + "|" + shiftX + "|" + shiftY;
      if (stamps[key]) return stamps[key];
      var fill = rgba(group.fill, 1), line = rgba(group.stroke, 1), reach = radius + outline / 2;
      var size = 2 * Math.ceil(reach + 1) + 1, middle = (size - 1) / 2, x, y;
      var colours = new Uint32Array(size * size), cover = new Int32Array(size * size);
      for (y = 0; y < size; y++) {
        for (x = 0; x < size; x++) {
          var d = Math.hypot(x + 0.5 - middle - shiftX, y + 0.5 - middle - shiftY), inside = Math.max(0, Math.min(1, reach + 0.5 - d));
          var onLine = outline > 0 ? Math.max(0, Math.min(1, d - (radius - outline / 2) + 0.5)) * Math.min(outline, 1) : 0;
          var la = line[3] / 255 * onLine, fa = fill[3] / 255 * (1 - la);
          var alpha = la + fa, c = [0, 1, 2].map(function (j) { return alpha > 0 ? Math.round((line[j] * la + fill[j] * fa) / alpha) : 0; });
          colours[y * size + x] = c[0] | c[1] << 8 | c[2] << 16;
          cover[y * size + x] = Math.round(inside * alpha * 256);
        }
      }
      stamps[key] = { size: size, middle: middle, colours: colours, cover: cover };
      return stamps[key];
    }

    // A style group's four stamps (centres shifted by 0 or a half pixel across and down) at this zoom, or null
    // for hidden nodes: radius and outline to the nearest quarter pixel.
    function stampSet(group, dpr) {
      var radius = Math.round(screenRadius(group.radius) * dpr * 4) / 4;
      if (radius === 0) return null;
      var outline = Math.round(Math.min(group.strokeWidth * dpr, radius / 4) * 4) / 4;
      return [stamp(group, radius, outline, 0, 0), stamp(group, radius, outline, 0.5, 0),
        stamp(group, radius, outline, 0, 0.5), stamp(group, radius, outline, 0.5, 0.5)];
    }

    // A node put with its centre at (cx, cy), to the nearest half pixel, from its group's stamps.
    function node(set, cx, cy) {
      var halvesX = Math.round(cx * 2), halvesY = Math.round(cy * 2);
      var s = set[(halvesX & 1) + 2 * (halvesY & 1)];
      var left = (halvesX >> 1) - s.middle, top = (halvesY >> 1) - s.middle, x, y, j, c, index;
      for (y = 0; y < s.size; y++) {
        var row = top + y;
        if (row < 0 || row >= height) continue;
        for (x = 0; x < s.size; x++) {
          j = y * s.size + x;
          c = s.cover[j];
          if (c === 0 || left + x < 0 || left + x >= width) continue;
          index = row * width + left + x;
          if (c >= 256) pixels[index] = 0xff000000 | s.colours[j];
          else blend(index, s.colours[j] & 0xff00ff, s.colours[j] & 0xff00, c);
        }
      }
    }

    var maxRadius = 0;
    return {
      setScene: function () { stamps = {}; maxRadius = 0; for (var i = 0; i < n; i++) maxRadius = Math.max(maxRadius, styles.radius[i]); },
      suits: suits,
      // Draws the graph at device pixel ratio `dpr` onto `context` (the whole canvas).
      draw: function (context, dpr) {
        if (!image || image.width !== context.canvas.width || image.height !== context.canvas.height) {
          image = context.createImageData(context.canvas.width, context.canvas.height);
          pixels = new Uint32Array(image.data.buffer);
          width = image.width;
          height = image.height;
        }
        pixels.fill(0xffffffff);
        var k = view.k * dpr, tx = view.tx * dpr, ty = view.ty * dpr, p = positions, stride = dims, i, j;
        // The edges' length in pixels along their longer axes: past 3 pixels of edge a pixel of the picture (a
        // hairball), each edge is drawn a pixel wide without anti-aliasing.
        var length = 0, m = edgeEnds.length / 2;
        for (j = 0; j < m; j++) {
          var from = 2 + edgeEnds[2 * j] * stride, to = 2 + edgeEnds[2 * j + 1] * stride;
          length += Math.max(Math.abs(p[from] - p[to]), Math.abs(p[from + 1] - p[to + 1]));
        }
        var single = length * k > 3 * width * height;
        edgeGroups.forEach(function (group) {
          var colour = rgba(group.stroke, group.opacity), alpha = Math.round(colour[3] / 255 * Math.min(group.width, 1) * 256);
          if (alpha === 0) return;
          for (j = 0; j < group.edges.length; j++) {
            var a = 2 + edgeEnds[2 * group.edges[j]] * stride, b = 2 + edgeEnds[2 * group.edges[j] + 1] * stride;
            line(p[a] * k + tx, p[a + 1] * k + ty, p[b] * k + tx, p[b + 1] * k + ty, colour[0] | colour[2] << 16, colour[1] << 8, alpha, single);
          }
        });
        // Nodes in index order, as the canvas and fl.svg.graph draw them.
        var sets = new Array(nodeGroups.length);
        for (i = 0; i < n; i++) {
          var g = nodeGroup[i], set = sets[g] !== undefined ? sets[g] : (sets[g] = stampSet(nodeGroups[g], dpr));
          if (set !== null) node(set, p[2 + i * stride] * k + tx, p[3 + i * stride] * k + ty);
        }
        context.putImageData(image, 0, 0);
      }
    };
  }

  // Draws when something changed (or always while a benchmark runs), and keeps the figures the benchmark reads.
  function animate(time) {
    if (dirty || time < stats.benchUntil) {
      var start = performance.now();
      if (autoFit && !gesture) fit();
      draw();
      stats.drawTimes.push(performance.now() - start);
      dirty = false;
      stats.frames++;
      if (stats.lastFrameTime) stats.frameTimes.push(time - stats.lastFrameTime);
      stats.lastFrameTime = time;
      if (stats.drawTimes.length > 600) stats.drawTimes.shift();
      if (stats.frameTimes.length > 600) stats.frameTimes.shift();
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
      var reach = screenRadius(styles.radius[i]) + 4;
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

  // Moves the held node to the pointer: the page draws it there at once, and forcelab fixes it there (fx, fy).
  function dragTo(point) {
    var x = (point.x - view.tx) / view.k + gesture.dx, y = (point.y - view.ty) / view.k + gesture.dy;
    gesture.x = x;
    gesture.y = y;
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
    readout.textContent = ["tick " + tick, "alpha " + alpha.toFixed(4),
      n.toLocaleString("en") + " nodes, " + scene.edges.length.toLocaleString("en") + " edges" + (dims === 3 ? " (3D, seen from z)" : ""),
      figures.fps ? figures.fps.toFixed(0) + " frames/s" : ""].filter(Boolean).join("  \u00b7  ");
    var alphaControl = panel.querySelector("[data-simulation=alpha]");
    if (alphaControl) alphaControl.setValue(alpha);
    showStatus();
  }

  // A message in the header for a few seconds: what the server refused, or that the session ended.
  var messageTimer = 0;
  function showMessage(text, lasting) {
    var note = document.getElementById("message");
    note.textContent = text;
    note.hidden = false;
    clearTimeout(messageTimer);
    if (!lasting) messageTimer = setTimeout(function () { note.hidden = true; }, 6000);
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
    // An option's row is a slider while its value is a number, a field while it is a data field or a function.
    var shape = JSON.stringify(forces.map(function (f) {
      var options = f.options || {};
      return [f.name, f.kind, Object.keys(options).map(function (name) { return [name, bound(options[name]) !== undefined]; })];
    }));
    if (shape !== panelShape || !panel.firstChild) {
      panelShape = shape;
      panel.textContent = "";
      panel.appendChild(simulationSection());
      panel.appendChild(element("section", { id: "metrics", hidden: true }));
      forces.forEach(function (force) { panel.appendChild(forceSection(force)); });
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
      // Controls messages leave alpha out (every frame carries it).
      var value = name === "alpha" ? alpha : simulation[name] !== undefined ? simulation[name] : declaration.default;
      var row = optionRow(declaration, value, function (value) {
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
    if (!declarations[functionName] && Object.keys(force.options || {}).length === 0) {
      section.appendChild(element("p", { className: "note" }, [force.kind === "lua" ?
        "A force written in Lua: switch it here, change it in the session." : "No options to set here."]));
    }
    var declared = (declarations[functionName] || []).map(function (d) { return d.name; });
    var names = declared.filter(function (name) { return name in (force.options || {}); });
    Object.keys(force.options || {}).forEach(function (name) { if (names.indexOf(name) < 0) names.push(name); });
    // A 2D simulation has no z: its options (center's z, radial's z) would do nothing.
    if (dims === 2) names = names.filter(function (name) { return name !== "z"; });
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

  // A number as the panel shows it and reads it back: infinity is "inf", as in api.json.
  function formatNumber(value) {
    if (value === Infinity) return "inf";
    if (value === -Infinity) return "-inf";
    if (typeof value !== "number") return String(value);
    if (value === 0) return "0";
    var magnitude = Math.abs(value);
    return magnitude >= 1e5 || magnitude < 1e-3 ? value.toPrecision(3) : String(Number(value.toPrecision(4)));
  }
  function parseNumber(text) {
    var t = String(text).trim().toLowerCase();
    if (t === "inf" || t === "+inf" || t === "infinity" || t === "\u221e") return Infinity;
    if (t === "-inf" || t === "-infinity" || t === "-\u221e") return -Infinity;
    return t === "" ? NaN : Number(t);
  }
  // What a number goes to the server as: JSON has no infinity, so "inf" and "-inf" (api.json's spelling).
  function wireNumber(value) { return isFinite(value) ? value : value > 0 ? "inf" : "-inf"; }

  // Half the layout's larger side, rounded up to 1, 2 or 5 times a power of ten: the span given to an unbounded
  // option whose value and default are both 0 (the positions and distances among forcelab's options).
  function layoutSpan() {
    var extent = 0;
    for (var i = 0; positions && i < n; i++) extent = Math.max(extent, Math.abs(worldX(i)), Math.abs(worldY(i)));
    return niceNumber(Math.max(extent, 10));
  }

  // The slider's range: the declared one; a side the declaration leaves open (or infinite) is 4 times the larger of
  // the value and the default away from the other (or from 0), or the layout's span when both are 0. `chosen` says
  // the page chose it; the field beside the slider takes any value, and the slider widens to show it.
  function sliderRange(declaration, value) {
    var min = bound(declaration.min), max = bound(declaration.max), chosen = false;
    var reference = Math.max(Math.abs(isFinite(value) ? value : 0), Math.abs(typeof declaration.default === "number" ? declaration.default : 0));
    var span = reference > 0 ? niceNumber(4 * reference) : layoutSpan();
    var lowOpen = min === undefined || !isFinite(min), highOpen = max === undefined || !isFinite(max);
    if (lowOpen && highOpen) { min = -span; max = span; chosen = true; }
    else if (lowOpen) { min = Math.min(max - span, 0); chosen = true; }
    else if (highOpen) { max = Math.max(min + span, isFinite(value) ? value : min); chosen = true; }
    return { min: min, max: max, chosen: chosen };
  }

  function niceNumber(raw) {
    var power = Math.pow(10, Math.floor(Math.log10(raw))), scaled = raw / power;
    return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
  }
  function niceStep(raw) {
    if (!(raw > 0)) return 0.001;
    var power = Math.pow(10, Math.floor(Math.log10(raw))), scaled = raw / power;
    return (scaled < 2 ? 1 : scaled < 5 ? 2 : 5) * power;
  }

  // The option kinds a number is a value of: numbers, integers, and per-node or per-edge values set to a constant.
  var numericKinds = ["number", "integer", "nodeAccessor", "edgeAccessor", "nodeNumber", "edgeNumber"];
  // The kinds the page cannot set (functions and tables): shown, set in the session.
  var sessionKinds = ["function", "table", "custom", "nodeColour", "edgeColour"];

  // One option's row: a slider and a number field for numbers, a select for choices, a select and x, y fields for a
  // choice or a vector, a switch for booleans, a field for the rest; the declaration's doc is the row's tooltip. The
  // row's `control.setValue` moves it without sending.
  function optionRow(declaration, value, change) {
    var doc = declaration.doc || "";
    var label = element("label", { title: doc }, [declaration.name]);
    var row = element("div", { className: "option", title: doc }, [label]);
    var kind = declaration.kind, control;
    var number = typeof value === "number" ? value : bound(value);
    if (numericKinds.indexOf(kind) >= 0 && number !== undefined) {
      var range = sliderRange(declaration, number);
      var slider = element("input", { type: "range" }), field = element("input", { type: "text", inputMode: "decimal" });
      slider.min = String(range.min);
      slider.max = String(range.max);
      slider.step = String(kind === "integer" ? 1 : niceStep((range.max - range.min) / 400));
      slider.dataset.role = "slider";
      slider.setAttribute("aria-label", declaration.name);
      field.setAttribute("aria-label", declaration.name + " value");
      if (range.chosen) {
        row.title = (doc ? doc + "\n" : "") + "The slider spans " + formatNumber(range.min) + " to " + formatNumber(range.max) +
          ", a range chosen around the value (the option is unbounded" + (bound(declaration.max) === Infinity ? ", and accepts inf" : "") +
          "); type any value in the field.";
        label.title = row.title;
      }
      var holding = false, place = function (v) {
        if (isFinite(v) && v < Number(slider.min)) slider.min = String(v);
        if (isFinite(v) && v > Number(slider.max)) slider.max = String(v);
        slider.value = String(isFinite(v) ? v : v > 0 ? slider.max : slider.min);
      };
      slider.addEventListener("pointerdown", function () { holding = true; });
      slider.addEventListener("pointerup", function () { holding = false; });
      slider.addEventListener("blur", function () { holding = false; });
      slider.addEventListener("input", function () {
        var v = Number(slider.value);
        field.value = formatNumber(v);
        change(v);
      });
      field.addEventListener("change", function () {
        var v = parseNumber(field.value);
        if (isNaN(v)) { field.classList.add("invalid"); return; }
        field.classList.remove("invalid");
        place(v);
        change(wireNumber(v));
      });
      field.setValue = function (v) {
        var parsed = typeof v === "number" ? v : bound(v);
        if (parsed === undefined || holding || document.activeElement === field) return;
        place(parsed);
        field.value = formatNumber(parsed);
      };
      row.appendChild(slider);
      row.appendChild(field);
      row.control = field;
      field.setValue(value);
      return row;
    }
    row.classList.add("wide");
    if (kind === "choice") {
      control = element("select", {}, (declaration.choices || []).map(function (choice) {
        return element("option", { value: choice }, [choice]);
      }));
      control.addEventListener("change", function () { change(control.value); });
      control.setValue = function (v) { if (document.activeElement !== control) control.value = String(v); };
    } else if (kind === "choiceOrVector") {
      control = choiceOrVectorControl(declaration, change);
    } else if (kind === "boolean") {
      control = element("input", { type: "checkbox" });
      control.addEventListener("change", function () { change(control.checked); });
      control.setValue = function (v) { control.checked = !!v; };
    } else {
      // Strings, and per-node or per-edge values that are not a constant: a number typed here makes them one.
      control = element("input", { type: "text" });
      if (sessionKinds.indexOf(kind) >= 0) control.readOnly = true;
      var per = kind.indexOf("edge") === 0 ? "edge" : "node";
      control.placeholder = numericKinds.indexOf(kind) >= 0 ? "per " + per : "set in the session";
      if (numericKinds.indexOf(kind) >= 0) control.title = "a value per " + per + ", set in the session; type a number to give every " + per + " that one";
      control.addEventListener("change", function () {
        var text = control.value.trim(), v = parseNumber(text);
        change(numericKinds.indexOf(kind) >= 0 && !isNaN(v) ? wireNumber(v) : text);
      });
      control.setValue = function (v) {
        if (document.activeElement === control) return;
        control.value = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
      };
    }
    control.setAttribute("aria-label", declaration.name);
    control.setValue(value);
    row.appendChild(control);
    if (control.below) row.appendChild(control.below);
    row.control = control;
    return row;
  }

  // The unit vectors of the screen's directions (y grows downwards), which a vector starts from when one of them was
  // chosen.
  var screenDirections = { right: [1, 0], down: [0, 1], left: [-1, 0], up: [0, -1] };

  // A choice-or-vector option's control (fl.force.flow's direction): a select of the declared names and "vector",
  // which shows x and y fields (`below` it); a vector is sent as [x, y] once both are numbers, not both 0. The
  // select is the row's control; its setValue shows a name or a vector.
  function choiceOrVectorControl(declaration, change) {
    var select = element("select", {}, (declaration.choices || []).map(function (choice) {
      return element("option", { value: choice }, [choice]);
    }).concat([element("option", { value: "vector" }, ["vector x, y"])]));
    var fields = ["x", "y"].map(function (axis) {
      var field = element("input", { type: "text", inputMode: "decimal", placeholder: axis });
      field.setAttribute("aria-label", declaration.name + " " + axis);
      return field;
    });
    var vector = element("div", { className: "vector", hidden: true }, fields);
    select.below = vector;
    var showVector = function (v) {
      vector.hidden = false;
      fields.forEach(function (field, i) { field.value = formatNumber(v[i]); field.classList.remove("invalid"); });
    };
    select.addEventListener("change", function () {
      var previous = select.dataset.previous;
      select.dataset.previous = select.value;
      if (select.value !== "vector") { vector.hidden = true; change(select.value); return; }
      var current = fields.map(function (field) { return parseNumber(field.value); });
      var start = vector.hidden ? screenDirections[previous] || [1, 0] : current;
      showVector(start);
      change(start);
    });
    fields.forEach(function (field) {
      field.addEventListener("change", function () {
        var v = fields.map(function (f) { return parseNumber(f.value); });
        var valid = v.every(isFinite) && (v[0] !== 0 || v[1] !== 0);
        fields.forEach(function (f) { f.classList.toggle("invalid", !valid); });
        if (valid) change(v);
      });
    });
    select.setValue = function (v) {
      if ([select].concat(fields).indexOf(document.activeElement) >= 0) return;
      if (Array.isArray(v)) {
        select.value = "vector";
        showVector(v);
      } else if (v !== null && v !== undefined) {
        select.value = String(v);
        vector.hidden = true;
      }
      select.dataset.previous = select.value;
    };
    return select;
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
    return { fps: meanFrame ? 1000 / meanFrame : 0, drawMs: meanDraw, frames: stats.frames, received: stats.received, renderer: rendererUsed };
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
            nodes: n, edges: scene ? scene.edges.length : 0, framesReceived: stats.received, renderer: rendererUsed
          });
        }, ms + 50);
      });
    },
    screenPosition: function (i) { return positions ? [screenX(i), screenY(i)] : null; },
    worldPosition: function (i) { return positions ? [worldX(i), worldY(i)] : null; },
    // Where the last frame from forcelab put node i (for the held node, before the page drew it at the pointer).
    framePosition: function (i) {
      if (heldFrame && gesture && gesture.node === i) return heldFrame.slice();
      return positions ? [worldX(i), worldY(i)] : null;
    },
    nodeAt: function (x, y) { return nodeAt({ x: x, y: y }); },
    state: function () {
      return { nodes: n, edges: scene ? scene.edges.length : 0, tick: tick, alpha: alpha, forces: forces,
        simulation: simulation, metrics: metrics, view: view, ended: ended, connected: !!socket && socket.readyState === 1,
        held: gesture ? gesture.node : -1 };
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
