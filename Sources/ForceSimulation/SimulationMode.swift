/// What a simulation's built-in forces compute for: d3's numbers bit for bit, or speed.
public enum SimulationMode: String, Sendable, Hashable, CaseIterable {
    /// d3-force's operations in d3's order (bit-identical trajectories). The default.
    case exact
    /// The same forces, parameters and alpha schedule, computed for speed (docs/engine.md, Fast mode): results
    /// differ from d3's within the measured error, and stay deterministic on any thread count.
    case fast
}
