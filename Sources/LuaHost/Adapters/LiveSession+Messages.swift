import DataTables
import ForceSimulation
import GraphLayout

/// What a page's message does to the simulation, as the session's own calls would do it (docs/live.md).
extension LiveSession {
    /// The error for a message the session refuses.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Applies one message of a page.
    func apply(_ text: String, _ L: OpaquePointer) throws {
        let message: JSONValue
        do {
            message = try JSONValue.parse(Substring(text))
        } catch {
            throw Refusal("not JSON: \(error)")
        }
        guard case .string(let type)? = message["type"] else { throw Refusal("a message needs a \"type\"") }
        let layout = simulation.layout
        switch type {
        case "drag":
            let id = try node(message)
            let x = try number(message, "x"), y = try number(message, "y")
            if held.isEmpty {
                layout.simulation.alphaTarget = 0.3
                restart()
            }
            held.insert(id)
            try ownEdit { try layout.fix(id, x: x, y: y) }
        case "release":
            let id = try node(message)
            try ownEdit { try layout.unfix(id) }
            held.remove(id)
            if held.isEmpty { layout.simulation.alphaTarget = 0 }
        case "force":
            try setForceOption(message, L)
            reheat(to: 0.3)
        case "enable":
            guard case .string(let name)? = message["name"], case .bool(let enabled)? = message["enabled"] else {
                throw Refusal("enable needs \"name\" and \"enabled\" (true or false)")
            }
            try simulation.running(in: L) { try enable(name, enabled) }
            reheat(to: 0.3)
        case "simulation":
            guard case .string(let option)? = message["option"], let path = Self.settings[option] else {
                throw Refusal("simulation needs an \"option\": \(Self.settings.keys.sorted().joined(separator: ", "))")
            }
            let value = try number(message, "value")
            guard SimulationSettings.coolingRange.contains(value) else { throw Refusal("\(option) must be from 0 to 1, got \(value)") }
            layout.simulation[keyPath: path] = value
            if option == "alpha" && value >= layout.simulation.alphaMin || option == "alphaTarget" { restart() }
        case "reheat":
            layout.simulation.alpha = 1
            restart()
        case "pause":
            guard case .bool(let flag)? = message["paused"] else { throw Refusal("pause needs \"paused\" (true or false)") }
            paused = flag
        case "step":
            try stepOnce(L)
        case "end":
            ended = true
        default:
            throw Refusal("unknown message type '\(type)'")
        }
    }

    /// The settings a page may set, by name.
    nonisolated(unsafe) static let settings: [String: ReferenceWritableKeyPath<Simulation, Double>] = [
        "alpha": \.alpha, "alphaTarget": \.alphaTarget, "alphaMin": \.alphaMin, "alphaDecay": \.alphaDecay,
        "velocityDecay": \.velocityDecay,
    ]

    /// The node a message's index names in the last scene.
    private func node(_ message: JSONValue) throws -> String {
        let index = try number(message, "node")
        guard index == index.rounded(), index >= 0, Int(index) < sceneNodes.count else {
            throw Refusal("no node \(index) in the scene (\(sceneNodes.count) nodes)")
        }
        return sceneNodes[Int(index)]
    }

    private func number(_ message: JSONValue, _ key: String) throws -> Double {
        guard case .number(let value)? = message[key], value.isFinite else { throw Refusal("\"\(key)\" must be a finite number") }
        return value
    }

    /// Sets a built-in force's option through the force's own setter (`f:strength(v)`), so the session sees it.
    private func setForceOption(_ message: JSONValue, _ L: OpaquePointer) throws {
        guard case .string(let name)? = message["name"], case .string(let optionName)? = message["option"], let given = message["value"] else {
            throw Refusal("force needs \"name\", \"option\" and \"value\"")
        }
        guard let force = builtInForce(named: name) else { throw Refusal("no built-in force '\(name)' (Lua forces have no options here)") }
        guard let option = force.kind.table.option(optionName) else { throw Refusal(force.kind.table.unknownOptionMessage(optionName)) }
        let value: ForceValue
        switch given {
        case .number(let number):
            try ForceBindings.checkNumber(number, for: option, of: force.kind)
            value = .number(number)
        case .string("inf"), .string("-inf"):
            let number = given == .string("inf") ? Double.infinity : -Double.infinity
            try ForceBindings.checkNumber(number, for: option, of: force.kind)
            value = .number(number)
        case .string(let field) where option.perElement:
            value = .field(field)
        case .string(let name) where option.choices.contains(name):
            value = .choice(name)
        case .bool(let flag) where option.isBoolean:
            value = .boolean(flag)
        case .array(let items) where option.acceptsVector:
            let numbers = items.compactMap { item -> Double? in
                if case .number(let number) = item, number.isFinite { return number }
                return nil
            }
            guard items.count == 2, numbers.count == 2, numbers.contains(where: { $0 != 0 }) else {
                throw Refusal("\(force.kind.table.function): option '\(optionName)' takes [x, y], two finite numbers not both 0")
            }
            value = .vector(numbers)
        case _ where !option.choices.isEmpty:
            let vector = option.acceptsVector ? " or [x, y]" : ""
            throw Refusal("\(force.kind.table.function): option '\(optionName)' takes one of \(option.choices.joined(separator: ", "))\(vector)")
        default:
            throw Refusal("\(force.kind.table.function): option '\(optionName)' takes a number\(option.perElement ? " or a data field name" : "")")
        }
        try ownEdit { try force.change(optionName, to: value, from: L) }
    }

    /// The built-in force of that name, whether on or switched off.
    private func builtInForce(named name: String) -> BuiltInForce? {
        if case .builtIn(let force)? = simulation.forces[name] ?? switchedOff[name] { return force }
        return nil
    }

    /// Switches a force off (kept to restore) or back on as it was.
    private func enable(_ name: String, _ enabled: Bool) throws {
        if enabled {
            guard let kept = switchedOff.removeValue(forKey: name) else {
                if simulation.layout.forceNames.contains(name) { return }
                throw Refusal("no force '\(name)' to switch on")
            }
            switch kept {
            case .builtIn(let force): try simulation.setForce(name, force)
            case .lua(let force): try simulation.setForce(name, force)
            case .arrays(let force): try simulation.setForce(name, force)
            }
            return
        }
        if switchedOff[name] != nil { return }
        guard let force = simulation.forces[name] else { throw Refusal("no force '\(name)'") }
        switchedOff[name] = force
        try simulation.removeForce(name)
    }
}
