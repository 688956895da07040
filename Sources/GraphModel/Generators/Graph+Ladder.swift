extension Graph {
    /// A ladder of `rungs` rungs (2·rungs nodes): node 2i and node 2i + 1 are rung i's two ends (data side 0 and 1,
    /// rung i), each rung links its ends, and each end links the same side's end of the next rung.
    public static func ladder(rungs: Int) -> Graph { ladder(rungs: rungs, check: { _ in }) }

    /// `ladder(rungs:)`, calling `check` as it inserts (see `generated`).
    static func ladder(rungs: Int, check: (Int) throws -> Void) rethrows -> Graph {
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(max(0, 3 * rungs - 2))
        for rung in 0..<rungs {
            edges.append((2 * rung, 2 * rung + 1))
            if rung + 1 < rungs {
                edges.append((2 * rung, 2 * rung + 2))
                edges.append((2 * rung + 1, 2 * rung + 3))
            }
        }
        return try generated(nodeCount: 2 * rungs, edges: edges, check: check) { index in
            ["side": .integer(index % 2), "rung": .integer(index / 2)]
        }
    }
}
