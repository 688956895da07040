/// The series of the 2D fast multipole method for the Cauchy kernel s / (w − z), in complex numbers stored as
/// SIMD2<Double> (real, imaginary), each series `order` coefficients long (for `MultipoleManyBody`).
///
/// A multipole expansion of point strengths s at w around a centre c has coefficients aₖ = Σ s (w − c)ᵏ; outside
/// the points it gives Σ s / (w − z) = −Σₖ aₖ / (z − c)ᵏ⁺¹. A local expansion around c is Σₗ bₗ (z − c)ˡ. With
/// R = c_source − c_target, the kernel 1 / (R + ω − u) (ω, u the offsets from the centres) expands to
/// Σₖ Σₗ C(k + l, l) (−ω)ᵏ uˡ / Rᵏ⁺ˡ⁺¹, which gives the translation from a multipole to a local expansion; moving
/// either kind of expansion to another centre is a binomial shift. Truncated at `order` terms, a source of radius
/// r_s and a target of radius r_t with (r_s + r_t) ≤ θ |R| err by about θ^order relative to the pull.
struct ComplexExpansions: @unchecked Sendable {
    /// Coefficients per expansion (even: the translation takes them in pairs).
    static let order = 6
    /// C(k + l, l) at k · order + l, for k, l < order.
    let binomials: UnsafeMutablePointer<Double>
    /// The translation's coefficients with its signs, (−1)ᵏ C(k + l, l), two l at a time, each twice (for a complex
    /// number's two parts): (c(k, l), c(k, l), c(k, l + 1), c(k, l + 1)) at k · order / 2 + l / 2, for even l.
    let signedBinomialPairs: UnsafeMutablePointer<SIMD4<Double>>
    /// Scratch a caller hands to `shiftMultipole` and `addField`, in coefficients.
    static let scratchCount = 2 * order + 1

    /// Allocates the tables of binomial coefficients; `release` frees them.
    init() {
        let p = Self.order
        precondition(p % 2 == 0, "the translation takes the coefficients in pairs")
        binomials = .allocate(capacity: p * p)
        signedBinomialPairs = .allocate(capacity: p * p / 2)
        for k in 0..<p {
            for l in 0..<p {
                binomials[k * p + l] = k == 0 || l == 0 ? 1 : binomials[(k - 1) * p + l] + binomials[k * p + l - 1]
            }
            let sign = k % 2 == 0 ? 1.0 : -1.0
            for l in stride(from: 0, to: p, by: 2) {
                let c = sign * binomials[k * p + l], d = sign * binomials[k * p + l + 1]
                signedBinomialPairs[(k * p + l) / 2] = SIMD4(c, c, d, d)
            }
        }
    }

    /// Frees the tables.
    func release() {
        binomials.deallocate()
        signedBinomialPairs.deallocate()
    }

    /// The complex product a × b.
    @inline(__always)
    static func times(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        a.x * b + a.y * SIMD2(-b.y, b.x)
    }

    /// The complex products a × b of two pairs of complex numbers (real, imaginary, real, imaginary), each as
    /// `times` computes it.
    @inline(__always)
    static func times(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(a.x, a.x, a.z, a.z) * b + SIMD4(a.y, a.y, a.w, a.w) * SIMD4(-b.y, b.x, -b.w, b.z)
    }

    /// The complex reciprocal 1 / a = conj(a) / |a|².
    @inline(__always)
    static func reciprocal(_ a: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a.x, -a.y) / (a * a).sum()
    }

    /// Adds the points at `x`, `y` with strengths `s` (`count` of them, contiguous) to the multipole expansion
    /// `m` around `centre`.
    @inline(__always)
    func addPoints(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ s: UnsafePointer<Double>, _ count: Int,
        centre: SIMD2<Double>, into m: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        // The running sums on the stack, where the compiler keeps them in registers (`m` might alias the points).
        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: Self.order) { sums in
            for k in 0..<Self.order { sums[k] = m[k] }
            for j in 0..<count {
                let d = SIMD2(x[j], y[j]) - centre
                var t = SIMD2(s[j], 0)
                for k in 0..<Self.order {
                    sums[k] += t
                    t = Self.times(t, d)
                }
            }
            for k in 0..<Self.order { m[k] = sums[k] }
        }
    }

    /// Adds the multipole expansion `child` around a centre at `offset` from the parent's centre to the parent's
    /// multipole expansion `m`: aₖ += Σ_{j ≤ k} C(k, j) a'ⱼ offsetᵏ⁻ʲ.
    @inline(__always)
    func shiftMultipole(
        _ child: UnsafePointer<SIMD2<Double>>, by offset: SIMD2<Double>, into m: UnsafeMutablePointer<SIMD2<Double>>,
        scratch powers: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        let p = Self.order
        var t = SIMD2<Double>(1, 0)
        for k in 0..<p {
            powers[k] = t
            t = Self.times(t, offset)
        }
        for k in 0..<p {
            var sum = SIMD2<Double>()
            for j in 0...k { sum += binomials[(k &- j) &* p &+ j] * Self.times(child[j], powers[k &- j]) }
            m[k] += sum
        }
    }

    /// Adds the field of the multipole expansion `m` around a centre at `offset` from the local expansion's centre
    /// (R = c_source − c_target) to the local expansion `l`: bₗ += Σₖ C(k + l, l) (−1)ᵏ aₖ / Rᵏ⁺ˡ⁺¹.
    /// The powers 1/Rᵏ, k ≤ order, serve both sides (the signs are in `signedBinomialPairs`); the sums over k are
    /// made for two l at a time, in the same order for each.
    @inline(__always)
    func addField(
        of m: UnsafePointer<SIMD2<Double>>, at offset: SIMD2<Double>, into l: UnsafeMutablePointer<SIMD2<Double>>,
        scratch: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        let p = Self.order, pairs = Self.order / 2
        let powers = scratch, scaled = scratch + (p &+ 1)
        let inverse = Self.reciprocal(offset)
        powers[0] = SIMD2(1, 0)
        powers[1] = inverse
        for k in 2...p { powers[k] = Self.times(powers[k &- 1], inverse) }
        scaled[0] = m[0]
        for k in stride(from: 1, to: p &- 1, by: 2) {
            let both = Self.times(
                SIMD4(lowHalf: m[k], highHalf: m[k &+ 1]), SIMD4(lowHalf: powers[k], highHalf: powers[k &+ 1]))
            scaled[k] = both.lowHalf
            scaled[k &+ 1] = both.highHalf
        }
        scaled[p &- 1] = Self.times(m[p &- 1], powers[p &- 1])
        // Stack space the compiler keeps in registers once it unrolls the loops (`order` is a constant).
        withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: pairs) { sums in
            sums.initialize(repeating: SIMD4())
            for k in 0..<p {
                let a = scaled[k], row = signedBinomialPairs + k &* pairs
                let both = SIMD4(a.x, a.y, a.x, a.y)
                for q in 0..<pairs { sums[q] += row[q] * both }
            }
            for q in 0..<pairs {
                let field = Self.times(sums[q], SIMD4(lowHalf: powers[2 &* q &+ 1], highHalf: powers[2 &* q &+ 2]))
                l[2 &* q] += field.lowHalf
                l[2 &* q &+ 1] += field.highHalf
            }
        }
    }

    /// Re-centres the local expansion `parent` at `offset` from its centre into `l` (a Taylor shift by repeated
    /// Horner steps).
    @inline(__always)
    func shiftLocal(
        _ parent: UnsafePointer<SIMD2<Double>>, by offset: SIMD2<Double>, into l: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        let p = Self.order
        l.update(from: parent, count: p)
        for i in 0..<(p - 1) {
            var k = p - 2
            while k >= i {
                l[k] += Self.times(offset, l[k &+ 1])
                k &-= 1
            }
        }
    }

    /// The local expansion `l` at `offset` from its centre (Horner's rule).
    @inline(__always)
    static func evaluate(_ l: UnsafePointer<SIMD2<Double>>, at offset: SIMD2<Double>) -> SIMD2<Double> {
        var f = l[order - 1]
        for j in stride(from: order - 2, through: 0, by: -1) { f = times(f, offset) + l[j] }
        return f
    }

    /// `evaluate` at two offsets at once (the low and high halves), each with the same steps.
    @inline(__always)
    static func evaluate(_ l: UnsafePointer<SIMD2<Double>>, at offsets: SIMD4<Double>) -> SIMD4<Double> {
        var f = SIMD4(lowHalf: l[order - 1], highHalf: l[order - 1])
        for j in stride(from: order - 2, through: 0, by: -1) {
            f = times(f, offsets) + SIMD4(lowHalf: l[j], highHalf: l[j])
        }
        return f
    }
}
