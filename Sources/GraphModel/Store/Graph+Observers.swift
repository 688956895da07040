extension Graph {
    /// Registers a closure called after every operation that changed the graph; returns a token to remove it.
    @discardableResult
    public func onChange(_ handler: @escaping (GraphEvent) -> Void) -> ObserverToken {
        lastToken += 1
        observers[lastToken] = handler
        return ObserverToken(number: lastToken, nodeId: nil)
    }

    /// Registers a closure called with a node's data whenever that data changes; returns a token to remove it.
    @discardableResult
    public func observeData(
        of id: String, _ handler: @escaping ([String: DataValue]) -> Void
    ) -> ObserverToken {
        lastToken += 1
        dataObservers[id, default: [:]][lastToken] = handler
        return ObserverToken(number: lastToken, nodeId: id)
    }

    /// Removes an observer registered with onChange or observeData.
    public func removeObserver(_ token: ObserverToken) {
        if let id = token.nodeId {
            dataObservers[id]?[token.number] = nil
            if dataObservers[id]?.isEmpty == true { dataObservers[id] = nil }
        } else {
            observers[token.number] = nil
        }
    }

    /// Runs one public operation: records what changed and notifies observers at the end.
    func operation<T>(_ body: () throws -> T) rethrows -> T {
        if operationDepth == 0, !observers.isEmpty { pendingEvent = GraphEvent() }
        operationDepth += 1
        defer {
            operationDepth -= 1
            if operationDepth == 0 { finishOperation() }
        }
        return try body()
    }

    /// Delivers the recorded event and data changes.
    private func finishOperation() {
        let event = pendingEvent
        pendingEvent = nil
        let dataChanges = pendingDataChanges
        pendingDataChanges = []
        if let event, !event.isEmpty {
            for token in observers.keys.sorted() { observers[token]?(event) }
        }
        for id in dataChanges {
            guard let handlers = dataObservers[id], let data = node(id)?.data else { continue }
            for token in handlers.keys.sorted() { handlers[token]?(data) }
        }
    }
}
