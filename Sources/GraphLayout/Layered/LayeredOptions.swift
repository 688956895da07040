import Foundation

/// The way a layered layout's edges run: from the first layer to the last, left to right or top to bottom.
public enum LayerDirection: String, CaseIterable, Sendable {
    /// Layers are columns; edges run left to right.
    case right
    /// Layers are rows; edges run top to bottom.
    case down
}

/// How a layered layout gives each node its layer.
public enum LayerRanking: String, CaseIterable, Sendable {
    /// Each node one layer after its furthest predecessor (the fewest layers; sources all in the first).
    case longestPath
    /// The longest path's layers, then each node moved to where its edges are shortest in all (nodes pulled
    /// towards the successors or predecessors they have more of), as network simplex's balancing does.
    case tight
}

/// The settings of a layered (Sugiyama) layout; docs/lua-api.md describes each for users.
public struct LayeredOptions: Sendable, RangedSettings {
    /// The way edges run.
    public var direction = LayerDirection.right
    /// How nodes get their layers.
    public var ranking = LayerRanking.tight
    /// The gap between the boxes of one layer and the next.
    public var layerSeparation = 60.0
    /// The gap between neighbouring boxes within a layer (half of it next to a bend of a long edge).
    public var nodeSeparation = 30.0
    /// Down-and-up sweeps of the crossing reduction (each followed by a pass of adjacent swaps).
    public var sweeps = 12
    /// Passes of the coordinate assignment, each pulling boxes towards their neighbours in the layers around.
    public var placementPasses = 8
    /// The room between a parent's frame and its children on every side.
    public var padding = 15.0
    /// More room above a parent's children, for its label.
    public var labelHeight = 20.0

    /// Options with every default.
    public init() {}

    /// The accepted gaps and paddings.
    public static let gapRange = 0.0...1e9
    /// The accepted sweep and pass counts.
    public static let passRange = 0...10_000

    /// The range of a numeric setting, for readers that check settings by key path (the Lua options); nil for one
    /// that is no number.
    public static func range(of setting: PartialKeyPath<LayeredOptions>) -> ClosedRange<Double>? {
        let passes = Double(passRange.lowerBound)...Double(passRange.upperBound)
        switch setting {
        case \.layerSeparation, \.nodeSeparation, \.padding, \.labelHeight: return gapRange
        case \.sweeps, \.placementPasses: return passes
        default: return nil
        }
    }

    /// The numeric settings, as `check` names them.
    public static let numbers: [(name: String, setting: PartialKeyPath<LayeredOptions> & Sendable)] = [
        ("layerSeparation", \.layerSeparation), ("nodeSeparation", \.nodeSeparation), ("padding", \.padding),
        ("labelHeight", \.labelHeight), ("sweeps", \.sweeps), ("placementPasses", \.placementPasses),
    ]

    /// Throws for the first option out of its range, naming it.
    public func check() throws {
        try checkRanges()
    }
}
