import GraphModel

/// A graph as Lua holds it: the store plus the Lua handlers of its change events.
final class LuaGraph {
    /// The graph store.
    let graph: Graph
    /// Events recorded during the running binding call, delivered to Lua handlers after it.
    var pendingEvents: [GraphEvent] = []
    /// Node data changes recorded during the running binding call: (handler reference, node data).
    var pendingData: [(reference: LuaReference, data: [String: DataValue])] = []
    /// Registry references of the Lua change handlers, in registration order.
    var changeHandlers: [LuaReference] = []
    private var changeToken: ObserverToken?
    private var dataTokens: [ObserverToken] = []

    /// Wraps a graph.
    init(_ graph: Graph) {
        self.graph = graph
    }

    /// Starts recording change events for Lua handlers (once, when the first handler is added).
    func recordChanges() {
        guard changeToken == nil else { return }
        changeToken = graph.onChange { [unowned self] event in pendingEvents.append(event) }
    }

    /// Subscribes the Lua `handler` to the data of node `id`.
    func recordData(of id: String, handler: LuaReference) {
        dataTokens.append(graph.observeData(of: id) { [unowned self] data in
            pendingData.append((reference: handler, data: data))
        })
    }

    deinit {
        if let changeToken { graph.removeObserver(changeToken) }
        for token in dataTokens { graph.removeObserver(token) }
    }
}
