import CLuaShim
import GraphModel

/// What the host keeps per Lua state: whether the state is still open (so late releases of `LuaReference`s skip a
/// closed one), the graphs whose change events wait for their Lua handlers, the state's file-access rules and the engine settings its simulations use. It lives in the state's extra space,
/// which every coroutine shares and no script can reach.
final class LuaContext {
    /// The state's main thread while it is open; nil once it is closing.
    var mainThread: OpaquePointer?
    /// Graphs with events recorded since their handlers last ran, in the order they first had one.
    private var waitingGraphs: [GraphHandle] = []
    /// The state's file-access policy and observers: in force while its bindings run, and asked by its sandbox.
    var fileRules = FileAccess.Rules()
    /// The state's live pages (`fl.live`), in the order they were started.
    var liveSessions: [LiveSession] = []
    /// Whether `fl.live` may serve pages: not in a sandbox unless allowed (`--allow-live`).
    var liveAllowed = true
    /// The resident size the process may reach under the state's memory limit (nil: none), in force while its
    /// bindings run (`MemoryRequest.ceiling`).
    var memoryCeiling: Int?
    /// The engine settings the state's simulations were made or set with.
    let engineUse = EngineUse()
    /// Where this state's pictures, pages and progress are shown in a notebook (nil: not in one).
    var displaySink: InlineDisplay.Sink?

    init(mainThread: OpaquePointer) {
        self.mainThread = mainThread
    }

    /// The context of the state `L` belongs to (any of its threads).
    static func of(_ L: OpaquePointer) -> LuaContext {
        Unmanaged<LuaContext>.fromOpaque(fl_extraspace(L).pointee!).takeUnretainedValue()
    }

    /// Records the context of a new state (unretained: the `LuaState` owns it).
    static func install(_ context: LuaContext, in L: OpaquePointer) {
        fl_extraspace(L).pointee = Unmanaged.passUnretained(context).toOpaque()
    }

    /// Notes that `graph` has events for its Lua handlers.
    func graphHasEvents(_ graph: GraphHandle) {
        if !waitingGraphs.contains(where: { $0 === graph }) { waitingGraphs.append(graph) }
    }

    /// Calls the Lua handlers of every graph with waiting events (on thread `L`), until none is left.
    func deliverEvents(_ L: OpaquePointer) throws {
        while !waitingGraphs.isEmpty {
            let graph = waitingGraphs.removeFirst()
            try graph.deliverEvents(L)
        }
    }
}
