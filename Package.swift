// swift-tools-version:6.0
import PackageDescription

/// forcelab: a Lua-scriptable host for force-directed graph experiments.
let package = Package(
    name: "forcelab",
    products: [
        .executable(name: "forcelab", targets: ["forcelab"]),
        .library(name: "ForceSimulation", targets: ["ForceSimulation"]),
        .library(name: "GraphModel", targets: ["GraphModel"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "GraphLayout", targets: ["GraphLayout"]),
        .library(name: "DataTables", targets: ["DataTables"]),
    ],
    targets: [
        // C libraries from Debian packages, found through pkg-config.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libcgraph", providers: [.apt(["libgraphviz-dev"])]),
        // Macro shims, the error trampoline, hooks and the allocator: the only C that touches Lua.
        .target(name: "CLuaShim", dependencies: ["CLua"]),

        // Pure Swift layers: they know nothing of Lua.
        .target(name: "ForceSimulation"),
        .target(name: "GraphModel", dependencies: ["CGraphviz"]),
        .target(name: "Render", dependencies: ["GraphModel"]),
        .target(name: "GraphLayout", dependencies: ["ForceSimulation", "GraphModel"]),
        .target(name: "DataTables", dependencies: ["GraphModel"]),

        // The thin binding layer and the executable.
        .target(name: "LuaHost", dependencies: ["CLuaShim", "ForceSimulation", "GraphModel", "GraphLayout", "Render", "DataTables"]),
        .executableTarget(
            name: "forcelab",
            dependencies: ["LuaHost", "CEditLine", "CLuaShim", "DataTables", "Render"],
            // libedit and stdio are C globals; Swift 5 mode lets the REPL set them directly.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(name: "ForceBench", dependencies: ["ForceSimulation", "GraphModel", "Render"]),

        .testTarget(name: "ForceSimulationTests", dependencies: ["ForceSimulation"]),
        .testTarget(name: "GraphModelTests", dependencies: ["GraphModel"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "GraphModel"]),
        .testTarget(name: "GraphLayoutTests", dependencies: ["GraphLayout", "GraphModel", "ForceSimulation", "Render"]),
        .testTarget(name: "DataTablesTests", dependencies: ["DataTables"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
