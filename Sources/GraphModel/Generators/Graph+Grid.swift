extension Graph {
    /// A rows × columns lattice: node r·columns + c (data row, column) links right and down.
    public static func grid(rows: Int, columns: Int) -> Graph { grid(rows: rows, columns: columns, check: { _ in }) }

    /// `grid(rows:columns:)`, calling `check` as it inserts (see `generated`).
    static func grid(rows: Int, columns: Int, check: (Int) throws -> Void) rethrows -> Graph {
        var edges: [(Int, Int)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let node = row * columns + column
                if column + 1 < columns { edges.append((node, node + 1)) }
                if row + 1 < rows { edges.append((node, node + columns)) }
            }
        }
        return try generated(nodeCount: rows * columns, edges: edges, check: check) { index in
            ["row": .integer(index / columns), "column": .integer(index % columns)]
        }
    }
}
