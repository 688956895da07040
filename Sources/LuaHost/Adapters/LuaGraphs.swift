import GraphModel

/// The graphs Lua values hold, for Swift code that drives a state (the grader reads the layouts it compares).
public enum LuaGraphs {
    /// The graph of the forcelab graph object at `index` of `L`'s stack, or nil when the value is not one.
    public static func graph(_ L: OpaquePointer, at index: Int32) -> Graph? {
        LuaObject.get(L, index, GraphHandle.self)?.graph
    }
}
