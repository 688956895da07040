import CLuaShim
import ForceSimulation

/// A Lua force over arrays: `{arrays = true, force = function(alpha, x, y, vx, vy, n) ... end}` (`x, y, z, vx, vy,
/// vz` in 3D), with an optional `initialize(ids, random)`; both functions are taken when the force is added.
///
/// The arrays are Lua tables of one number per node, kept from tick to tick. Before a call only the entries the
/// engine changed since the last copy are written to them; after it every entry is read back to the engine.
final class LuaArrayForce: Force {
    private unowned let simulation: SimulationHandle
    /// Registry reference of the force's table.
    let reference: LuaReference
    private let force: LuaReference
    private let initializer: LuaReference?
    /// The force's name, for errors.
    private let name: String
    private var kinetics: Kinetics?
    /// The arrays, in call order: positions then velocities.
    private var arrays: [LuaReference] = []
    /// What each array holds, per entry, as last written or read.
    private var shadows: [UnsafeMutableBufferPointer<Double>] = []
    /// Whether the shadows still match the arrays (false after a failed copy, so the next copy writes everything).
    private var shadowsMatch = false

    /// The force of the table at `index` (its `force` a function, its `initialize` a function or nil: the binding
    /// checked them).
    init(simulation: SimulationHandle, name: String, table index: Int32) throws {
        let L = simulation.activeState
        self.simulation = simulation
        self.name = name
        reference = LuaReference(L, index, owner: simulation)
        func member(_ key: String) throws -> LuaReference? {
            let type = try LuaForce.pushField(L, index, key)
            defer { fl_pop(L, 1) }
            return type == LUA_TFUNCTION ? LuaReference(L, -1, owner: simulation) : nil
        }
        guard let force = try member(LuaForceFields.force.name) else { throw LuaError("Lua force '\(name)': field '\(LuaForceFields.force.name)' must be a function") }
        self.force = force
        initializer = try member(LuaForceFields.initialize.name)
    }

    deinit {
        for shadow in shadows { shadow.deallocate() }
    }

    /// The array names in call order for `dimensions`.
    static func arrayNames(dimensions: Int) -> [String] {
        dimensions == 3 ? ["x", "y", "z", "vx", "vy", "vz"] : ["x", "y", "vx", "vy"]
    }

    /// Makes the arrays for the current node count (keeping them when it did not change) and calls
    /// `initialize(ids, random)` with the node ids in array order.
    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let L = simulation.activeState
        self.kinetics = kinetics
        let names = Self.arrayNames(dimensions: kinetics.dimensions)
        if shadows.first?.count != kinetics.count || arrays.count != names.count {
            try makeArrays(count: kinetics.count, names: names)
        }
        let ids = simulation.layout.nodeIds
        try initializer?.call(L) {
            GraphConversions.pushStrings(L, ids)
            RandomBindings.push(L, random)
            return 2
        }
    }

    /// Copies what changed in, calls `force(alpha, arrays..., n)`, and copies the arrays back.
    func apply(alpha: Double) throws {
        guard let kinetics else { return }
        let L = simulation.activeState
        let columns = columns(kinetics)
        for (k, array) in arrays.enumerated() {
            if !shadowsMatch { shadows[k].update(repeating: .nan) }
            try withArray(array) { try status(fl_array_write(L, -1, columns[k].baseAddress, shadows[k].baseAddress, Int32(kinetics.count))) }
        }
        shadowsMatch = true
        do {
            try force.call(L) {
                lua_pushnumber(L, alpha)
                for array in arrays { array.push(L) }
                lua_pushinteger(L, lua_Integer(kinetics.count))
                return Int32(arrays.count + 2)
            }
        } catch {
            try? readBack(kinetics, columns)
            throw error
        }
        try readBack(kinetics, columns)
    }

    /// A value refused from an array, as the error shows it: NaN by that name (not the platform's `-nan`), a string in
    /// quotes (so `'12'` is seen to be a string), anything else as Lua prints it.
    private static func describeRefused(_ L: OpaquePointer, _ index: Int32) -> String {
        if lua_type(L, index) == LUA_TSTRING { return "'\(LuaValues.describe(L, index))' (a string)" }
        if let number = LuaValues.number(L, index), number.isNaN { return "NaN" }
        return LuaValues.describe(L, index)
    }

    /// Reads every array back into the engine's columns; a value that is not a finite number is an error naming the
    /// force, the array and the 1-based index.
    private func readBack(_ kinetics: Kinetics, _ columns: [UnsafeMutableBufferPointer<Double>]) throws {
        let L = simulation.activeState
        let names = Self.arrayNames(dimensions: kinetics.dimensions)
        for (k, array) in arrays.enumerated() {
            var bad: Int32 = -1
            try withArray(array) {
                bad = fl_array_read(L, -1, columns[k].baseAddress, shadows[k].baseAddress, Int32(kinetics.count))
                if bad >= 0 {
                    lua_rawgeti(L, -1, lua_Integer(bad) + 1)
                    let found = Self.describeRefused(L, -1)
                    fl_pop(L, 1)
                    shadowsMatch = false
                    throw LuaError("Lua force '\(name)': \(names[k])[\(bad + 1)] is \(found), a finite number expected")
                }
            }
        }
    }

    /// The engine's columns in array order.
    private func columns(_ kinetics: Kinetics) -> [UnsafeMutableBufferPointer<Double>] {
        kinetics.dimensions == 3
            ? [kinetics.x, kinetics.y, kinetics.z, kinetics.vx, kinetics.vy, kinetics.vz]
            : [kinetics.x, kinetics.y, kinetics.vx, kinetics.vy]
    }

    /// Creates one array of `count` zeros per name, with shadows that match nothing yet.
    private func makeArrays(count: Int, names: [String]) throws {
        let L = simulation.activeState
        for shadow in shadows { shadow.deallocate() }
        shadows = []
        arrays = []
        shadowsMatch = false
        for _ in names {
            try status(fl_array_new(L, Int32(count)))
            arrays.append(LuaReference(L, -1, owner: simulation))
            fl_pop(L, 1)
            let shadow = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
            shadow.initialize(repeating: .nan)
            shadows.append(shadow)
        }
    }

    /// Runs `body` with `array` pushed, popping it afterwards.
    private func withArray(_ array: LuaReference, _ body: () throws -> Void) throws {
        let L = simulation.activeState
        array.push(L)
        defer { fl_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else {
            shadowsMatch = false
            throw LuaError("Lua force '\(name)': its arrays are gone (the simulation is being collected)")
        }
        try body()
    }

    /// Throws the message on top of the stack (popping it) unless `code` is LUA_OK.
    private func status(_ code: Int32) throws {
        guard code != LUA_OK else { return }
        let L = simulation.activeState
        let message = LuaValues.describe(L, -1)
        fl_pop(L, 1)
        shadowsMatch = false
        throw LuaError("Lua force '\(name)': \(message)")
    }
}
