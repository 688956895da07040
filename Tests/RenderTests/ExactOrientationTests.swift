import XCTest
@testable import Render

final class ExactOrientationTests: XCTestCase {
    /// Nearly collinear triples whose rounded determinant is 0 but whose exact one is not (signs from rational
    /// arithmetic on the same doubles), and exactly collinear ones.
    func testSignIsExactWhereRoundingGivesZero() {
        let cases: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, Int)] = [
            ([0.1, 0.2], [-0.5, -0.39999999999999997], [-0.7999999999999999, -0.7], 1),
            ([0.1, 0.0], [-1.4, 0.8999999999999999], [-0.4, 0.3], 1),
            ([0.2, 0.5], [1.0, 1.3], [0.6000000000000001, 0.9], -1),
            ([1.3, 1.1], [3.3, -0.09999999999999987], [2.8, 0.20000000000000018], 1),
            ([1.4, 0.8], [1.9, 0.9], [0.4, 0.6], -1),
            ([0.4, 0.6], [0.9, 0.7], [1.4, 0.8], 1),
            ([0.5, 0.5], [12, 12], [24, 24], 0),
            ([0.5, 0.5], [12, 12], [24, 24.000000000000004], 1),
            ([1e-300, 1e-300], [2e-300, 2e-300], [3e-300, 3.0000000000000003e-300], 0),
            ([1e300, 1e-300], [-1e300, -1e-300], [0, 5e-324], -1),
            ([1e300, 1e-300], [-1e300, -1e-300], [0, 0], 0),
            ([0x1p500, 1], [0x1p500 + 0x1p448, 1 + 0x1p-52], [3 * 0x1p499, 1.0000000000000002], -1),
        ]
        for (a, b, c, expected) in cases {
            XCTAssertEqual(ExactOrientation.sign(a, b, c), expected, "\(a) \(b) \(c)")
            XCTAssertEqual(ExactOrientation.exactSign(a, b, c), expected, "\(a) \(b) \(c)")
            // The turn's sign is the same from each point and flips with the order.
            XCTAssertEqual(ExactOrientation.sign(b, c, a), expected)
            XCTAssertEqual(ExactOrientation.sign(b, a, c), -expected)
        }
    }

    /// Where the filter decides, the exact evaluation agrees, at scales from subnormal to 2^500.
    func testFilterAgreesWithExactEvaluation() {
        var state: UInt64 = 5
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) * 0x1p-53
        }
        for scale in [0x1p-1070, 1e-300, 0x1p-40, 1, 1e6, 0x1p500] {
            for _ in 0..<2000 {
                let a = SIMD2(random(), random()) * scale, b = SIMD2(random(), random()) * scale
                let c = a + (b - a) * (random() * 3 - 1) + SIMD2(random(), random()) * scale * (random() < 0.5 ? 0 : 0x1p-50)
                XCTAssertEqual(ExactOrientation.sign(a, b, c), ExactOrientation.exactSign(a, b, c), "\(a) \(b) \(c)")
            }
        }
    }

    func testIntegerArithmetic() {
        let big = ExactInteger(0x1p200, unitExponent: 0), one = ExactInteger(1, unitExponent: 0)
        XCTAssertEqual(ExactInteger.compare(big - one, big), -1)
        XCTAssertEqual(ExactInteger.compare((big - one) * (big - one), big * big - (big - one) - big), 0)
        XCTAssertEqual(ExactInteger.compare(one - big, ExactInteger(0, unitExponent: 0) - (big - one)), 0)
        XCTAssertEqual(ExactInteger.compare(ExactInteger(-3, unitExponent: 0) * ExactInteger(-0.5, unitExponent: -1), ExactInteger(1.5, unitExponent: -1)), 0)
    }
}
