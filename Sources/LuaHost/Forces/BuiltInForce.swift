import CLuaShim
import ForceSimulation
import GraphLayout

/// A built-in force's Lua face, declared in one file per force (`ManyBodyFace`, ...): its name, doc line, d3's
/// positional arguments, one line per option bound to a setting of the engine force's own `Settings`, and how the
/// engine force is made from those settings.
protocol ForceFace {
    /// The engine force's settings: their defaults and ranges are the options'.
    associatedtype Settings: LuaSettable
    /// The name after `fl.force.`.
    static var name: String { get }
    /// One line of doc, as the API description gives it.
    static var doc: String { get }
    /// The options d3's constructor takes as positional arguments, in order (`forceCenter(x, y, z)`).
    static var positional: [String] { get }
    /// The options, in the docs' order.
    static var options: [ForceOption<Settings>] { get }
    /// The engine force with `settings` for `simulation`'s graph.
    static func make(_ settings: Settings, for simulation: SimulationHandle) -> any Force
}

extension ForceFace {
    /// No positional arguments, unless the face names them.
    static var positional: [String] { [] }
}

/// A face whose engine force is made from its settings alone (`SettingsForce`: d3's center, manyBody, radial): it
/// names the engine force, and `make` follows.
protocol SettingsForceFace: ForceFace where Settings == Engine.Settings {
    /// The engine force the face makes.
    associatedtype Engine: SettingsForce
}

extension SettingsForceFace {
    static func make(_ settings: Settings, for simulation: SimulationHandle) -> any Force { Engine(settings) }
}

/// One option of a built-in force: the Lua key, the setting by key path and a line of doc. Its kind comes from the
/// property's type, its default from `Settings()` and its range from `Settings.range(of:)`.
struct ForceOption<Settings: LuaSettable>: Sendable {
    /// The option as values are checked against it and the docs show it.
    let option: LuaOption
    /// Whether a per-node number may be any number, NaN included (a position force's target: NaN means no pull).
    let acceptsAnyNumber: Bool
    /// Writes the value given into the settings, resolved for a simulation's graph.
    let write: @Sendable (inout Settings, ForceValue, SimulationHandle, _ label: String) -> Void

    /// A number setting.
    static func number(_ key: String, _ property: WritableKeyPath<Settings, Double> & Sendable, _ doc: String) -> ForceOption {
        ForceOption(
            option: .number(key, default: Settings()[keyPath: property], in: Settings.range(of: property) ?? LuaOption.finite, doc),
            acceptsAnyNumber: false
        ) { settings, value, _, _ in
            if case .number(let number) = value { settings[keyPath: property] = number }
        }
    }

    /// A whole-number setting.
    static func integer(_ key: String, _ property: WritableKeyPath<Settings, Int> & Sendable, _ doc: String) -> ForceOption {
        let range = Settings.range(of: property).map { Int($0.lowerBound)...Int($0.upperBound) } ?? LuaOption.anyInteger
        return ForceOption(option: .integer(key, default: Settings()[keyPath: property], in: range, doc), acceptsAnyNumber: false) {
            settings, value, _, _ in
            if case .number(let number) = value { settings[keyPath: property] = Int(number) }
        }
    }

    /// A per-node setting: a number, a function of the node (as d3 calls accessors) or a numeric data field.
    static func perNode(
        _ key: String, _ property: WritableKeyPath<Settings, NodeParameter> & Sendable, acceptsAnyNumber: Bool = false,
        _ doc: String
    ) -> ForceOption {
        ForceOption(option: LuaOption(key, .nodeAccessor, default: Settings()[keyPath: property].defaultValue, doc), acceptsAnyNumber: acceptsAnyNumber) {
            settings, value, simulation, label in
            if let element = value.element(per: .node, in: simulation, label: label) {
                settings[keyPath: property] = simulation.layout.nodeParameter(element, name: label)
            }
        }
    }

    /// A per-link setting (nil: the engine's default, described by `fallback`).
    static func perEdge(
        _ key: String, _ property: WritableKeyPath<Settings, ElementValue?> & Sendable, default fallback: LuaOption.Default,
        _ doc: String
    ) -> ForceOption {
        ForceOption(option: LuaOption(key, .edgeAccessor, default: fallback, doc), acceptsAnyNumber: false) { settings, value, simulation, label in
            settings[keyPath: property] = value.element(per: .edge, in: simulation, label: label)
        }
    }

    /// A boolean setting.
    static func boolean(_ key: String, _ property: WritableKeyPath<Settings, Bool> & Sendable, _ doc: String) -> ForceOption {
        ForceOption(option: .boolean(key, default: Settings()[keyPath: property], doc), acceptsAnyNumber: false) { settings, value, _, _ in
            if case .boolean(let flag) = value { settings[keyPath: property] = flag }
        }
    }

    /// An option the force's own face writes.
    static func custom(_ option: LuaOption, write: @escaping @Sendable (inout Settings, ForceValue, SimulationHandle, String) -> Void) -> ForceOption {
        ForceOption(option: option, acceptsAnyNumber: false, write: write)
    }
}

/// A built-in force's face as the bindings see it, whatever its settings: made once per face.
struct ForceKind: Sendable {
    /// The name after `fl.force.`.
    let name: String
    /// One line of doc.
    let doc: String
    /// d3's positional arguments, in order.
    let positional: [String]
    /// The declaration of the options (`fl.force.NAME`).
    let table: LuaOptionTable
    /// The options whose per-node numbers may be any number.
    let acceptsAnyNumber: Set<String>
    /// The engine force for the values given (the others at their defaults), for a simulation.
    let make: @Sendable ([String: ForceValue], SimulationHandle) -> any Force

    init<Face: ForceFace>(_ face: Face.Type) {
        name = face.name
        doc = face.doc
        positional = face.positional
        let options = face.options
        table = LuaOptionTable("fl.force." + face.name, options.map(\.option))
        acceptsAnyNumber = Set(options.filter(\.acceptsAnyNumber).map(\.option.name))
        make = { given, simulation in
            var settings = Face.Settings()
            for option in options {
                guard let value = given[option.option.name] else { continue }
                option.write(&settings, value, simulation, "fl.force.\(face.name): \(option.option.name)")
            }
            return face.make(settings, for: simulation)
        }
    }

    /// Every built-in force, in the docs' order: a new force's face is added here.
    static let all = [
        ForceKind(CenterFace.self), ForceKind(ManyBodyFace.self), ForceKind(LinkFace.self), ForceKind(CollideFace.self),
        ForceKind(XFace.self), ForceKind(YFace.self), ForceKind(ZFace.self), ForceKind(RadialFace.self),
        ForceKind(FramesFace.self), ForceKind(FlowFace.self),
    ]

    /// The force called `name`.
    static func named(_ name: String) -> ForceKind? {
        all.first { $0.name == name }
    }
}

/// A built-in force as a script holds it (`fl.force.manyBody{strength = -50}`): the one owner of its options' values
/// and of the list of simulations using it, so a setter's change reaches each of them. A simulation adds itself
/// when it takes the force into a slot and takes itself off when the slot changes or the simulation goes.
final class BuiltInForce {
    /// Which built-in force it is.
    let kind: ForceKind
    /// The values given, by option name (the others take their defaults).
    private(set) var given: [String: ForceValue] = [:]
    /// The simulations the force is in and its name there, in the order it was added to them.
    private var uses: [Use] = []

    /// A simulation using the force, and the force's name there.
    private struct Use {
        /// The simulation, compared by this identity (an unowned reference cannot be read while its object goes).
        let id: ObjectIdentifier
        unowned let simulation: SimulationHandle
        let name: String

        init(_ simulation: SimulationHandle, _ name: String) {
            id = ObjectIdentifier(simulation)
            self.simulation = simulation
            self.name = name
        }

        /// Whether it is the use of `simulation` as `name`.
        func isUse(of simulation: SimulationHandle, as name: String) -> Bool {
            id == ObjectIdentifier(simulation) && self.name == name
        }
    }

    init(kind: ForceKind) {
        self.kind = kind
    }

    /// Gives option `name` a value before the force is in any simulation (its constructor's options).
    func give(_ name: String, _ value: ForceValue) {
        given[name] = value
    }

    /// The engine force for `simulation`, as the values given say.
    func engineForce(for simulation: SimulationHandle) -> any Force {
        kind.make(given, simulation)
    }

    /// Notes that `simulation` holds the force as `name` (once).
    func added(to simulation: SimulationHandle, as name: String) {
        guard !uses.contains(where: { $0.isUse(of: simulation, as: name) }) else { return }
        uses.append(Use(simulation, name))
    }

    /// Notes that `simulation` no longer holds the force as `name`.
    func removed(from simulation: SimulationHandle, as name: String) {
        uses.removeAll { $0.isUse(of: simulation, as: name) }
    }

    /// The simulation the force was added to last and its name there (`link:links()`).
    var lastUse: (simulation: SimulationHandle, name: String)? {
        uses.last.map { ($0.simulation, $0.name) }
    }

    /// Sets option `name` (a setter, `f:theta(0.5)`) and makes the engine force again in every simulation using
    /// the force, under the same name and slot. When a simulation refuses the value, the option goes back to what it
    /// was, in every simulation that took it too, so the force never reports a value that is not in effect; the
    /// refusal is the error raised.
    func change(_ name: String, to value: ForceValue, from L: OpaquePointer) throws {
        // Held strongly while their forces are made again (a Lua function may run the collector meanwhile).
        let current = uses.map { (simulation: $0.simulation, name: $0.name) }
        let previous = given[name]
        given[name] = value
        var applied: [(simulation: SimulationHandle, name: String)] = []
        do {
            for use in current {
                try place(in: use.simulation, as: use.name, from: L)
                applied.append(use)
            }
        } catch {
            given[name] = previous
            let unrestored = applied.compactMap { simulation, forceName -> String? in
                do {
                    try place(in: simulation, as: forceName, from: L)
                    return nil
                } catch {
                    return "force '\(forceName)': \(error)"
                }
            }
            throw Self.refusal(error, unrestored: unrestored, option: name)
        }
    }

    /// Puts the engine force, as the values now say, into `simulation`'s slot `name`; its accessors run in `L`, the
    /// setter's thread.
    private func place(in simulation: SimulationHandle, as name: String, from L: OpaquePointer) throws {
        let previous = simulation.activeState
        simulation.activeState = L
        defer { simulation.activeState = previous }
        try simulation.layout.setForce(name, engineForce(for: simulation))
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
}

extension ElementParameter {
    /// The engine's default as an option default: its value when it is one constant (engine defaults are).
    var defaultValue: LuaOption.Default {
        if case .constant(let value) = self { return .number(value) }
        return .described("computed per element")
    }
}

extension LuaOption {
    /// Whether the option may vary per node or link.
    var perElement: Bool {
        switch value {
        case .nodeAccessor, .edgeAccessor: true
        default: false
        }
    }

    /// The numeric default, nil when there is none or it is computed.
    var numericDefault: Double? {
        if case .number(let value) = self.default { return value }
        return nil
    }

    /// Whether the option takes `true` or `false`.
    var isBoolean: Bool {
        if case .boolean = value { return true }
        return false
    }

    /// Whether the option takes a whole number.
    var isInteger: Bool {
        if case .integer = value { return true }
        return false
    }

    /// Whether the option takes a vector `{x, y}` (besides its names).
    var acceptsVector: Bool {
        if case .choiceOrVector = value { return true }
        return false
    }

    /// The names a choice option takes; none for another option.
    var choices: [String] {
        switch value {
        case .choice(let names), .choiceOrVector(let names): names
        default: []
        }
    }

    /// The option's default as a value given would be, when it is a name (a choice's) or a boolean.
    var givenDefault: ForceValue? {
        switch self.default {
        case .text(let text): .choice(text)
        case .boolean(let value): .boolean(value)
        default: nil
        }
    }
}
