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

    /// One term: node `i` is moved toward distance `d` from node `j`, with weight `w`.
    struct Term {
        var i: Int32, j: Int32
        var d: Double, w: Double
    }

    /// Runs the epochs on `positions`; `check` runs after each epoch with the terms visited and may throw to stop.
    static func run<Vector: SIMD, Model: StressModel>(_ positions: inout [Vector], model: Model, random: inout LCG,
                                                      check: (Int) throws -> Void) throws -> Int
    where Vector.Scalar == Double {
        var terms: [Term] = []
        for i in 0..<model.nodeCount {
            model.forEachTerm(of: i) { j, d, w in
                if w > 0 && d > 0 { terms.append(Term(i: Int32(truncatingIfNeeded: i), j: Int32(truncatingIfNeeded: j), d: d, w: w)) }
            }
        }
        guard let smallest = terms.lazy.map(\.w).min(), let largest = terms.lazy.map(\.w).max() else { return 0 }
        let first = 1 / smallest, last = floor / largest
        let decay = epochs > 1 ? log(first / last) / Double(epochs - 1) : 0
        for epoch in 0..<epochs {
            let eta = first * exp(-decay * Double(epoch))
            for k in stride(from: terms.count - 1, to: 0, by: -1) {
                terms.swapAt(k, random.next(below: k + 1))
            }
            positions.withUnsafeMutableBufferPointer { points in
                for term in terms {
                    let i = Int(term.i), j = Int(term.j)
                    let offset = points[i] - points[j]
                    let length = (offset * offset).sum().squareRoot()
                    guard length > 0 else { continue }
                    let step = min(eta * term.w, 1) / 2
                    points[i] -= offset * (step * (length - term.d) / length)
                }
            }
            try check(terms.count)
        }
        return epochs
    }
}
