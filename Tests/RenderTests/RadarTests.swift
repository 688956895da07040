import XCTest
@testable import Render

final class RadarTests: XCTestCase {
    let axes = ["speed", "stress (lower is better)", "crossings", "angular resolution", "edge length CV", "overlaps"].map { Radar.Axis($0) }

    func message(_ radar: Radar) -> String? {
        do {
            _ = try radar.render()
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testErrorsAreThrownWithClearMessages() {
        let two = Radar(axes: [.init("a"), .init("b")], series: [.init("s", values: [1, 2])])
        XCTAssertEqual(message(two), "a radar chart needs at least 3 axes, got 2")
        let none = Radar(axes: axes, series: [])
        XCTAssertEqual(message(none), "a radar chart needs at least one series")
        let short = Radar(axes: axes, series: [.init("layout A", values: [1, 2, 3])])
        XCTAssertEqual(message(short), "series 'layout A' has 3 values but there are 6 axes")
        let nan = Radar(axes: axes, series: [.init("B", values: [1, 2, .nan, 4, 5, 6])])
        XCTAssertEqual(message(nan), "series 'B' has NaN on axis 'crossings'; values must be finite numbers")
        var opaque = Radar.Options()
        opaque.fillOpacity = .nan
        XCTAssertEqual(message(Radar(axes: axes, series: [.init("E", values: [1, 2, 3, 4, 5, 6])], options: opaque)),
                       "fillOpacity must be from 0 to 1, got nan")
        var rings = Radar.Options()
        rings.divisions = 1_000_000_000_000_000  // drew rings until the process was killed
        XCTAssertEqual(message(Radar(axes: axes, series: [.init("D", values: [1, 2, 3, 4, 5, 6])], options: rings)),
                       "divisions must be from 1 to 1000, got 1000000000000000")
        var options = Radar.Options()
        options.max = 5
        let outside = Radar(axes: axes, series: [.init("C", values: [1, 2, 3, 4, 5, 6.5])], options: options)
        XCTAssertEqual(message(outside), "series 'C' has 6.5 on axis 'overlaps', outside the range 0…5")
        options.min = 5
        XCTAssertEqual(message(Radar(axes: axes, series: [.init("D", values: [5, 5, 5, 5, 5, 5])], options: options)),
                       "the chart has minimum 5 and maximum 5; the maximum must be larger")
        var perAxis = Radar.Options()
        perAxis.scale = .perAxis
        let ranged = [Radar.Axis("a", min: 0, max: 1), .init("b"), .init("c")]
        XCTAssertEqual(message(Radar(axes: ranged, series: [.init("E", values: [2, 1, 1])], options: perAxis)),
                       "series 'E' has 2 on axis 'a', outside the range 0…1")
        var huge = Radar.Options()
        huge.width = .infinity
        XCTAssertEqual(message(Radar(axes: ranged, series: [.init("F", values: [1, 1, 1])], options: huge)),
                       "picture width must be from 1 to 1000000 pixels, got inf")
    }

    func testComputedSharedScaleEndsOnARoundValue() throws {
        let radar = Radar(axes: axes, series: [.init("A", values: [3, 7.2, 1, 4, 2, 0.5])])
        let scales = try radar.scales()
        XCTAssertEqual(scales[0].lower, 0)
        XCTAssertEqual(scales[0].upper, 10)
        XCTAssertEqual((0...5).map { scales[0].label(ring: $0) }, ["0", "2", "4", "6", "8", "10"])
    }

    func testNegativeValuesMoveTheCentre() throws {
        let radar = Radar(axes: Array(axes.prefix(3)), series: [.init("A", values: [-3, 2, 4])])
        let scale = try radar.scales()[0]
        XCTAssertLessThanOrEqual(scale.lower, -3)
        XCTAssertGreaterThanOrEqual(scale.upper, 4)
        // A negative bound is written with "to", not a dash that would read as one more minus sign.
        XCTAssertEqual(try RadarScale(values: [-4, -2.5], min: -4.5, max: -2, divisions: 5, what: "x").range("–"), "-4.5 to -2")
        XCTAssertEqual(try RadarScale(values: [1, 2], min: 0, max: 10, divisions: 5, what: "x").range("–"), "0–10")
    }

    func testLabelsAreAnchoredByAngle() throws {
        let svg = try Radar(axes: Array(axes.prefix(4)), series: [.init("A", values: [1, 2, 3, 4])]).render()
        let anchors = svg.components(separatedBy: "\n").filter { $0.contains("text-anchor=") && !$0.contains("font-weight") }
        XCTAssertEqual(anchors.map { line in ["start", "middle", "end"].first { line.contains("text-anchor=\"\($0)\"") }! },
                       ["middle", "start", "start", "middle", "end"], "the second label wraps onto two lines")
    }

    func testSharedPolygonPicture() throws {
        var options = Radar.Options()
        options.title = "Layouts compared"
        let radar = Radar(axes: axes, series: [
            .init("d3 defaults", values: [8, 3.5, 6, 4, 2.5, 1]),
            .init("strong charge", values: [5, 2, 3, 7, 4, 0]),
            .init("weak links", values: [9, 6, 7.5, 2, 1.5, 3]),
        ], options: options)
        let svg = try radar.render()
        XCTAssertEqual(svg, try radar.render())
        XCTAssertEqual(svg.components(separatedBy: "class=\"series\"").count - 1, 3)
        try PictureCheck.verify(svg, name: "radar-shared")
    }

    func testPerAxisCirclePicture() throws {
        var options = Radar.Options()
        options.scale = .perAxis
        options.grid = .circle
        options.divisions = 4
        options.title = "Per-axis ranges"
        let ranged = [Radar.Axis("stress", min: 0, max: 1, better: .lower), .init("crossings"), .init("mean edge length"),
                      .init("min angle (deg)", min: 0, max: 180), .init("neighbourhood", min: 0, max: 1, better: .higher)]
        let radar = Radar(axes: ranged, series: [
            .init("run 1", values: [0.3, 120, 31.5, 12, 0.6]),
            .init("run 2", values: [0.15, 80, 28, 25, 0.72], colour: "#b07aa1"),
        ], options: options)
        let svg = try radar.render()
        XCTAssertTrue(svg.contains(">0–180<"))
        XCTAssertTrue(svg.contains("<circle cx="))
        // Which way is better is written under the range, on the axes that say it only.
        XCTAssertEqual(svg.components(separatedBy: ">lower is better<").count - 1, 1)
        XCTAssertEqual(svg.components(separatedBy: ">higher is better<").count - 1, 1)
        XCTAssertLessThan(svg.range(of: ">0–1<")!.lowerBound, svg.range(of: ">lower is better<")!.lowerBound)
        try PictureCheck.verify(svg, name: "radar-per-axis")
    }

    func testLongAxisNamesWrapPicture() throws {
        let long = ["speed of convergence in ticks", "stress (lower is better, normalised)", "edge crossings per hundred edges",
                    "angular resolution in degrees", "edge length coefficient of variation", "node overlaps",
                    "neighbourhood preservation"].map { Radar.Axis($0) }
        let series: [Radar.Series] = [.init("d3 defaults", values: [8, 3.5, 6, 4, 2.5, 1, 5]),
                                      .init("strong charge", values: [5, 2, 3, 7, 4, 0, 6]),
                                      .init("weak links", values: [9, 6, 7.5, 2, 1.5, 3, 2])]
        for scale in Radar.Scale.allCases {
            var options = Radar.Options()
            options.title = "Layouts compared on long criteria"
            options.scale = scale
            let svg = try Radar(axes: long, series: series, options: options).render()
            XCTAssertFalse(svg.contains("…"), "long axis names wrap onto more lines instead of being cut")
            XCTAssertTrue(svg.contains(">coefficient of</text>"))
            try PictureCheck.verify(svg, name: "radar-long-names-\(scale.rawValue)")
        }
    }

    func testWrapBreaksAtSpacesAndShortensTheLastLine() {
        XCTAssertEqual(TextMeasure.wrap("one two three", fontSize: 10, maxWidth: 40, maxLines: 3), ["one", "two", "three"])
        XCTAssertEqual(TextMeasure.wrap("one two three", fontSize: 10, maxWidth: 40, maxLines: 2), ["one", "two t…"])
        XCTAssertEqual(TextMeasure.wrap("short", fontSize: 10, maxWidth: 100, maxLines: 1), ["short"])
        // A word too wide for a line (a figure's name) breaks where its case changes, not with an ellipsis.
        XCTAssertEqual(TextMeasure.wrap("neighbourhoodPreservation", fontSize: 12, maxWidth: 134, maxLines: 3), ["neighbourhood", "Preservation"])
        XCTAssertEqual(TextMeasure.wrap("edgeLengthCV", fontSize: 12, maxWidth: 134, maxLines: 3), ["edgeLengthCV"])
        XCTAssertEqual(TextMeasure.wrap("meanEdgeLengthCV", fontSize: 12, maxWidth: 70, maxLines: 3), ["meanEdge", "LengthCV"])
    }
}
