/// Bounds on the sizes a file's header may declare (Pajek's `*Vertices n`, Matrix Market's size line), so a few bytes
/// cannot make a reader allocate without end: what a header declares is built, one unit of work per node.
enum FileSizes {
    /// The most nodes a header may declare (ten times the largest generated graph).
    static let maximumDeclaredNodes = 100_000_000
    /// The most nodes reserved ahead of reading them.
    static let reservedAhead = 1 << 20
}
