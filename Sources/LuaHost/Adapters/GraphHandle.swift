import CLuaShim
import GraphModel

/// A graph as Lua holds it: the store, plus the Lua handlers of its change and data events, which run after the
/// binding call that caused them (see `LuaBinding.run`).
final class GraphHandle {
    /// The graph store.
    let graph: Graph
    private unowned let context: LuaContext
    /// Events recorded since the handlers last ran.
    private var pendingEvents: [GraphEvent] = []
    /// Node data changes recorded since the handlers last ran: the handler and the node's data.
    private var pendingData: [(handler: LuaReference, data: [String: DataValue])] = []
    /// The Lua change handlers, in registration order.
    private var changeHandlers: [LuaReference] = []
    private var changeToken: ObserverToken?
    private var dataTokens: [ObserverToken] = []
    /// The simulations made on the graph, oldest first, held weakly (one goes when Lua lets go of it).
    private var simulations: [WeakSimulation] = []

    /// The newest simulation on the graph still alive: node references read and write velocities in it, and
    /// `g:addNode` places nodes by it.
    var boundSimulation: SimulationHandle? {
        simulations.last { $0.value != nil }?.value
    }

    /// Notes a simulation made on the graph.
    func bind(_ simulation: SimulationHandle) {
        simulations.removeAll { $0.value == nil }
        simulations.append(WeakSimulation(value: simulation))
    }

    /// Wraps a graph for the Lua state `L`.
    init(_ graph: Graph, in L: OpaquePointer) {
        self.graph = graph
        context = LuaContext.of(L)
    }

    deinit {
        if let changeToken { graph.removeObserver(changeToken) }
        for token in dataTokens { graph.removeObserver(token) }
    }

    /// Adds a Lua change handler (`g:on("change", fn)`).
    func addChangeHandler(_ handler: LuaReference) {
        changeHandlers.append(handler)
        guard changeToken == nil else { return }
        changeToken = graph.onChange { [unowned self] event in
            pendingEvents.append(event)
            context.graphHasEvents(self)
        }
    }

    /// Subscribes the Lua `handler` to the data of node `id` (`g:observeData(id, fn)`).
    func addDataHandler(of id: String, _ handler: LuaReference) {
        dataTokens.append(graph.observeData(of: id) { [unowned self] data in
            pendingData.append((handler: handler, data: data))
            context.graphHasEvents(self)
        })
    }

    /// Calls the Lua handlers for what was recorded, until handlers cause no more events.
    func deliverEvents(_ L: OpaquePointer) throws {
        while !pendingEvents.isEmpty || !pendingData.isEmpty {
            let events = pendingEvents, data = pendingData
            pendingEvents = []
            pendingData = []
            for event in events {
                for handler in changeHandlers {
                    try handler.call(L) {
                        GraphConversions.push(L, event)
                        return 1
                    }
                }
            }
            for (handler, fields) in data {
                try handler.call(L) {
                    LuaValues.push(L, fields: fields)
                    return 1
                }
            }
        }
    }
}

/// A simulation a graph remembers without keeping it alive.
private struct WeakSimulation {
    weak var value: SimulationHandle?
}
