import CLuaShim

/// A built-in force as a script holds it (`forcelab.force.manyBody{strength = -50}`): its kind and the options given,
/// before and after it is added to simulations, and the change of one option in every simulation using it.
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

    /// Sets option `name` (a setter, `f:theta(0.5)`) and rebuilds the engine force in every simulation the force is
    /// still in, under the same name and slot. When a simulation refuses the value, the option goes back to what it
    /// was, in every simulation that took it too, so the force never reports a value that is not in effect; the
    /// refusal is the error raised.
    func change(_ name: String, to value: Value, from L: OpaquePointer) throws {
        attachments.removeAll { $0.simulation.value?.descriptions[$0.name] !== self }
        let previous = given[name]
        given[name] = value
        var applied: [(simulation: SimulationHandle, name: String)] = []
        do {
            for attachment in attachments {
                guard let simulation = attachment.simulation.value else { continue }
                try simulation.running(in: L) { try simulation.setForce(attachment.name, self) }
                applied.append((simulation, attachment.name))
            }
        } catch {
            given[name] = previous
            let unrestored = applied.compactMap { simulation, forceName -> String? in
                do {
                    try simulation.running(in: L) { try simulation.setForce(forceName, self) }
                    return nil
                } catch {
                    return "force '\(forceName)': \(error)"
                }
            }
            throw Self.refusal(error, unrestored: unrestored, option: name)
        }
    }

    /// The error a refused setter raises: the refusal itself, followed, when putting the old value back failed in
    /// some simulations that had taken the new one, by which they were and why (the new value stays in effect there).
    private static func refusal(_ error: Error, unrestored: [String], option: String) -> Error {
        guard !unrestored.isEmpty else { return error }
        let note = "\nputting '\(option)' back to its old value failed too, so the new value stays in effect in "
            + (unrestored.count == 1 ? "one simulation" : "\(unrestored.count) simulations") + ":\n"
            + unrestored.joined(separator: "\n")
        let original = error as? LuaError
        return LuaError(
            (original?.message ?? String(describing: error)) + note,
            isMemoryError: original?.isMemoryError ?? false, isLocated: original?.isLocated ?? false)
    }

    /// A weak reference to a simulation, for forces that remember where they were added.
    struct WeakHandle {
        weak var value: SimulationHandle?
    }
}
