/// The HTML, CSS and JavaScript of the replay page; the recording goes in as JSON.
enum ReplayPage {
    /// The whole page for an escaped title and the recording's JSON text.
    static func html(title: String, json: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
        \(style)
        </style>
        </head>
        <body data-frame="0">
        <header>
        <h1>\(title)</h1>
        <div id="controls">
        <button id="play" type="button">Play</button>
        <select id="speed" aria-label="speed">\(speeds)</select>
        <input id="tick" type="range" min="0" max="0" step="1" value="0" aria-label="tick">
        <span id="tick-label"></span>
        <span id="cooling-label"><span id="alpha-label"></span> <span id="energy-label"></span></span>
        <canvas id="cooling" width="160" height="36" title="alpha (blue) and energy (orange) by tick" aria-label="alpha and energy by tick"></canvas>
        <button id="fit" type="button">Fit</button>
        </div>
        </header>
        <div id="stage"><canvas id="view"></canvas><div id="tooltip" hidden></div></div>
        <footer><div id="legend"></div><div id="selection"></div></footer>
        <script type="application/json" id="replay-data">\(json)</script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    /// The playback speeds offered, as multiples of the recording's frames per second.
    static let speedChoices: [Double] = [0.25, 0.5, 1, 2, 4]

    /// The options of the speed control, 1× selected.
    static var speeds: String {
        speedChoices.map { speed in
            "<option value=\"\(SVGWriter.number(speed))\"\(speed == 1 ? " selected" : "")>\(SVGWriter.number(speed))×</option>"
        }.joined()
    }

    /// The page's style sheet.
    static let style = """
    html, body { margin: 0; height: 100%; font: 13px/1.4 "DejaVu Sans", Verdana, sans-serif; color: #222; background: #fafafa; }
    body { display: flex; flex-direction: column; }
    header { display: flex; align-items: center; gap: 16px; padding: 8px 12px; border-bottom: 1px solid #ddd; background: #fff; }
    h1 { font-size: 15px; margin: 0; white-space: nowrap; }
    #controls { display: flex; align-items: center; gap: 8px; flex: 1; }
    #tick { flex: 1; min-width: 120px; }
    #tick-label { min-width: 130px; font-variant-numeric: tabular-nums; }
    #cooling-label { min-width: 190px; font-variant-numeric: tabular-nums; }
    #alpha-label { color: #1565c0; }
    #energy-label { color: #c0600f; }
    #cooling { width: 160px; height: 36px; border: 1px solid #ddd; border-radius: 3px; background: #fff; }
    select { font: inherit; padding: 2px 4px; }
    button { font: inherit; padding: 3px 12px; border: 1px solid #aaa; border-radius: 4px; background: #f4f4f4; cursor: pointer; }
    #stage { position: relative; flex: 1; min-height: 200px; }
    #view { position: absolute; inset: 0; width: 100%; height: 100%; cursor: grab; background: #fff; }
    #tooltip { position: absolute; pointer-events: none; background: rgba(255,255,255,0.96); border: 1px solid #bbb; border-radius: 4px; padding: 4px 8px; max-width: 320px; box-shadow: 0 1px 4px rgba(0,0,0,0.15); }
    #tooltip pre { margin: 2px 0 0; font-size: 12px; white-space: pre-wrap; }
    footer { display: flex; gap: 24px; padding: 6px 12px; border-top: 1px solid #ddd; background: #fff; min-height: 20px; }
    #legend span { margin-right: 12px; white-space: nowrap; }
    #legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
    """

    /// The page's script: drawing on a canvas, playback, slider, pan, zoom, hover and neighbour highlighting.
    static let script = """
    (function () {
      "use strict";
      var R = JSON.parse(document.getElementById("replay-data").textContent);
      var n = R.ids.length, frames = R.frames, E = R.edges;
      var canvas = document.getElementById("view"), ctx = canvas.getContext("2d");
      var slider = document.getElementById("tick"), tickLabel = document.getElementById("tick-label");
      var playButton = document.getElementById("play"), tip = document.getElementById("tooltip");
      var speed = document.getElementById("speed"), alphaLabel = document.getElementById("alpha-label");
      var energyLabel = document.getElementById("energy-label");
      var plot = document.getElementById("cooling"), plotContext = plot.getContext("2d");
      var C = R.cooling, coolingAt = {}, byWidth = {}, widths = [], maxRadius = 0;
      for (i = 0; i < C.ticks.length; i++) coolingAt[C.ticks[i]] = i;
      for (i = 0; 2 * i + 1 < E.length; i++) {
        var w = R.widths[i];
        if (!byWidth[w]) { byWidth[w] = []; widths.push(w); }
        byWidth[w].push(i);
      }
      for (i = 0; i < n; i++) maxRadius = Math.max(maxRadius, R.radii[i]);
      var selection = document.getElementById("selection");
      var state = { frame: 0, playing: false, speed: 1, k: 1, tx: 0, ty: 0, hover: -1, selected: -1 };
      var adjacency = [], i;
      for (i = 0; i < n; i++) adjacency.push([]);
      for (i = 0; i + 1 < E.length; i += 2) {
        if (E[i] !== E[i + 1]) { adjacency[E[i]].push(E[i + 1]); adjacency[E[i + 1]].push(E[i]); }
      }
      slider.max = String(frames.length - 1);

      function size() { return { w: canvas.clientWidth, h: canvas.clientHeight }; }
      function sx(i) { return frames[state.frame][2 * i] * state.k + state.tx; }
      function sy(i) { return frames[state.frame][2 * i + 1] * state.k + state.ty; }

      // A page laid out after its script ran (in a notebook's frame) has no size yet: fit once it has one.
      var fitPending = false;
      function fit() {
        if (size().w === 0 || size().h === 0) { fitPending = true; return; }
        var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, f, j;
        for (f = 0; f < frames.length; f++) {
          for (j = 0; j < n; j++) {
            var x = frames[f][2 * j], y = frames[f][2 * j + 1];
            if (x < minX) minX = x; if (x > maxX) maxX = x;
            if (y < minY) minY = y; if (y > maxY) maxY = y;
          }
        }
        var s = size(), pad = 24 + maxRadius;
        if (n === 0) { state.k = 1; state.tx = s.w / 2; state.ty = s.h / 2; return; }
        var k = Math.min((s.w - 2 * pad) / Math.max(maxX - minX, 1e-9), (s.h - 2 * pad) / Math.max(maxY - minY, 1e-9));
        if (!isFinite(k) || k <= 0) k = 1;
        state.k = Math.min(k, 8);
        state.tx = s.w / 2 - (minX + maxX) / 2 * state.k;
        state.ty = s.h / 2 - (minY + maxY) / 2 * state.k;
      }

      function draw() {
        var s = size(), dpr = window.devicePixelRatio || 1, j, a, b;
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(0, 0, s.w, s.h);
        var sel = state.selected, near = {};
        if (sel >= 0) { near[sel] = true; adjacency[sel].forEach(function (m) { near[m] = true; }); }
        ctx.strokeStyle = sel >= 0 ? "rgba(150,150,150,0.25)" : "rgba(120,120,120,0.6)";
        widths.forEach(function (w) {
          ctx.lineWidth = w;
          ctx.beginPath();
          byWidth[w].forEach(function (e) {
            a = E[2 * e]; b = E[2 * e + 1];
            if (sel >= 0 && (a === sel || b === sel)) return;
            ctx.moveTo(sx(a), sy(a)); ctx.lineTo(sx(b), sy(b));
          });
          ctx.stroke();
        });
        if (sel >= 0) {
          ctx.lineWidth = 2; ctx.strokeStyle = "#222222"; ctx.beginPath();
          for (j = 0; j + 1 < E.length; j += 2) {
            a = E[j]; b = E[j + 1];
            if (a === sel || b === sel) { ctx.moveTo(sx(a), sy(a)); ctx.lineTo(sx(b), sy(b)); }
          }
          ctx.stroke();
        }
        ctx.lineWidth = 1; ctx.strokeStyle = "#ffffff";
        for (j = 0; j < n; j++) {
          ctx.globalAlpha = sel < 0 || near[j] ? 1 : 0.2;
          ctx.fillStyle = R.colours[j];
          ctx.beginPath();
          ctx.lineWidth = Math.min(1, R.radii[j] / 4);
          ctx.arc(sx(j), sy(j), j === sel ? R.radii[j] * 1.7 : R.radii[j], 0, 2 * Math.PI);
          ctx.fill(); ctx.stroke();
        }
        ctx.globalAlpha = 1;
        ctx.lineWidth = 1.5; ctx.strokeStyle = "#212529";
        R.fixed[state.frame].forEach(function (f) {
          ctx.beginPath(); ctx.arc(sx(f), sy(f), R.radii[f] + 2.5, 0, 2 * Math.PI); ctx.stroke();
        });
        if (state.hover >= 0) {
          ctx.lineWidth = 2; ctx.strokeStyle = "#222222"; ctx.beginPath();
          ctx.arc(sx(state.hover), sy(state.hover), R.radii[state.hover] + 3, 0, 2 * Math.PI); ctx.stroke();
        }
        var tick = R.ticks[state.frame], c = coolingAt[tick];
        tickLabel.textContent = "tick " + tick + " (" + (state.frame + 1) + " / " + frames.length + ")";
        alphaLabel.textContent = c === undefined ? "" : "alpha " + C.alpha[c].toPrecision(3);
        energyLabel.textContent = c === undefined ? "" : "energy " + C.energy[c].toPrecision(3);
        drawCooling(tick);
        document.body.setAttribute("data-frame", String(state.frame));
      }

      // Alpha (blue, 0 to its largest) and energy (orange, 0 to its largest) against the tick; a line marks `tick`.
      function drawCooling(tick) {
        var w = plot.width, h = plot.height, m = C.ticks.length, q;
        plotContext.clearRect(0, 0, w, h);
        if (m === 0) return;
        var first = C.ticks[0], span = Math.max(C.ticks[m - 1] - first, 1);
        function px(t) { return 2 + (t - first) / span * (w - 4); }
        [[C.alpha, "#1565c0"], [C.energy, "#f28e2b"]].forEach(function (line) {
          var top = Math.max.apply(null, line[0].concat([1e-300]));
          plotContext.strokeStyle = line[1]; plotContext.lineWidth = 1.2; plotContext.beginPath();
          for (q = 0; q < m; q++) {
            var y = h - 3 - line[0][q] / top * (h - 6);
            if (q === 0) plotContext.moveTo(px(C.ticks[q]), y); else plotContext.lineTo(px(C.ticks[q]), y);
          }
          plotContext.stroke();
        });
        plotContext.strokeStyle = "#222222"; plotContext.lineWidth = 1; plotContext.beginPath();
        plotContext.moveTo(px(tick), 0); plotContext.lineTo(px(tick), h); plotContext.stroke();
      }

      function resize() {
        var s = size(), dpr = window.devicePixelRatio || 1;
        canvas.width = Math.max(1, Math.round(s.w * dpr));
        canvas.height = Math.max(1, Math.round(s.h * dpr));
        if (fitPending && s.w > 0 && s.h > 0) { fitPending = false; fit(); }
        draw();
      }

      function setFrame(f) {
        state.frame = Math.max(0, Math.min(frames.length - 1, f));
        slider.value = String(state.frame);
        draw();
      }

      var last = 0;
      function step(time) {
        if (!state.playing) return;
        if (time - last >= 1000 / (R.fps * state.speed)) {
          last = time;
          if (state.frame >= frames.length - 1) { setPlaying(false); return; }
          setFrame(state.frame + 1);
        }
        window.requestAnimationFrame(step);
      }
      function setPlaying(on) {
        state.playing = on;
        playButton.textContent = on ? "Pause" : "Play";
        if (on) {
          if (state.frame >= frames.length - 1) setFrame(0);
          last = 0;
          window.requestAnimationFrame(step);
        }
      }

      function pointer(e) {
        var r = canvas.getBoundingClientRect();
        return { x: e.clientX - r.left, y: e.clientY - r.top };
      }
      function hit(p) {
        var best = -1, bestD = Infinity, j;
        for (j = 0; j < n; j++) {
          var dx = sx(j) - p.x, dy = sy(j) - p.y, d = dx * dx + dy * dy;
          if (d <= Math.pow(Math.max(R.radii[j] + 4, 8), 2) && d <= bestD) { bestD = d; best = j; }
        }
        return best;
      }
      function showTip(j, p) {
        state.hover = j;
        if (j < 0) { tip.hidden = true; return; }
        tip.textContent = "";
        var title = document.createElement("strong");
        title.textContent = R.ids[j];
        tip.appendChild(title);
        if (R.data[j]) {
          var body = document.createElement("pre");
          body.textContent = R.data[j];
          tip.appendChild(body);
        }
        tip.hidden = false;
        tip.style.left = (p.x + 14) + "px";
        tip.style.top = (p.y + 10) + "px";
      }
      function select(j) {
        state.selected = j;
        if (j < 0) { selection.textContent = "Click a node to highlight its neighbours."; return; }
        var names = adjacency[j].slice(0, 12).map(function (m) { return R.ids[m]; });
        selection.textContent = R.ids[j] + ": " + adjacency[j].length + " neighbour" +
          (adjacency[j].length === 1 ? "" : "s") + (names.length ? " (" + names.join(", ") +
          (adjacency[j].length > names.length ? ", ..." : "") + ")" : "");
      }

      var drag = null;
      canvas.addEventListener("mousedown", function (e) {
        drag = { p: pointer(e), moved: false };
        canvas.style.cursor = "grabbing";
      });
      window.addEventListener("mousemove", function (e) {
        var p = pointer(e);
        if (drag) {
          var dx = p.x - drag.p.x, dy = p.y - drag.p.y;
          if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
          if (drag.moved) { state.tx += dx; state.ty += dy; drag.p = p; }
          draw();
          return;
        }
        if (e.target !== canvas) { if (state.hover >= 0) { showTip(-1, p); draw(); } return; }
        var j = hit(p);
        if (j !== state.hover || j >= 0) { showTip(j, p); draw(); }
      });
      window.addEventListener("mouseup", function (e) {
        if (!drag) return;
        var moved = drag.moved;
        drag = null;
        canvas.style.cursor = "grab";
        if (!moved && e.target === canvas) { select(hit(pointer(e))); draw(); }
      });
      canvas.addEventListener("wheel", function (e) {
        e.preventDefault();
        var p = pointer(e), factor = Math.exp(-e.deltaY * 0.0015);
        state.tx = p.x - (p.x - state.tx) * factor;
        state.ty = p.y - (p.y - state.ty) * factor;
        state.k *= factor;
        draw();
      }, { passive: false });
      slider.addEventListener("input", function () { setFrame(Number(slider.value)); });
      playButton.addEventListener("click", function () { setPlaying(!state.playing); });
      speed.addEventListener("change", function () { state.speed = Number(speed.value); });
      document.getElementById("fit").addEventListener("click", function () { fit(); draw(); });
      window.addEventListener("resize", resize);
      if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);

      var legend = document.getElementById("legend");
      R.legend.forEach(function (entry) {
        var item = document.createElement("span"), swatch = document.createElement("i");
        swatch.style.background = entry[1];
        item.appendChild(swatch);
        item.appendChild(document.createTextNode(entry[0]));
        legend.appendChild(item);
      });
      select(-1);
      fit();
      resize();
      window.forcelabReplay = {
        state: state,
        screenPosition: function (j) { return [sx(j), sy(j)]; },
        setFrame: setFrame
      };
    })();
    """
}
