/// The orientation of three points, exact for any finite coordinates: a floating-point evaluation whose sign is
/// trusted when the value exceeds its error bound (as Shewchuk's orient2d filters it), otherwise the determinant
/// computed exactly in integers.
enum ExactOrientation {
    /// The sign of the turn a → b → c, that is of (a − c) × (b − c): 1 left, -1 right, 0 exactly collinear.
    static func sign(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Int {
        let left = (a.x - c.x) * (b.y - c.y), right = (a.y - c.y) * (b.x - c.x)
        let determinant = left - right
        // Rounding moves the value by at most (3 + 16ε)ε of |left| + |right| (Shewchuk's ccwerrboundA); a result in
        // the subnormal range adds at most 2⁻¹⁰⁷⁵ an operation, far below the absolute term. An overflow gives an
        // infinite bound or a NaN, which fall through to the exact evaluation.
        let epsilon = 0x1p-53
        let bound = (3 + 16 * epsilon) * epsilon * (abs(left) + abs(right)) + 0x1p-1060
        if determinant > bound { return 1 }
        if determinant < -bound { return -1 }
        return exactSign(a, b, c)
    }

    /// The sign of (a − c) × (b − c) computed in integers: every coordinate is an integer multiple of the smallest
    /// unit among them (a power of two), so the determinant is that unit squared times an integer.
    static func exactSign(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Int {
        let values = [a.x, a.y, b.x, b.y, c.x, c.y]
        let unit = values.lazy.filter { $0 != 0 }.map(Self.unitExponent).min() ?? 0
        if let w = fittingWords(values, unitExponent: unit) {
            // Differences below 2⁶³ and their products in 128 bits, compared high word first.
            let left = (w[0] - w[4]).multipliedFullWidth(by: w[3] - w[5])
            let right = (w[1] - w[5]).multipliedFullWidth(by: w[2] - w[4])
            return left.high != right.high ? (left.high < right.high ? -1 : 1)
                : left.low == right.low ? 0 : (left.low < right.low ? -1 : 1)
        }
        let n = values.map { ExactInteger($0, unitExponent: unit) }
        let left = (n[0] - n[4]) * (n[3] - n[5]), right = (n[1] - n[5]) * (n[2] - n[4])
        return ExactInteger.compare(left, right)
    }

    /// The `values` divided by 2^`unitExponent` when each is below 2⁶² in size (so any difference of two fits in a
    /// word), or nil.
    private static func fittingWords(_ values: [Double], unitExponent: Int) -> [Int64]? {
        var words: [Int64] = []
        for value in values {
            let scaled = Double(sign: .plus, exponent: -unitExponent, significand: value)
            guard abs(scaled) < 0x1p62 else { return nil }
            words.append(Int64(scaled))
        }
        return words
    }

    /// The exponent of the last significant bit of a finite, nonzero `value`'s significand.
    private static func unitExponent(_ value: Double) -> Int {
        value.exponentBitPattern == 0 ? -1074 : Int(value.exponentBitPattern) - 1075
    }
}

/// A signed integer of any size, as little-endian 64-bit words of its magnitude, for `ExactOrientation`.
struct ExactInteger {
    var negative = false
    var words: [UInt64] = []

    /// The finite `value` divided by 2^`unitExponent`, which must leave an integer.
    init(_ value: Double, unitExponent: Int) {
        guard value != 0 else { return }
        let subnormal = value.exponentBitPattern == 0
        let bits = subnormal ? value.significandBitPattern : value.significandBitPattern | (1 << 52)
        let significand = bits >> UInt64(bits.trailingZeroBitCount)
        let shift = (subnormal ? -1074 : Int(value.exponentBitPattern) - 1075) + bits.trailingZeroBitCount - unitExponent
        negative = value < 0
        words = Array(repeating: 0, count: shift / 64 + 2)
        words[shift / 64] = significand << UInt64(shift % 64)
        if shift % 64 > 11 { words[shift / 64 + 1] = significand >> UInt64(64 - shift % 64) }
        trim()
    }

    private init(negative: Bool, words: [UInt64]) {
        self.negative = negative
        self.words = words
        trim()
    }

    /// Drops leading zero words; zero has no words and is not negative.
    private mutating func trim() {
        while words.last == 0 { words.removeLast() }
        if words.isEmpty { negative = false }
    }

    /// The difference of two integers.
    static func - (x: ExactInteger, y: ExactInteger) -> ExactInteger {
        if x.negative != y.negative { return ExactInteger(negative: x.negative, words: addMagnitudes(x.words, y.words)) }
        return compareMagnitudes(x.words, y.words) >= 0
            ? ExactInteger(negative: x.negative, words: subtractMagnitudes(x.words, y.words))
            : ExactInteger(negative: !x.negative, words: subtractMagnitudes(y.words, x.words))
    }

    /// The product of two integers.
    static func * (x: ExactInteger, y: ExactInteger) -> ExactInteger {
        guard !x.words.isEmpty, !y.words.isEmpty else { return ExactInteger(negative: false, words: []) }
        var product = [UInt64](repeating: 0, count: x.words.count + y.words.count)
        for i in x.words.indices {
            var carry: UInt64 = 0
            for j in y.words.indices {
                let (high, low) = x.words[i].multipliedFullWidth(by: y.words[j])
                let (sum1, overflow1) = low.addingReportingOverflow(product[i + j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                product[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            product[i + y.words.count] = carry
        }
        return ExactInteger(negative: x.negative != y.negative, words: product)
    }

    /// The sign of x − y: 1, -1 or 0.
    static func compare(_ x: ExactInteger, _ y: ExactInteger) -> Int {
        if x.negative != y.negative { return x.negative ? -1 : 1 }
        let magnitudes = compareMagnitudes(x.words, y.words)
        return x.negative ? -magnitudes : magnitudes
    }

    /// The sign of |x| − |y| for trimmed magnitudes.
    private static func compareMagnitudes(_ x: [UInt64], _ y: [UInt64]) -> Int {
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for i in x.indices.reversed() where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
        return 0
    }

    /// |x| + |y|.
    private static func addMagnitudes(_ x: [UInt64], _ y: [UInt64]) -> [UInt64] {
        var sum = [UInt64](repeating: 0, count: max(x.count, y.count) + 1)
        var carry = false
        for i in 0..<(sum.count - 1) {
            let (partial, overflow1) = (i < x.count ? x[i] : 0).addingReportingOverflow(i < y.count ? y[i] : 0)
            let (total, overflow2) = partial.addingReportingOverflow(carry ? 1 : 0)
            sum[i] = total
            carry = overflow1 || overflow2
        }
        sum[sum.count - 1] = carry ? 1 : 0
        return sum
    }

    /// |x| − |y|, for |x| ≥ |y|.
    private static func subtractMagnitudes(_ x: [UInt64], _ y: [UInt64]) -> [UInt64] {
        var difference = x
        var borrow = false
        for i in x.indices {
            let (partial, overflow1) = x[i].subtractingReportingOverflow(i < y.count ? y[i] : 0)
            let (total, overflow2) = partial.subtractingReportingOverflow(borrow ? 1 : 0)
            difference[i] = total
            borrow = overflow1 || overflow2
        }
        return difference
    }
}
