/// The terms of a stress function: for each node, the nodes it is compared with, their target distances and weights.
protocol StressModel {
    /// The number of nodes.
    var nodeCount: Int { get }
    /// Calls `body(j, distance, weight)` for each term of node `i`.
    func forEachTerm(of i: Int, _ body: (Int, Double, Double) -> Void)
}
