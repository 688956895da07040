/// The random token a live page's URL carries: 128 bits from the operating system's random source (getrandom, which
/// Swift's `SystemRandomNumberGenerator` reads on Linux), as 32 hexadecimal digits.
enum LiveToken {
    /// A new token.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Whether `given` is `token`, comparing every byte whatever the first difference (no timing hint).
    static func matches(_ given: String?, _ token: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
