import Foundation
import XCTest
@testable import Render

final class PlotTests: XCTestCase {
    func testNiceTicks() {
        let ticks = NiceTicks(min: 0.13, max: 0.92, count: 5)
        XCTAssertEqual(ticks.values.map { NiceTicks.format($0, step: ticks.step) }, ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        let big = NiceTicks(min: 0, max: 300, count: 6)
        XCTAssertEqual(big.values.map { NiceTicks.format($0, step: big.step) }, ["0", "50", "100", "150", "200", "250", "300"])
        XCTAssertEqual(NiceTicks.format(2.5, step: 2.5), "2.5")
        XCTAssertEqual(NiceTicks.niceCeiling(1.3), 2)
        XCTAssertEqual(NiceTicks.niceCeiling(2.2), 2.5)
    }

    func testErrors() {
        XCTAssertThrowsError(try Plot(series: []).render()) { XCTAssertEqual("\($0)", "a plot needs at least one series") }
        XCTAssertThrowsError(try Plot(series: [.init("a", x: [1, 2], y: [1])]).render()) {
            XCTAssertEqual("\($0)", "series 'a' has 2 x values but 1 y values")
        }
        var bounded = Plot.Options()
        bounded.xMin = -.infinity
        XCTAssertThrowsError(try Plot(series: [.init("a", y: [1, 2])], options: bounded).render()) {
            XCTAssertEqual("\($0)", "xMin must be from -1e+15 to 1e+15, got -inf")
        }
        XCTAssertThrowsError(try Plot(series: [.init("a", y: [1, .infinity])]).render()) {
            XCTAssertEqual("\($0)", "series 'a' has a value that is not a finite number")
        }
        var options = Plot.Options()
        options.yMin = 2
        options.yMax = 1
        XCTAssertThrowsError(try Plot(series: [.init("a", y: [1, 2])], options: options).render())
        for (width, height, bad) in [(Double.infinity, 400.0, "width"), (1e300, 400, "width"), (640, .nan, "height"), (0, 400, "width")] {
            options = Plot.Options()
            options.width = width
            options.height = height
            XCTAssertThrowsError(try Plot(series: [.init("a", y: [1, 2])], options: options).render()) {
                XCTAssertTrue("\($0)".hasPrefix("picture \(bad) must be from 1 to 1000000 pixels"))
            }
        }
    }

    func testExplicitRangeKeepsItsEnds() throws {
        var options = Plot.Options()
        options.yMin = 0
        options.yMax = 1
        let axes = try Plot(series: [.init("alpha", y: [1, 0.5, 0.25])], options: options).axes()
        XCTAssertEqual(axes.y.lower, 0)
        XCTAssertEqual(axes.y.upper, 1)
        XCTAssertEqual(axes.x.lower, 0)
        XCTAssertEqual(axes.x.upper, 2)
    }

    func testAlphaAndEnergyPicture() throws {
        let decay = 1 - pow(0.001, 1.0 / 300)
        let alpha = (0..<300).map { pow(1 - decay, Double($0)) }
        let energy = alpha.enumerated().map { 0.8 * $1 * (1 + 0.3 * sin(Double($0) / 9)) }
        var options = Plot.Options()
        options.title = "Cooling: alpha and kinetic energy"
        options.xLabel = "tick"
        options.yLabel = "value"
        let plot = Plot(series: [.init("alpha", y: alpha), .init("kinetic energy", y: energy)], options: options)
        let svg = try plot.render()
        XCTAssertEqual(svg, try plot.render())
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 2)
        XCTAssertTrue(svg.contains(">kinetic energy<"))
        try PictureCheck.verify(svg, name: "plot-alpha")
    }

    func testThreeSeriesPicture() throws {
        var options = Plot.Options()
        options.title = "Three series"
        options.xLabel = "tick"
        options.yLabel = "value"
        let plot = Plot(series: [.init("alpha decay", y: (0..<200).map { exp(-Double($0) / 40) }),
                                 .init("mean velocity (px/tick)", y: (0..<200).map { 0.5 + 0.4 * sin(Double($0) / 20) }),
                                 .init("fraction settled", y: (0..<200).map { Double($0) / 250 })], options: options)
        let svg = try plot.render()
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 3)
        try PictureCheck.verify(svg, name: "plot-three-series")
    }

    func testEmptyPaletteNeedsOwnColours() throws {
        var options = Plot.Options()
        options.palette = []
        XCTAssertThrowsError(try Plot(series: [.init("a", y: [1, 2])], options: options).render()) {
            XCTAssertEqual("\($0)", "the palette has no colours")
        }
        XCTAssertNoThrow(try Plot(series: [.init("a", y: [1, 2], colour: "#123456")], options: options).render())
    }

    func testBandsErrorBarsAndMarkers() throws {
        let x = [-10.0, -30, -60, -100]
        let mean = [0.42, 0.31, 0.27, 0.26], sd = [0.05, 0.03, 0.04, 0.02]
        var withBand = Plot.Series("tree", x: x, y: mean)
        withBand.band = Plot.Interval(around: mean, deviation: sd)
        withBand.marker = .circle
        var withBars = Plot.Series("grid", x: x, y: mean.map { $0 + 0.1 })
        withBars.errorBars = Plot.Interval(lower: mean.map { $0 + 0.05 }, upper: mean.map { $0 + 0.2 })
        withBars.marker = .square
        withBars.line = false
        var options = Plot.Options()
        options.title = "stress by charge (mean ± sd over 5 seeds)"
        options.xLabel = "charge"
        options.yLabel = "stress"
        let plot = Plot(series: [withBand, withBars], options: options)
        let svg = try plot.render()
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 1, "the second series has markers only")
        XCTAssertEqual(svg.components(separatedBy: "<polygon").count - 1, 1, "one band")
        XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 5, "four points and the legend's sample")
        XCTAssertEqual(svg.components(separatedBy: "stroke=\"#ffffff\"").count - 1, 10, "four round and four square markers, and one of each in the legend")
        let axes = try plot.axes()
        XCTAssertEqual(axes.y.upper, 0.7, accuracy: 1e-9, "the y axis holds the error bars' upper ends (0.62)")
        XCTAssertEqual(axes.y.lower, 0.2, accuracy: 1e-9, "and the band's lower end (0.24)")
        try PictureCheck.verify(svg, name: "plot-band-errorbars")

        var wrong = withBand
        wrong.band = Plot.Interval(lower: [0], upper: [1])
        XCTAssertThrowsError(try Plot(series: [wrong]).render()) {
            XCTAssertEqual("\($0)", "series 'tree' has 4 y values but its band has 1 lower and 1 upper bounds")
        }
        wrong.band = Plot.Interval(around: mean, deviation: [0, .nan, 0, 0])
        XCTAssertThrowsError(try Plot(series: [wrong]).render()) {
            XCTAssertEqual("\($0)", "series 'tree': its band has a bound that is not a finite number")
        }
    }

    func testLogAxes() throws {
        var options = Plot.Options()
        options.xScale = .log
        options.yScale = .log
        let sizes = [100.0, 1000, 10_000, 100_000, 1_000_000]
        let plot = Plot(series: [.init("ms per tick", x: sizes, y: sizes.map { 0.002 * $0 * log10($0) })], options: options)
        let axes = try plot.axes()
        XCTAssertEqual(axes.x.ticks, [100, 1000, 10_000, 100_000, 1_000_000])
        XCTAssertEqual(axes.x.fraction(1000), 0.25, accuracy: 1e-12, "a log axis gives each decade the same length")
        XCTAssertEqual(axes.y.lower, 0.1, accuracy: 1e-12)
        XCTAssertEqual(axes.y.upper, 100_000, accuracy: 1e-6)
        XCTAssertEqual(axes.x.label(1_000_000), "1e+06")
        let narrow = try PlotAxis(values: [2, 30], min: nil, max: nil, count: 5, name: "y", scale: .log)
        XCTAssertEqual(narrow.ticks, [1, 2, 5, 10, 20, 50, 100], "within few decades the ticks are 1, 2 and 5 times a power of ten")
        try PictureCheck.verify(try plot.render(), name: "plot-log-axes")
        XCTAssertThrowsError(try Plot(series: [.init("a", y: [0, 1])], options: options).render()) {
            XCTAssertEqual("\($0)", "the x axis is logarithmic, so its values and ends must be above 0")
        }
    }

    func testSecondYAxisForAlphaBesideEnergy() throws {
        let alpha = (0..<300).map { pow(0.977, Double($0)) }
        let energy = alpha.enumerated().map { 4000 * $1 * $1 * (1 + 0.2 * sin(Double($0) / 7)) }
        var alphaSeries = Plot.Series("alpha", y: alpha)
        alphaSeries.axis = .right
        var options = Plot.Options()
        options.yLabel = "kinetic energy"
        options.y2Label = "alpha"
        options.xLabel = "tick"
        let plot = Plot(series: [.init("energy", y: energy), alphaSeries], options: options)
        let axes = try plot.axes()
        XCTAssertEqual(axes.y2?.lower, 0)
        XCTAssertEqual(axes.y2?.upper, 1, "alpha has its own axis instead of a flat line at 0 under the energy")
        XCTAssertGreaterThanOrEqual(axes.y.upper, 4000)
        let svg = try plot.render()
        XCTAssertTrue(svg.contains(">alpha (right axis)<"))
        XCTAssertTrue(svg.contains("rotate(90 "), "the second axis label reads downwards on the right")
        try PictureCheck.verify(svg, name: "plot-second-axis")
        XCTAssertNil(try Plot(series: [.init("energy", y: energy)]).axes().y2)
    }

    /// Series beyond the palette's ten colours are told apart by their markers and dashes, in the plot and in its
    /// legend, whose entries show each series' line; a long legend wraps into rows within the picture's width.
    func testDashesMarkersAndALegendThatWraps() throws {
        let series = (0..<12).map { k -> Plot.Series in
            var line = Plot.Series("series \(k)", x: [0, 1, 2], y: [Double(k), Double(k) + 1, Double(k) + 0.5])
            line.marker = k < 10 ? .circle : .square
            line.dash = k < 10 ? .solid : .dashed
            return line
        }
        var options = Plot.Options()
        options.width = 500
        let svg = try Plot(series: series, options: options).render()
        try PictureCheck.verify(svg, name: "dashes")
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 12)
        // Two dashed polylines and their two legend samples.
        XCTAssertEqual(svg.components(separatedBy: "stroke-dasharray=").count - 1, 4, svg)
        XCTAssertEqual(svg.components(separatedBy: "<rect x=").count - 1, 2 * 3 + 2 + 3,
                       "square markers: 3 points and a legend sample each; the two clip paths' and the legend's boxes")
        let legend = try XCTUnwrap(svg.range(of: "<g class=\"legend\">").map { String(svg[$0.lowerBound...]) })
        let baselines = Set(legend.split(separator: "\n").filter { $0.contains(">series ") }.compactMap { line -> String? in
            guard let y = line.range(of: " y=\"") else { return nil }
            return String(line[y.upperBound...].prefix { $0 != "\"" })
        })
        XCTAssertGreaterThan(baselines.count, 1, "twelve entries do not fit one row of 500 pixels")
    }

    /// Panels stack plots under one title, each with a clip path of its own.
    /// A point on the plot's corner is drawn whole, its marker cut a marker's reach beyond the axes (its line at
    /// them), and the last x tick's label keeps clear of the picture's right edge: the tutorial's theta plot, whose
    /// last point is at x 2.0 and near the y axis's top.
    func testAPointOnTheCornerIsDrawnWholeAndTheLastTickKeepsClearOfTheEdge() throws {
        var series = Plot.Series("error", x: [0.25, 1, 2], y: [0.04, 2, 10])
        series.marker = .diamond
        var options = Plot.Options()
        options.width = 560
        options.height = 320
        options.legend = false
        let svg = try Plot(series: [series], options: options).render()
        let number = /(-?[0-9.]+)/
        let clip = try XCTUnwrap(svg.firstMatch(of: /<clipPath id="plot-area-markers">\s*<rect x="([0-9.-]+)" y="([0-9.-]+)" width="([0-9.]+)" height="([0-9.]+)"/))
        let (left, top) = (Double(clip.1)!, Double(clip.2)!)
        let (right, bottom) = (left + Double(clip.3)!, top + Double(clip.4)!)
        let lastDiamond = try XCTUnwrap(svg.matches(of: /<polygon points="([^"]+)"/).last?.1)
        let corners = lastDiamond.matches(of: number).compactMap { Double($0.1) }
        XCTAssertEqual(corners.count, 8, String(lastDiamond))
        let xs = stride(from: 0, to: corners.count, by: 2).map { corners[$0] }, ys = stride(from: 1, to: corners.count, by: 2).map { corners[$0] }
        XCTAssertTrue(xs.allSatisfy { (left...right).contains($0) } && ys.allSatisfy { (top...bottom).contains($0) },
                      "the last diamond \(lastDiamond) is inside the markers' clip \(left)...\(right) x \(top)...\(bottom)")
        XCTAssertLessThanOrEqual(right, 560 - 12, "the markers' clip stays inside the padding")
        let lastTick = try XCTUnwrap(svg.firstMatch(of: /<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle">2.0<\/text>/))
        XCTAssertLessThanOrEqual(Double(lastTick.1)! + TextMeasure.width("2.0", fontSize: 12 * 0.9) / 2, 560 - 12 - 6,
                                 "the label '2.0' ends half a font size inside the padding")
        XCTAssertTrue(svg.contains("<g class=\"lines\" clip-path=\"url(#plot-area)\""), "the line is cut at the axes")
    }

    func testPanelsStackPlotsWithTheirOwnClipPaths() throws {
        var small = Plot.Options(), large = Plot.Options()
        small.title = "graph = small"
        large.title = "graph = large"
        let panels = PlotPanels(panels: [
            Plot(series: [.init("a", x: [1, 2], y: [10, 20])], options: small),
            Plot(series: [.init("a", x: [1, 2], y: [1000, 3000])], options: large),
        ], title: "crossings by strength")
        let svg = try panels.render()
        try PictureCheck.verify(svg, name: "panels")
        XCTAssertTrue(svg.contains("height=\"\(SVGWriter.number(800 + 12 + 12 * 1.5 + 10))\""), svg)
        for k in [1, 2] {
            XCTAssertTrue(svg.contains("<clipPath id=\"plot-area-\(k)\">") && svg.contains("url(#plot-area-\(k))"))
        }
        XCTAssertTrue(svg.contains(">graph = small<") && svg.contains(">graph = large<") && svg.contains(">crossings by strength<"))
        XCTAssertThrowsError(try PlotPanels(panels: []).render())
    }
}
