import CLuaShim
import GraphLayout

/// What `sim:record` takes: the recording's own settings and its custom series, Lua functions of the simulation.
public struct RecordSettings: LuaSettable {
    /// Whether node positions are kept, and how often.
    public var recording = LayoutRecording.Settings()
    /// The custom series by name, each a function called with the simulation after every tick.
    public var values: [String: LuaReference] = [:]
    /// The object whose callbacks keep the functions of `values` (the simulation recorded, so they go with it);
    /// nil: the registry.
    public var keeper: AnyObject?

    /// The recording's defaults, no custom series.
    public init() {}

    /// None of its own: the recording's settings carry theirs.
    public static func range(of setting: PartialKeyPath<RecordSettings>) -> ClosedRange<Double>? { nil }
}

extension SimulationHandle {
    /// Starts a recording of this simulation with `settings`, its custom series in the order of their names.
    func record(_ settings: RecordSettings) throws -> LayoutRecording {
        let values = settings.values.sorted { $0.key < $1.key }.map { name, function in
            (name: name, value: { [unowned self] in
                try callNumber(function, name) { L in
                    lua_pushvalue(L, 1)
                    return 1
                }
            })
        }
        return try layout.record(settings.recording, values: values)
    }
}
