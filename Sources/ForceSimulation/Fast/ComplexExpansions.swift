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
    /// Coefficients per expansion.
    static let order = 6
    /// C(k + l, l) at k · order + l, for k, l < order.
    let binomials: UnsafeMutablePointer<Double>
    /// (−1)ᵏ C(k + l, l) at k · order + l: the translation's coefficients with its signs.
    let signedBinomials: UnsafeMutablePointer<Double>
    /// Scratch a caller hands to `shiftMultipole` and `addField`, in coefficients.
    static let scratchCount = 2 * order + 1

    /// Allocates the tables of binomial coefficients; `release` frees them.
    init() {
        let p = Self.order
        binomials = .allocate(capacity: p * p)
        signedBinomials = .allocate(capacity: p * p)
        for k in 0..<p {
            for l in 0..<p {
                binomials[k * p + l] = k == 0 || l == 0 ? 1 : binomials[(k - 1) * p + l] + binomials[k * p + l - 1]
                signedBinomials[k * p + l] = k % 2 == 0 ? binomials[k * p + l] : -binomials[k * p + l]
            }
        }
    }

    /// Frees the tables.
    func release() {
        binomials.deallocate()
        signedBinomials.deallocate()
    }

    /// The complex product a × b.
    @inline(__always)
    static func times(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        a.x * b + a.y * SIMD2(-b.y, b.x)
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
        for j in 0..<count {
            let d = SIMD2(x[j], y[j]) - centre
            var t = SIMD2(s[j], 0)
            for k in 0..<Self.order {
                m[k] += t
                t = Self.times(t, d)
            }
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
    /// The powers 1/Rᵏ, k ≤ order, serve both sides (the signs are in `signedBinomials`).
    @inline(__always)
    func addField(
        of m: UnsafePointer<SIMD2<Double>>, at offset: SIMD2<Double>, into l: UnsafeMutablePointer<SIMD2<Double>>,
        scratch: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        let p = Self.order
        let powers = scratch, scaled = scratch + (p &+ 1)
        let inverse = Self.reciprocal(offset)
        powers[0] = SIMD2(1, 0)
        powers[1] = inverse
        for k in 2...p { powers[k] = Self.times(powers[k &- 1], inverse) }
        scaled[0] = m[0]
        for k in 1..<p { scaled[k] = Self.times(m[k], powers[k]) }
        for j in 0..<p {
            var sum = SIMD2<Double>()
            let row = signedBinomials + j
            for k in 0..<p { sum += row[k &* p] * scaled[k] }
            l[j] += Self.times(sum, powers[j &+ 1])
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
}
