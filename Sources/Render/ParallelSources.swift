import GraphModel
import ProcessorSupport

/// Per-source work of the graph metrics (a shortest-path search, a nearest-neighbour query) on several threads: each
/// item's result depends on the item alone and results come back in item order, so a figure summed from them is the
/// same whatever the thread count. Work goes in batches of a few items a thread, and between batches the calling
/// thread charges the meter, so the limits and Ctrl-C stop a long measurement within a batch.
enum ParallelSources {
    /// Items per thread in one batch.
    static let batchPerThread = 4

    /// `work(item, workspace)` for items 0 ..< count on up to `workspaces.count` threads, each thread with a
    /// workspace of its own; `units(item)` is charged to `meter` before the batch holding the item runs.
    static func map<Result, Workspace: Sendable>(
        _ count: Int, workspaces: [Workspace], initial: Result, meter: WorkMeter, units: (Int) -> Int,
        _ work: @Sendable (Int, Workspace) -> Result
    ) throws -> [Result] {
        var results = [Result](repeating: initial, count: count)
        let threads = max(1, workspaces.count)
        let batch = threads * batchPerThread
        try results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress)
            var start = 0
            while start < count {
                let end = min(start + batch, count)
                for item in start..<end { try meter.charge(units(item)) }
                let first = start
                forEachClaimedItem(end - first, threads: threads) { i, worker in
                    slots.write(work(first + i, workspaces[worker]), at: first + i)
                }
                start = end
            }
        }
        return results
    }

    /// Result storage the threads write, each its own items.
    private struct Slots<Result>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Result>?

        func write(_ value: Result, at i: Int) { base![i] = value }
    }
}
