import GraphModel
import LuaHost
import XCTest

/// The picture, file, generator, metrics and replay bindings read their options through their declarations.
final class PictureOptionsTests: LuaTestCase {
    let graph = "local g = fl.graph.new(); g:addNode{id = 'a', x = 0, y = 0, data = {kind = 'x'}}; g:addNode{id = 'b', x = 30, y = 10, data = {kind = 'y'}}; g:addEdge{source = 'a', target = 'b'}; "
    let replay = "local sim = fl.simulation(fl.graph.generate('tree', {n = 5})); local rec = sim:record{}; sim:tick(2); "
    let series = "series = {{name = 's', y = {0, 1}}}"

    /// The first line of the error `code` raises (the traceback follows it).
    private func firstLine(_ code: String) -> String {
        String(error(code).split(separator: "\n").first ?? "")
    }

    /// The text of file `name` in the test folder.
    private func file(_ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    func testMisspeltOptionsAreRefusedWithTheNearestName() {
        XCTAssertEqual(firstLine(graph + "fl.svg.graph(g, tmp .. '/g.svg', {widht = 300})"),
                       "test:1: fl.svg.graph: unknown option 'widht' (did you mean 'width'?)")
        XCTAssertEqual(firstLine(graph + "fl.metrics(g, {radious = 3})"), "test:1: fl.metrics: unknown option 'radious' (did you mean 'radius'?)")
        XCTAssertEqual(firstLine(replay + "fl.html.replay(rec, tmp .. '/r.html', {fsp = 10})"),
                       "test:1: fl.html.replay: unknown option 'fsp' (did you mean 'fps'?)")
        XCTAssertEqual(firstLine("fl.svg.plot(tmp .. '/p.svg', {yscale = 'log', \(series)})"),
                       "test:1: fl.svg.plot: unknown option 'yscale' (did you mean 'yScale'?)")
        XCTAssertTrue(firstLine("fl.svg.plot(tmp .. '/p.svg', {colours = 'x', \(series)})")
            .hasPrefix("test:1: fl.svg.plot: unknown option 'colours' (options: series, recording, width,"))
        XCTAssertEqual(firstLine("fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{name = 's', valeus = {1, 2, 3}}}})"),
                       "test:1: fl.svg.radar series: unknown field 'valeus' (did you mean 'values'?)")
        XCTAssertEqual(firstLine("fl.graph.generate('grid', {rows = 2, cols = 2})"),
                       "test:1: fl.graph.generate(\"grid\"): unknown option 'cols' (did you mean 'columns'?)")
        XCTAssertEqual(firstLine(graph + "fl.svg.graph(g, tmp .. '/g.svg', {viewport = {zoon = 2}})"),
                       "test:1: fl.svg.graph viewport: unknown option 'zoon' (did you mean 'zoom'?)")
        XCTAssertEqual(firstLine("fl.graph.generate('grid', {row = 2, columns = 2})"),
                       "test:1: fl.graph.generate(\"grid\"): unknown option 'row' (did you mean 'rows'?)")
        XCTAssertEqual(firstLine("fl.graph.generate('barabasiAlbert', {n = 3, m = 5})"),
                       "test:1: bad argument #2 to 'fl.graph.generate' (field 'm': an integer ≥ 1 and < n = 3 expected, got 5)")
        XCTAssertEqual(firstLine("fl.graph.generate('erdosRenyi', {n = 3, m = 5})"),
                       "test:1: bad argument #2 to 'fl.graph.generate' (field 'm': at most the 3 pairs of n = 3 nodes expected, got 5)")
        XCTAssertEqual(firstLine("fl.graph.generate('stochasticBlock', {clusters = 2, n = 4, size = 2, pIn = 1, pOut = 0})"),
                       "test:1: bad argument #2 to 'fl.graph.generate' (give either size (per cluster) or n (in all))")
        XCTAssertEqual(firstLine("fl.graph.generate('recursive', {n = 2000000000})"),
                       "test:1: bad argument #2 to 'fl.graph.generate' (field 'n': at most 1e9 expected, got 2000000000)")
        XCTAssertEqual(firstLine("fl.graph.generate('miserables', {n = 3})"),
                       "test:1: fl.graph.generate(\"miserables\"): takes no options, got 'n'")
        XCTAssertEqual(firstLine("fl.graph.load(tmp .. '/g.json', {fromat = 'd3'})"),
                       "test:1: fl.graph.load: unknown option 'fromat' (did you mean 'format'?)")
        XCTAssertEqual(firstLine(graph + "g:save(tmp .. '/g.json', {format = 'svg'})"),
                       "test:1: bad argument #2 to 'g:save' (field 'format': unknown value 'svg' (d3, reactflow, graphml, gexf, dot, csv, tsv, edgelist, gml, pajek, adjlist, multiline_adjlist, snap, matrixmarket, json))")
    }

    /// A picture or page that cannot be written names the call, as fl.graph.load and g:save do.
    func testAFileThatCannotBeWrittenIsNamedWithTheCall() {
        let missing = "/nonexistent/x"
        XCTAssertEqual(firstLine(graph + "fl.svg.graph(g, '\(missing).svg')"),
                       "test:1: fl.svg.graph: cannot write '\(missing).svg': folder '/nonexistent' does not exist")
        XCTAssertEqual(firstLine("fl.svg.plot('\(missing).svg', {\(series)})"),
                       "test:1: fl.svg.plot: cannot write '\(missing).svg': folder '/nonexistent' does not exist")
        XCTAssertEqual(firstLine("fl.svg.radar('\(missing).svg', {axes = {'a', 'b', 'c'}, series = {{name = 's', values = {1, 2, 3}}}})"),
                       "test:1: fl.svg.radar: cannot write '\(missing).svg': folder '/nonexistent' does not exist")
        XCTAssertEqual(firstLine(replay + "fl.html.replay(rec, '\(missing).html')"),
                       "test:1: fl.html.replay: cannot write '\(missing).html': folder '/nonexistent' does not exist")
    }

    func testARadarAxisSaysWhichWayIsBetterWhenTold() throws {
        run("""
            fl.svg.radar(tmp .. "/r.svg", {axes = {{name = "stress", better = "lower"}, {name = "kept", better = "higher"}, "c"},
                                           series = {{name = "s", values = {1, 2, 3}}}})
            """)
        let svg = try file("r.svg")
        XCTAssertEqual(svg.components(separatedBy: ">lower is better<").count - 1, 1, svg)
        XCTAssertEqual(svg.components(separatedBy: ">higher is better<").count - 1, 1, svg)
        XCTAssertTrue(error("fl.svg.radar(tmp .. '/r.svg', {axes = {{name = 'a', better = 'less'}, 'b', 'c'}, series = {{values = {1, 2, 3}}}})")
            .contains("field 'better': unknown value 'less' (lower, higher)"))
    }

    /// A radar's axes and series and a plot's series and bands are records of Render's types, read by their
    /// declarations: a misspelt field is named with the nearest one, a wrong kind with what the field takes.
    func testSeriesAndAxisFieldsAreCheckedAgainstTheirDeclarations() throws {
        let radar = "fl.svg.radar(tmp .. '/r.svg', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}}}})"
        let plot = "fl.svg.plot(tmp .. '/p.svg', {series = {{name = 's', y = {1, 2}, band = {deviation = {0.5, 0.5}}}}})"
        let band = "band = {deviation = {0.5, 0.5}}"
        // Each case: the script, what it writes instead of what, and the start of the message.
        let refused: [(String, String, String, String)] = [
            (radar, "'a',", "{name = 'a', mxa = 1},", "test:1: fl.svg.radar axis: unknown field 'mxa' (did you mean 'max'?)"),
            (radar, "'a',", "{name = 'a', max = 'top'},", "test:1: bad argument #2 to 'fl.svg.radar' (field 'max': number expected, got string)"),
            (radar, "{1, 2, 3}", "{1, 'two', 3}", "test:1: bad argument #2 to 'fl.svg.radar' (field 'values'[2]: number expected, got string)"),
            (radar, "{values = {1, 2, 3}}", "{name = 's'}", "test:1: bad argument #2 to 'fl.svg.radar' (field 'values' is required)"),
            (radar, "{values", "{colour = {}, values", "test:1: bad argument #2 to 'fl.svg.radar' (field 'colour': string expected, got table)"),
            (radar, "axes =", "axis =", "test:1: fl.svg.radar: unknown option 'axis' (did you mean 'axes'?)"),
            (radar, "axes = {'a', 'b', 'c'}, ", "", "test:1: bad argument #2 to 'fl.svg.radar' (field 'axes' is required)"),
            (radar, "{'a', 'b', 'c'}", "'abc'", "test:1: bad argument #2 to 'fl.svg.radar' (field 'axes': table expected, got string)"),
            (radar, "'a',", "1,", "test:1: bad argument #2 to 'fl.svg.radar' (field 'axes'[1]: name or {name =, min =, max =, better =} expected, got number)"),
            (radar, "{{values = {1, 2, 3}}}", "{'s'}", "test:1: bad argument #2 to 'fl.svg.radar' (field 'series'[1]: table expected, got string)"),
            (radar, "series =", "serie =", "test:1: fl.svg.radar: unknown option 'serie' (did you mean 'series'?)"),
            (plot, "name = 's'", "nmae = 's'", "test:1: fl.svg.plot series: unknown field 'nmae' (did you mean 'name'?)"),
            (plot, "deviation =", "deviaton =", "test:1: fl.svg.plot band: unknown field 'deviaton' (did you mean 'deviation'?)"),
            (plot, "name = 's'", "line = 'yes'", "test:1: bad argument #2 to 'fl.svg.plot' (field 'line': boolean expected, got string)"),
            (plot, band, "band = {lower = {0, 1}}", "test:1: bad argument #2 to 'fl.svg.plot' (field 'band': {lower =, upper =} or {deviation =} expected)"),
            (plot, band, "errorBars = 2", "test:1: bad argument #2 to 'fl.svg.plot' (field 'errorBars': table expected, got number)"),
            (plot, "y = {1, 2}", "x = {1, 2}", "test:1: bad argument #2 to 'fl.svg.plot' (field 'series'[1]: 'y' is required without `recording`)"),
            (plot, "series =", "serie =", "test:1: fl.svg.plot: unknown option 'serie' (did you mean 'series'?)"),
            (plot, "{{name = 's', y = {1, 2}, band = {deviation = {0.5, 0.5}}}}", "{}", "test:1: bad argument #2 to 'fl.svg.plot' (field 'series' is required)"),
            (plot, "{{name = 's', y = {1, 2}, band = {deviation = {0.5, 0.5}}}}", "{true}",
             "test:1: bad argument #2 to 'fl.svg.plot' (field 'series'[1]: a series name or {name =, ...} expected, got boolean)"),
            (plot, "{{name = 's', y = {1, 2}, band = {deviation = {0.5, 0.5}}}}", "{'alpha'}",
             "test:1: bad argument #2 to 'fl.svg.plot' (field 'series'[1]: 'y' is required without `recording`)"),
            (plot, "series =", "recording = 'rec', series =", "test:1: bad argument #2 to 'fl.svg.plot' (field 'recording': Recording expected, got string)"),
        ]
        for (script, old, new, message) in refused {
            XCTAssertEqual(firstLine(script.replacingOccurrences(of: old, with: new)), message)
        }
        // `color` is `colour` spelt the American way; both given are refused (OptionRefusalTests).
        run(plot.replacingOccurrences(of: "name = 's'", with: "color = '#123456', x = {10, 20}"))
        let drawn = try file("p.svg")
        XCTAssertTrue(drawn.contains("#123456"), drawn)
        XCTAssertTrue(drawn.contains(">series 1<"), drawn)
        // A radar's unnamed axes and series are named by their place, as a plot's series are.
        run(radar.replacingOccurrences(of: "'a', 'b', 'c'", with: "{}, {}, 'c'"))
        let chart = try file("r.svg")
        XCTAssertTrue(chart.contains(">axis 2<") && chart.contains(">series 1<"), chart)
    }

    func testGeneratorOptionsAreCheckedAgainstTheKindsDeclaration() {
        run("""
            local g = fl.graph.generate("erdos-renyi", {n = 20, m = 10})
            assert(g:nodeCount() == 20 and g:edgeCount() == 10)
            assert(fl.graph.generate("tree", {n = 7}):edgeCount() == 6)
            assert(#fl.graph.generators == 8)
            """)
        XCTAssertTrue(error("fl.graph.generate('recursive', {})").contains("bad argument #2 to 'fl.graph.generate' (field 'n' is required)"))
        XCTAssertTrue(error("fl.graph.generate('tree', {n = 3, branching = 0})").contains("(field 'branching': an integer ≥ 1 expected, got 0)"))
        XCTAssertTrue(error("fl.graph.generate('erdosRenyi', {n = 3, p = 2})").contains("(field 'p': a number from 0 to 1 expected, got 2)"))
        XCTAssertTrue(error("fl.graph.generate('spiral')").contains("bad argument #1 to 'fl.graph.generate' (unknown graph kind 'spiral'"))
    }

    /// GraphModel checks the option names of a Swift caller; Lua's declarations must name the same options.
    func testEachGeneratorKindDeclaresTheOptionsGraphModelTakes() {
        for kind in GraphGenerator.allCases {
            XCTAssertEqual(GenerateOptions.table(kind).names, kind.parameters.map(\.name), kind.rawValue)
        }
    }

    func testSwiftOnlyStylesAreReachableFromLua() throws {
        run(graph + """
            g:addNode{id = 'p', x = 100, y = 100, width = 80, height = 60}
            g:addNode{id = 'c', x = 10, y = 10, parent = 'p'}
            fl.svg.graph(g, tmp .. '/g.svg', {frameFill = '#123456', frameStroke = '#654321', edgeType = 'step', edgeOffset = 7, edgeBorderRadius = 2})
            """)
        let svg = try file("g.svg")
        XCTAssertTrue(svg.contains("#123456") && svg.contains("#654321"))
        XCTAssertTrue(error(graph + "fl.svg.graph(g, tmp .. '/g.svg', {edgeOffset = -1})").contains("(field 'edgeOffset': a number from 0 to 1000000 expected, got -1)"))
        XCTAssertTrue(error(graph + "fl.svg.graph(g, tmp .. '/g.svg', {legend = 'no'})").contains("(field 'legend': boolean expected, got string)"))
    }

    /// `fill = field` and `group = field` are one colouring rule: both honour `palette` and make the legend.
    func testFillByAFieldHonoursThePalette() throws {
        run(graph + """
            fl.svg.graph(g, tmp .. '/fill.svg', {fill = 'kind', palette = 'okabeIto'})
            fl.svg.graph(g, tmp .. '/group.svg', {group = 'kind', palette = 'okabeIto'})
            fl.svg.graph(g, tmp .. '/plain.svg', {fill = 'tomato'})
            """)
        let fill = try file("fill.svg"), group = try file("group.svg")
        XCTAssertTrue(fill.contains("#e69f00") && fill.contains("#56b4e9"), "okabeIto's first two colours")
        XCTAssertFalse(fill.contains("#4e79a7"), "no tableau10 colour")
        XCTAssertEqual(fill, group)
        XCTAssertTrue(try file("plain.svg").contains("tomato"))
        XCTAssertTrue(error(graph + "fl.svg.graph(g, tmp .. '/r.svg', {radius = 'size'})").contains("radius: node 'a' has no numeric data field 'size'"))
    }

    /// The plot's bands, error bars, markers, second axis and log scales are reachable from Lua.
    func testPlotStudyOptions() throws {
        run(replay + """
            fl.svg.plot(tmp .. '/study.svg', {yScale = 'log', y2Label = 'alpha', series = {
              {name = 'mean', x = {1, 2, 3}, y = {10, 100, 1000}, band = {deviation = {5, 50, 500}}, marker = 'diamond'},
              {name = 'range', y = {20, 200, 2000}, errorBars = {lower = {10, 100, 1000}, upper = {30, 300, 3000}}, line = false, marker = 'square'},
              {name = 'share', y = {0.1, 0.5, 0.9}, axis = 'right'},
            }})
            fl.svg.plot(tmp .. '/rec.svg', {recording = rec, series = {'energy', {name = 'alpha', axis = 'right', marker = 'circle'}}})
            """)
        let study = try file("study.svg")
        XCTAssertTrue(study.contains("<polygon"), "the band")
        XCTAssertTrue(study.contains("share (right axis)") && study.contains(">alpha<"))
        XCTAssertTrue(study.contains(">1000<") || study.contains(">1e3<") || study.contains(">10³<"), "decade ticks on the log axis")
        XCTAssertTrue(try file("rec.svg").contains("alpha (right axis)"))
        XCTAssertTrue(error("fl.svg.plot(tmp .. '/p.svg', {series = {{y = {1, 2}, band = {lower = {0, 1}}}}})")
            .contains("(field 'band': {lower =, upper =} or {deviation =} expected)"))
        XCTAssertTrue(error("fl.svg.plot(tmp .. '/p.svg', {series = {{y = {1, 2}, marker = 'star'}}})")
            .contains("(field 'marker': unknown value 'star' (none, circle, square, triangle, diamond))"))
        XCTAssertTrue(error("fl.svg.plot(tmp .. '/p.svg', {series = {{name = 's'}}})").contains("(field 'series'[1]: 'y' is required without `recording`)"))
        XCTAssertTrue(error(replay + "fl.svg.plot(tmp .. '/p.svg', {recording = rec, series = {{name = 'alpha', y = {1}}}})")
            .contains("(field 'series'[1]: 'y' comes from the recording)"))
        XCTAssertTrue(error(replay + "fl.svg.plot(tmp .. '/p.svg', {recording = rec, series = {'alpha', {name = 'alhpa'}}})")
            .contains("(the recording has no series 'alhpa' (it has alpha, energy))"))
        XCTAssertTrue(error(replay + "fl.svg.plot(tmp .. '/p.svg', {recordnig = rec})").contains("fl.svg.plot: unknown option 'recordnig' (did you mean 'recording'?)"))
    }

    /// The replay takes per-node radii and per-edge widths as numbers, data fields or functions, rings fixed nodes
    /// and carries alpha and energy from the start of the recording.
    func testReplayStylesFixedNodesAndCooling() throws {
        run("""
            local g = fl.graph.generate('tree', {n = 5})
            for i, n in ipairs(g:nodes()) do n.data = {r = i} end
            local sim = fl.simulation(g)
            g:node('0').fx = 0
            local rec = sim:record{every = 7}
            sim:tick(9)
            fl.html.replay(rec, tmp .. '/field.html', {radius = 'r', edgeWidth = function(e, i) return i + 0.5 end})
            fl.html.replay(rec, tmp .. '/plain.html', {radius = 3, edgeWidth = 2})
            """)
        let field = try file("field.html"), plain = try file("plain.html")
        XCTAssertTrue(field.contains("\"radii\":[1,2,3,4,5]"), field)
        XCTAssertTrue(field.contains("\"widths\":[0.5,1.5,2.5,3.5]"))
        XCTAssertTrue(field.contains("\"ticks\":[0,7,9]"), "tick 0 and the last tick")
        XCTAssertTrue(field.contains("\"fixed\":[[0],[0],[0]]"))
        XCTAssertTrue(field.contains("\"cooling\":{\"ticks\":[0,1,2,3,4,5,6,7,8,9],\"alpha\":[1,0.977237,"), field)
        XCTAssertTrue(plain.contains("\"radii\":[3,3,3,3,3]") && plain.contains("\"widths\":[2,2,2,2]"))
        XCTAssertTrue(error(replay + "fl.html.replay(rec, tmp .. '/r.html', {radius = 'size'})").contains("radius: node '0' has no numeric data field 'size'"))
        XCTAssertTrue(error(replay + "fl.html.replay(rec, tmp .. '/r.html', {radius = -1})").contains("bad argument #3 to 'fl.html.replay' (field 'radius': must be from 0.01 to 1000, got -1)"))
        XCTAssertTrue(error(replay + "fl.html.replay(rec, tmp .. '/r.html', {edgeWidth = function() return 'x' end})")
            .contains("field 'edgeWidth': the function returned string for edge"))
    }

    func testReplayAndMetricsOptions() throws {
        run(replay + """
            fl.html.replay(rec, tmp .. '/r.html', {palette = 'okabeIto', fps = 5})
            fl.svg.plot(tmp .. '/all.svg', {recording = rec})
            local g = fl.graph.new(); g:addNode{id = 'a', x = 0, y = 0, data = {r = 10}}; g:addNode{id = 'b', x = 5, y = 0, data = {r = 1}}
            assert(fl.metrics(g, {radius = 'r'}).overlaps == 1)
            assert(fl.metrics(g, {radius = 1}).overlaps == 0)
            g:addNode{id = 'c', x = 25, y = 0}
            g:addEdge{source = 'a', target = 'b', data = {w = 1}}; g:addEdge{source = 'b', target = 'c', data = {w = 4}}
            local plain, weighted = fl.metrics(g), fl.metrics(g, {weight = 'w'})
            assert(plain.edgeLengthMean == 12.5 and weighted.edgeLengthMean == 5, weighted.edgeLengthMean)
            """)
        XCTAssertTrue(try file("r.html").contains("#e69f00"))
        XCTAssertTrue(try file("all.svg").contains(">alpha<") && file("all.svg").contains(">energy<"), "every series of the recording")
        XCTAssertTrue(error("fl.svg.plot(tmp .. '/p.svg', {})").contains("(field 'series' is required)"))
        // A path whose extension names another format is refused; any other name is the writer's own format.
        XCTAssertTrue(error("local g = fl.graph.new(); g:addNode{id = 'a', x = 0, y = 0}; fl.svg.graph(g, tmp .. '/x.png')")
            .contains("bad argument #2 to 'fl.svg.graph' ('" + folder! + "/x.png' ends in .png, the extension of PNG files, but this writes SVG: give a path ending in .svg (rsvg-convert makes a PNG of it))"))
        XCTAssertTrue(error("fl.svg.radar(tmp .. '/r.pdf', {axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}}}})")
            .contains("ends in .pdf, the extension of PDF files, but this writes SVG: give a path ending in .svg"))
        XCTAssertTrue(error("fl.svg.plot(tmp .. '/p.HTML', {series = {{y = {1, 2}}}})").contains("ends in .HTML, the extension of HTML files, but this writes SVG"))
        XCTAssertTrue(error("fl.svg.plot(tmp .. '/p.svgz', {series = {{y = {1, 2}}}})").contains("ends in .svgz, the extension of gzip-compressed SVG files, but this writes SVG"))
        XCTAssertTrue(error(replay + "fl.html.replay(rec, tmp .. '/r.svg')").contains("ends in .svg, the extension of SVG files, but this writes HTML: give a path ending in .html"))
        // Outside a notebook a picture needs a path: none, or the options where it goes, is refused saying so.
        XCTAssertEqual(firstLine(graph + "fl.svg.graph(g)"),
                       "test:1: bad argument #2 to 'fl.svg.graph' (the path of the .svg file to write expected, got no value: only a notebook shows SVG without writing a file)")
        XCTAssertTrue(firstLine(graph + "fl.svg.graph(g, {width = 300})").hasSuffix("(the path of the .svg file to write expected, got table: only a notebook shows SVG without writing a file)"))
        XCTAssertTrue(firstLine("fl.svg.plot{\(series)}").hasSuffix("bad argument #1 to 'fl.svg.plot' (the path of the .svg file to write expected, got table: only a notebook shows SVG without writing a file)"))
        XCTAssertTrue(firstLine("fl.svg.radar{axes = {'a', 'b', 'c'}, series = {{values = {1, 2, 3}}}}").hasSuffix("bad argument #1 to 'fl.svg.radar' (the path of the .svg file to write expected, got table: only a notebook shows SVG without writing a file)"))
        XCTAssertTrue(firstLine(replay + "fl.html.replay(rec, nil, {fps = 5})").hasSuffix("bad argument #2 to 'fl.html.replay' (the path of the .html file to write expected, got nil: only a notebook shows HTML without writing a file)"))
        run(replay + "fl.html.replay(rec, tmp .. '/r.HTM'); fl.svg.plot(tmp .. '/p.SVG', {recording = rec}); fl.svg.plot(tmp .. '/plain', {recording = rec})")
        XCTAssertTrue(try file("plain").hasPrefix("<?xml"))
        // A bad radius names the node by its id, not by a number the script never saw.
        XCTAssertTrue(error("local g = fl.graph.new(); g:addNode{id = 'a', x = 0, y = 0}; fl.metrics(g, {radius = -1})")
            .contains("node 'a' has radius -1.0; radii must be finite and not negative"))
        XCTAssertTrue(error("local g = fl.graph.new(); g:addNode{id = 'a', x = 0, y = 0}; g:addEdge{source = 'a', target = 'a'}; fl.metrics(g, {weight = 'w'})")
            .contains("bad argument #2 to 'fl.metrics' (field 'weight': edge "))
        XCTAssertTrue(error("local g = fl.graph.new(); fl.metrics(g, {seed = -1})").contains("(field 'seed': an integer from 0 to 4294967295 expected, got -1)"))
        // The per-element styles and the weight are settings of Render's structs, read by the one reader: a misspelt
        // key gets the nearest name, a value of the wrong kind the kinds the option takes.
        XCTAssertEqual(firstLine(replay + "fl.html.replay(rec, tmp .. '/r.html', {edgeWidht = 2})"),
                       "test:1: fl.html.replay: unknown option 'edgeWidht' (did you mean 'edgeWidth'?)")
        XCTAssertTrue(error(replay + "fl.html.replay(rec, tmp .. '/r.html', {radius = {}})")
            .contains("bad argument #3 to 'fl.html.replay' (field 'radius': number, data field name or function expected, got table)"))
        XCTAssertTrue(error(replay + "fl.html.replay(rec, tmp .. '/r.html', {edgeWidth = true})")
            .contains("bad argument #3 to 'fl.html.replay' (field 'edgeWidth': number, data field name or function expected, got boolean)"))
        XCTAssertEqual(firstLine("local g = fl.graph.new(); fl.metrics(g, {wieght = 'w'})"),
                       "test:1: fl.metrics: unknown option 'wieght' (did you mean 'weight'?)")
        XCTAssertTrue(error("local g = fl.graph.new(); fl.metrics(g, {radius = true})")
            .contains("bad argument #2 to 'fl.metrics' (field 'radius': number, data field name or function expected, got boolean)"))
        XCTAssertTrue(error("local g = fl.graph.new(); fl.metrics(g, {weight = {}})")
            .contains("bad argument #2 to 'fl.metrics' (field 'weight': string expected, got table)"))
    }

    func testMetricsCanLeaveCrossingsOut() {
        let square = "local g = fl.graph.new(); for i, p in ipairs{{0, 0}, {10, 0}, {10, 10}, {0, 10}} do g:addNode{id = 'n' .. i, x = p[1], y = p[2]} end; "
            + "for _, e in ipairs{{1, 2}, {2, 3}, {3, 4}, {4, 1}, {1, 3}, {2, 4}} do g:addEdge{source = 'n' .. e[1], target = 'n' .. e[2]} end; "
        run(square + """
            local all, some = fl.metrics(g), fl.metrics(g, {crossings = false})
            assert(all.crossings == 1, all.crossings)
            assert(some.crossings == nil, some.crossings)
            assert(some.stress == all.stress and some.minAngle == all.minAngle, some.stress)
            assert(fl.metrics(g, {crossings = true}).crossings == 1)
            """)
        XCTAssertEqual(firstLine(square + "fl.metrics(g, {crosings = false})"), "test:1: fl.metrics: unknown option 'crosings' (did you mean 'crossings'?)")
        XCTAssertTrue(error(square + "fl.metrics(g, {crossings = 'no'})").contains("field 'crossings'"))
    }

    func testMetricsComputeOnlyTheFiguresAskedFor() {
        let square = "local g = fl.graph.new(); for i, p in ipairs{{0, 0}, {10, 0}, {10, 10}, {0, 10}} do g:addNode{id = 'n' .. i, x = p[1], y = p[2]} end; "
            + "for _, e in ipairs{{1, 2}, {2, 3}, {3, 4}, {4, 1}, {1, 3}, {2, 4}} do g:addEdge{source = 'n' .. e[1], target = 'n' .. e[2]} end; "
        run(square + """
            local all = fl.metrics(g)
            local some = fl.metrics(g, {only = {"neighbourhoodPreservation", "stress"}, threads = 1})
            local names = {}
            for name in pairs(some) do names[#names + 1] = name end
            table.sort(names)
            assert(table.concat(names, " ") == "neighbourhoodPreservation sources stress", table.concat(names, " "))
            assert(some.stress == all.stress and some.neighbourhoodPreservation == all.neighbourhoodPreservation)
            assert(math.type(some.sources) == "integer" and some.sources == 4)
            local crossings = fl.metrics(g, {only = {"crossings"}})
            assert(crossings.crossings == 1 and crossings.sources == nil and crossings.stress == nil)
            """)
        XCTAssertTrue(error(square + "fl.metrics(g, {only = {'stress', 'neighborhoodPreservation'}})")
            .contains("(field 'only'[2]: unknown value 'neighborhoodPreservation' (did you mean 'neighbourhoodPreservation'?))"))
        XCTAssertTrue(error(square + "fl.metrics(g, {only = {'sources'}})").contains("unknown value 'sources' (stress, crossings,"))
        XCTAssertTrue(error(square + "fl.metrics(g, {only = {}})").contains("field 'only': a list of names (stress, crossings,"))
        XCTAssertTrue(error(square + "fl.metrics(g, {only = {'stress', 1}})").contains("field 'only'[2]: a name expected, got number"))
        XCTAssertTrue(error(square + "fl.metrics(g, {only = 'stress'})").contains("field 'only'"))
        XCTAssertTrue(error(square + "fl.metrics(g, {only = {'crossings'}, crossings = false})").contains("names 'crossings' but 'crossings' is false"))
        XCTAssertTrue(error(square + "fl.metrics(g, {threads = 0})").contains("field 'threads'"))
    }
}
