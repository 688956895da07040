import D3Random
import Foundation

/// Minimises a stress model by stochastic gradient descent (Zheng, Pawar and Goodman, "Graph Drawing by Stochastic
/// Gradient Descent", 2018): each epoch visits every term of the model in a seeded random order and moves the term's
/// node part of the way to its target distance from the other node, at most half of it (as their update moves each
/// of the pair half; a whole step, measured on the words graph, left stress 0.090 against 0.084), the step shrinking
/// exponentially from epoch to epoch, from 1 / (smallest weight) to `floor` / (largest weight).
enum StressGradientDescent {
    /// The epochs (Zheng et al.'s t_max).
    static let epochs = 30
    /// The last step times the largest weight (their ε).
    static let floor = 0.01
    /// Terms visited between two calls of `check`, so that Ctrl-C and the limits stop an epoch of a large graph.
    static let checkInterval = 1 << 16

    /// One term, 16 bytes: node `i` is moved toward distance `d` from node `j`, with weight `w` (single precision:
    /// measured on a binary tree of 20,000 nodes, a third less memory than double precision's 24 bytes and no
    /// slower; keeping only each term's place in the model, 4 bytes, took 1.6 times as long).
    struct Term {
        var i: Int32, j: Int32
        var d: Float, w: Float
    }

    /// The bytes of the terms of a model with at most `terms` terms (`Int.max` when that overflows).
    static func memoryNeeded(terms: Int) -> Int {
        let (bytes, overflow) = terms.multipliedReportingOverflow(by: MemoryLayout<Term>.stride)
        return overflow ? Int.max : bytes
    }

    /// Runs the epochs on `positions`; `check` runs after each node's terms are counted, again after they are listed,
    /// and after every `checkInterval` terms visited, with their count, and may throw to stop. A model whose distances span more than
    /// single precision holds (the longest more than about 2⁶⁴ times the shortest, their weights 2¹²⁸ apart) is an error naming the solver.
    static func run<Vector: SIMD, Model: StressModel>(_ positions: inout [Vector], model: Model, random: inout LCG,
                                                      check: (Int) throws -> Void) throws -> Int
    where Vector.Scalar == Double {
        var count = 0, longest = 0.0
        for i in 0..<model.nodeCount {
            let counted = count
            model.forEachTerm(of: i) { _, d, w in
                guard w > 0 && d > 0 else { return }
                count += 1
                longest = max(longest, d)
            }
            try check(count - counted)
        }
        guard count > 0 else { return 0 }
        // The terms in units of a power of two near the longest distance (exact: the descent's every step scales by
        // it), so that single precision holds the distances and their weights whatever the lengths' unit.
        let unit = Double(sign: .plus, exponent: longest.exponent, significand: 1)
        var terms: [Term] = []
        terms.reserveCapacity(count)
        var smallest = Float.infinity, largest: Float = 0
        var unheld: (d: Double, w: Double)?
        for i in 0..<model.nodeCount {
            let listed = terms.count
            model.forEachTerm(of: i) { j, d, w in
                guard w > 0 && d > 0 else { return }
                let term = Term(i: Int32(truncatingIfNeeded: i), j: Int32(truncatingIfNeeded: j), d: Float(d / unit),
                                w: Float(w * unit * unit))
                guard term.d.isNormal, term.w.isNormal else {
                    if unheld == nil { unheld = (d, w) }
                    return
                }
                terms.append(term)
                smallest = min(smallest, term.w)
                largest = max(largest, term.w)
            }
            if let unheld {
                throw LayoutOptionError(option: "solver", problem: "the gradient descent holds its terms in single precision, which "
                    + "cannot hold a distance of \(unheld.d) (weight \(unheld.w)) beside the longest, \(longest); "
                    + "solver = \"majorization\" can")
            }
            try check(terms.count - listed)
        }
        for k in positions.indices { positions[k] /= unit }
        defer { for k in positions.indices { positions[k] *= unit } }
        let first = 1 / Double(smallest), last = floor / Double(largest)
        let decay = epochs > 1 ? log(first / last) / Double(epochs - 1) : 0
        for epoch in 0..<epochs {
            let eta = first * exp(-decay * Double(epoch))
            shuffle(&terms, random: &random)
            var start = 0
            while start < terms.count {
                let end = min(start + checkInterval, terms.count)
                positions.withUnsafeMutableBufferPointer { points in
                    for term in terms[start..<end] {
                        let i = Int(term.i), j = Int(term.j)
                        let offset = points[i] - points[j]
                        let length = (offset * offset).sum().squareRoot()
                        guard length > 0 else { continue }
                        let step = min(eta * Double(term.w), 1) / 2
                        points[i] -= offset * (step * (length - Double(term.d)) / length)
                    }
                }
                try check(end - start)
                start = end
            }
        }
        return epochs
    }

    /// Swaps the shuffle draws ahead of making them, so that their reads from far apart in a list larger than the
    /// caches wait for memory together rather than one after another.
    static let shuffleBatch = 16

    /// Fisher and Yates's shuffle of `terms` from `random`: the same order as swapping the last term with one drawn
    /// from those up to it, then the one before, and so on, but `shuffleBatch` draws at a time, each drawn term read
    /// before any of the batch's swaps (and read again where an earlier swap of the batch wrote its place).
    static func shuffle(_ terms: inout [Term], random: inout LCG) {
        terms.withUnsafeMutableBufferPointer { buffer in
            var drawn = [Int](repeating: 0, count: shuffleBatch)
            var read = [Term](repeating: Term(i: 0, j: 0, d: 0, w: 0), count: shuffleBatch)
            var last = buffer.count - 1
            while last > 0 {
                let batch = min(shuffleBatch, last)
                for b in 0..<batch { drawn[b] = random.next(below: last - b + 1) }
                for b in 0..<batch { read[b] = buffer[drawn[b]] }
                for b in 0..<batch {
                    let place = last - b, from = drawn[b] // from ≤ place: only an earlier draw can have moved it
                    let term = drawn[0..<b].contains(from) ? buffer[from] : read[b]
                    buffer[from] = buffer[place]
                    buffer[place] = term
                }
                last -= batch
            }
        }
    }
}
