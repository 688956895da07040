import GraphModel
import ProcessorSupport

/// Hop counts from a batch of breadth-first sources at once, one search a thread, into rows this owns (so a pass
/// over every pair holds a batch's rows, never an n × n matrix). The rows depend on the sources alone, whatever the
/// thread count.
final class HopRows: @unchecked Sendable {
    /// The graph searched.
    let paths: ShortestPaths
    /// The most sources a batch holds.
    let capacity: Int
    /// Row r (the batch's r-th source) is `hops[r * n ..< (r + 1) * n]`: the hop count to each node, −1 when the
    /// search did not reach it.
    private let hops: UnsafeMutableBufferPointer<Int32>
    /// One queue per thread.
    private let queues: [UnsafeMutableBufferPointer<Int32>]

    /// Room for `capacity` rows of `paths`' nodes, searched on up to `threads` threads.
    init(paths: ShortestPaths, capacity: Int, threads: Int) {
        self.paths = paths
        self.capacity = max(capacity, 1)
        hops = .allocate(capacity: self.capacity * paths.nodeCount)
        queues = (0..<max(threads, 1)).map { _ in .allocate(capacity: max(paths.nodeCount, 1)) }
    }

    deinit {
        hops.deallocate()
        for queue in queues { queue.deallocate() }
    }

    /// The bytes `capacity` rows of `nodeCount` nodes and `threads` queues take.
    static func memoryNeeded(nodeCount: Int, capacity: Int, threads: Int) -> Int {
        (max(capacity, 1) + max(threads, 1)) * nodeCount * MemoryLayout<Int32>.stride
    }

    /// Fills the rows of `sources` (at most `capacity`).
    func search(from sources: ArraySlice<Int>) {
        let first = sources.startIndex
        forEachClaimedItem(sources.count, threads: queues.count) { r, worker in
            self.breadthFirst(row: r, from: sources[first + r], queue: self.queues[worker])
        }
    }

    /// The hop count from the batch's `row`-th source to `node` (−1: not reached).
    @inline(__always) func hops(row: Int, node: Int) -> Int32 { hops[row * paths.nodeCount + node] }

    /// One search into row `row`.
    private func breadthFirst(row: Int, from source: Int, queue: UnsafeMutableBufferPointer<Int32>) {
        let n = paths.nodeCount
        let base = hops.baseAddress! + row * n
        for i in 0..<n { base[i] = -1 }
        base[source] = 0
        queue[0] = Int32(source)
        var head = 0, tail = 1
        while head < tail {
            let v = Int(queue[head])
            head += 1
            let next = base[v] + 1
            for k in paths.range(of: v) {
                let w = paths.neighbours[k]
                guard base[w] < 0 else { continue }
                base[w] = next
                queue[tail] = Int32(w)
                tail += 1
            }
        }
    }
}
