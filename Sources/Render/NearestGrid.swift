/// The k nearest points to a point of a 2D layout, through a uniform grid of square cells (about two points a cell):
/// a query visits rings of cells around its point until no cell left unvisited can hold a nearer point, so it costs
/// about k points on a spread layout rather than a sort of all of them. The answer is what sorting every other point would give
/// (squared distances computed the same way, ties broken by lower index); a layout too wide for its extent to be a
/// finite number, or with every point on one spot, is one cell, which is every point.
public struct NearestGrid: Sendable {
    let positions: [SIMD2<Double>]
    /// The lower corner of cell (0, 0).
    let origin: SIMD2<Double>
    /// The side of a cell.
    let cellSize: Double
    let columns: Int, rows: Int
    /// Where each cell's points start in `cellPoints` (cell c's are cellStarts[c] ..< cellStarts[c + 1]; cells row by row).
    let cellStarts: [Int]
    /// The points cell by cell, each cell's in ascending order.
    let cellPoints: [Int32]

    /// The grid of `positions` (finite).
    public init(positions: [SIMD2<Double>]) {
        let n = positions.count
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for p in positions {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let span = high - low
        let target = Double(max(1, n / 2))
        let size = max((span.x * span.y / target).squareRoot(), max(span.x, span.y) / target)
        if n > 0, size.isFinite, size > 0, (span / size).max() < 1e9 {
            origin = low
            cellSize = size
            columns = Int(span.x / size) + 1
            rows = Int(span.y / size) + 1
        } else {
            origin = .zero
            cellSize = .infinity
            columns = 1
            rows = 1
        }
        self.positions = positions
        var starts = [Int](repeating: 0, count: columns * rows + 1)
        var cells = [Int](repeating: 0, count: n)
        for (i, p) in positions.enumerated() {
            cells[i] = Self.cell(p, origin: origin, size: cellSize, columns: columns, rows: rows)
            starts[cells[i] + 1] += 1
        }
        for c in 0..<columns * rows { starts[c + 1] += starts[c] }
        var fill = starts
        var points = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            points[fill[cells[i]]] = Int32(truncatingIfNeeded: i)
            fill[cells[i]] += 1
        }
        cellStarts = starts
        cellPoints = points
    }

    /// The cell number of `p`: its column and row rounded down and clamped to the grid.
    private static func cell(_ p: SIMD2<Double>, origin: SIMD2<Double>, size: Double, columns: Int, rows: Int) -> Int {
        guard size.isFinite else { return 0 }
        let x = min(max(Int(((p.x - origin.x) / size).rounded(.down)), 0), columns - 1)
        let y = min(max(Int(((p.y - origin.y) / size).rounded(.down)), 0), rows - 1)
        return y * columns + x
    }

    /// Fills `nearest` with the `k` points nearest to point `s` (itself excluded; ties broken by lower index), in no
    /// particular order, reusing its storage.
    public func nearest(_ k: Int, to s: Int, into nearest: inout NearestHeap) {
        nearest.reset(capacity: k)
        guard k > 0 else { return }
        let p = positions[s]
        let home = Self.cell(p, origin: origin, size: cellSize, columns: columns, rows: rows)
        let cx = home % columns, cy = home / columns
        // A point's cell can be off by rounding; cells are treated as this much narrower when bounding distances.
        let slack = cellSize * 1e-9
        for ring in 0... {
            let left = cx - ring, right = cx + ring, bottom = cy - ring, top = cy + ring
            for y in max(bottom, 0)...min(top, rows - 1) {
                if y == bottom || y == top {
                    for x in max(left, 0)...min(right, columns - 1) { visit(cell: y * columns + x, from: p, skipping: s, into: &nearest) }
                } else {
                    // Between the ring's first and last rows, only its left and right columns are new.
                    if left >= 0 { visit(cell: y * columns + left, from: p, skipping: s, into: &nearest) }
                    if right < columns { visit(cell: y * columns + right, from: p, skipping: s, into: &nearest) }
                }
            }
            // The nearest any unvisited cell can be: the distance to the ring's outer side, over the sides with cells beyond.
            var bound = Double.infinity
            if left > 0 { bound = min(bound, p.x - (origin.x + Double(left) * cellSize)) }
            if right < columns - 1 { bound = min(bound, origin.x + Double(right + 1) * cellSize - p.x) }
            if bottom > 0 { bound = min(bound, p.y - (origin.y + Double(bottom) * cellSize)) }
            if top < rows - 1 { bound = min(bound, origin.y + Double(top + 1) * cellSize - p.y) }
            if bound == .infinity { return }
            bound -= slack
            if nearest.isFull, bound > 0, nearest.farthest < bound * bound { return }
        }
    }

    /// Offers every point of `cell` but `s` to `nearest`.
    @inline(__always)
    private func visit(cell: Int, from p: SIMD2<Double>, skipping s: Int, into nearest: inout NearestHeap) {
        for position in cellStarts[cell]..<cellStarts[cell + 1] {
            let j = Int(cellPoints[position])
            guard j != s else { continue }
            let d = positions[j] - p
            nearest.offer((d * d).sum(), j)
        }
    }
}

/// The k smallest (squared distance, index) pairs offered, ordered by distance then index: a max-heap of at most k.
public struct NearestHeap {
    private var distances: [Double] = []
    private var indices: [Int] = []
    private var capacity = 0

    /// Empties the heap, keeping its storage, for at most `capacity` pairs.
    mutating func reset(capacity: Int) {
        distances.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        self.capacity = capacity
    }

    /// Whether it holds `capacity` pairs.
    var isFull: Bool { distances.count == capacity }
    /// The largest squared distance held (the heap's top).
    var farthest: Double { distances[0] }
    /// An empty heap.
    public init() {}

    /// The indices held, in no particular order.
    public var members: ArraySlice<Int> { indices[...] }

    /// Whether (d, i) comes after (e, j).
    @inline(__always)
    private static func after(_ d: Double, _ i: Int, _ e: Double, _ j: Int) -> Bool { d > e || (d == e && i > j) }

    /// Keeps (d, i) if it is among the k smallest so far.
    @inline(__always)
    mutating func offer(_ d: Double, _ i: Int) {
        if distances.count < capacity {
            distances.append(d)
            indices.append(i)
            var child = distances.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.after(distances[child], indices[child], distances[parent], indices[parent]) else { break }
                distances.swapAt(child, parent)
                indices.swapAt(child, parent)
                child = parent
            }
        } else if Self.after(distances[0], indices[0], d, i) {
            distances[0] = d
            indices[0] = i
            var parent = 0
            while true {
                let a = 2 * parent + 1, b = a + 1
                var largest = parent
                if a < capacity, Self.after(distances[a], indices[a], distances[largest], indices[largest]) { largest = a }
                if b < capacity, Self.after(distances[b], indices[b], distances[largest], indices[largest]) { largest = b }
                guard largest != parent else { break }
                distances.swapAt(parent, largest)
                indices.swapAt(parent, largest)
                parent = largest
            }
        }
    }
}
