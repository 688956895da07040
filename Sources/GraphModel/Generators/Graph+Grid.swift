extension Graph {
    /// A rows × columns lattice: node r·columns + c (data row, column) links right and down.
    public static func grid(rows: Int, columns: Int) -> Graph {
        var edges: [(Int, Int)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let node = row * columns + column
                if column + 1 < columns { edges.append((node, node + 1)) }
                if row + 1 < rows { edges.append((node, node + columns)) }
            }
        }
        return generated(nodeCount: rows * columns, edges: edges) { index in
            ["row": .number(Double(index / columns)), "column": .number(Double(index % columns))]
        }
    }
}
