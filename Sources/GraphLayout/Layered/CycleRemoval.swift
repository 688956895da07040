/// The first step of a layered layout: edges turned so that the graph has no cycle. A depth-first search from the
/// nodes no edge enters (then from the others, in node order) turns each edge that closes a cycle (one reaching a
/// node still on the search's path); the others keep their direction.
enum CycleRemoval {
    /// `edges` (pairs of node indices below `nodeCount`, no self loops) with every back edge reversed, in their order.
    static func acyclic(nodeCount n: Int, edges: [(Int, Int)], check: (Int) throws -> Void) throws -> [(Int, Int)] {
        var out = Array(repeating: [Int](), count: n), entered = Array(repeating: false, count: n)
        for (e, (source, target)) in edges.enumerated() {
            out[source].append(e)
            entered[target] = true
        }
        enum State { case new, onPath, done }
        var state = Array(repeating: State.new, count: n)
        var reversed = Array(repeating: false, count: edges.count)
        let starts = (0..<n).filter { !entered[$0] } + (0..<n).filter { entered[$0] }
        for start in starts where state[start] == .new {
            var stack = [(node: start, next: 0)]
            state[start] = .onPath
            while let top = stack.last {
                if top.next == out[top.node].count {
                    state[top.node] = .done
                    stack.removeLast()
                    continue
                }
                let e = out[top.node][top.next]
                stack[stack.count - 1].next += 1
                let target = edges[e].1
                switch state[target] {
                case .onPath: reversed[e] = true
                case .new:
                    state[target] = .onPath
                    stack.append((target, 0))
                case .done: break
                }
            }
            try check(stack.count + out[start].count + 1)
        }
        return edges.enumerated().map { reversed[$0.offset] ? ($0.element.1, $0.element.0) : $0.element }
    }
}
