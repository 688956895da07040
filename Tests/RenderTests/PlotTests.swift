import Foundation
import XCTest
@testable import Render

final class PlotTests: XCTestCase {
    func testNiceTicks() {
        let ticks = NiceTicks(min: 0.13, max: 0.92, count: 5)
        XCTAssertEqual(ticks.values.map(ticks.label), ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        let big = NiceTicks(min: 0, max: 300, count: 6)
        XCTAssertEqual(big.values.map(big.label), ["0", "50", "100", "150", "200", "250", "300"])
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
}
