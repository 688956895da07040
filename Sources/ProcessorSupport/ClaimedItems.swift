import Dispatch
import Synchronization

/// Runs `body(item, worker)` for items 0 ..< count on up to `threads` threads (workers 0 ..< threads), each worker
/// claiming the next item when it is done with one; on one thread, or for fewer than two items, in order.
public func forEachClaimedItem(_ count: Int, threads: Int, _ body: @Sendable (Int, Int) -> Void) {
    if threads <= 1 || count < 2 {
        for i in 0..<count { body(i, 0) }
        return
    }
    let claimed = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: min(threads, count)) { worker in
        while case let i = claimed.add(1, ordering: .relaxed).oldValue, i < count { body(i, worker) }
    }
}
