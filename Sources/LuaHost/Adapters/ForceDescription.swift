import CLuaShim

/// A built-in force as a script holds it (`forcelab.force.manyBody{strength = -50}`): its kind and the options given,
/// before and after it is added to simulations.
final class ForceDescription {
    /// An option's value as given: a number, a Lua function (of the element, its index and all the elements), the
    /// name of a data field, or a list of edge ids (the link force's `edges`).
    enum Value {
        case number(Double)
        case function(LuaReference)
        case field(String)
        case ids([String])
    }

    /// Which built-in force it describes.
    let kind: BuiltInForce
    /// The options given, by name (the others take their defaults).
    var given: [String: Value] = [:]
    /// The simulations this force was added to and its name there, so a changed option reaches them.
    var attachments: [(simulation: WeakHandle, name: String)] = []

    init(kind: BuiltInForce) {
        self.kind = kind
    }

    /// A weak reference to a simulation, for forces that remember where they were added.
    struct WeakHandle {
        weak var value: SimulationHandle?
    }
}
