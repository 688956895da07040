import Render

/// What `sim:run` is asked for, with its defaults: the tick limit, the script's callback after every tick, and
/// whether, at what pace and with which nodes labelled the terminal's live view (`LiveView`) animates the layout.
public struct RunSettings: LuaRangeTable {
    /// Stop after this many ticks; nil: only when alpha falls below alphaMin (or `sim:stop`).
    public var maxTicks: Int?
    /// The script's function called as `onTick(sim, tick)` after every tick; nil: none.
    public var onTick: LuaReference?
    /// Whether the live view animates the layout.
    public var show = false
    /// The live view's ticks drawn per second; 0 or infinity: no pace.
    public var framesPerSecond = 30.0
    /// The nodes the live view labels.
    public var labels = GraphPreview.Labels.none

    /// The defaults.
    public init() {}

    /// A tick limit and a pace are 0 or more.
    public static var ranges: [PartialKeyPath<RunSettings>: ClosedRange<Double>] { [\.maxTicks: 0...Double.infinity, \.framesPerSecond: 0...Double.infinity] }
}
