/// A weak reference to a simulation, for forces that remember where they were added.
struct WeakSimulation {
    weak var value: LuaSimulation?
}
