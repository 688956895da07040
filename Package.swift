// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The features LLVM's "haswell" processor adds to Swift's baseline x86-64 that compiled code may use without
/// intrinsics (SSE3 to SSE4.2, AVX, AVX2, FMA, F16C, BMI, LZCNT, POPCNT, MOVBE, LAHF), as /proc/cpuinfo names them;
/// haswell's others (PCLMUL, RDRAND, FSGSBASE, INVPCID, XSAVE) come only from intrinsics, which the engine does not
/// call. `ProcessorSupport.engineFeatures` is the same list, for the check at start-up.
let engineFeatures = [
    "avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "abm", "popcnt", "pni", "ssse3", "sse4_1", "sse4_2", "lahf_lm",
]

/// Whether release builds compile the engine for `engineFeatures`: when FORCELAB_NATIVE is 1 (the project's scripts
/// set it: scripts/native.sh) and the building machine has them all (the "flags" of /proc/cpuinfo). The
/// results are the same bits (Swift never fuses a multiply and an add on its own); the engine's vector loops take
/// fewer instructions. A binary built so refuses to start on a processor without them. It is opt-in because SwiftPM
/// refuses a dependency's unsafe flags, and another package may depend on this one.
let engineUsesVectorUnits: Bool = {
    guard Context.environment["FORCELAB_NATIVE"] == "1",
        let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let flags = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
    else { return false }
    let present = Set(flags.split(separator: " ").map(String.init))
    return engineFeatures.allSatisfy(present.contains)
}()
let engineSettings: [SwiftSetting] =
    engineUsesVectorUnits ? [.unsafeFlags(["-target-cpu", "haswell"], .when(configuration: .release))] : []
/// The executables check the processor when the engine they link was built for `engineFeatures`.
let processorCheckSettings: [SwiftSetting] =
    engineUsesVectorUnits ? [.define("FORCELAB_ENGINE_VECTOR_UNITS", .when(configuration: .release))] : []

let package = Package(
    name: "forcelab",
    products: [
        .executable(name: "forcelab", targets: ["forcelab"]),
        .library(name: "ForceSimulation", targets: ["ForceSimulation"]),
        .library(name: "GraphModel", targets: ["GraphModel"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "GraphLayout", targets: ["GraphLayout"]),
        .library(name: "DataTables", targets: ["DataTables"]),
        .library(name: "LivePage", targets: ["LivePage"]),
    ],
    targets: [
        // C libraries from Debian packages, found through pkg-config.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libcgraph", providers: [.apt(["libgraphviz-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZeroMQ", pkgConfig: "libzmq", providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CWebSockets", pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),
        // Macro shims, the error trampoline, hooks and the allocator: the only C that touches Lua.
        .target(name: "CLuaShim", dependencies: ["CLua"]),

        // Pure Swift layers: they know nothing of Lua.
        // d3's random source, shared by the engine, the generators, the stress layout and the metrics.
        .target(name: "D3Random"),
        // A node's outline (circle or box) and the sides edges leave by: shared by Render's edges and the engine's forces.
        .target(name: "NodeOutline"),
        .target(name: "ForceSimulation", dependencies: ["ProcessorSupport", "D3Random", "NodeOutline"], swiftSettings: engineSettings),
        .target(name: "GraphModel", dependencies: ["CGraphviz", "CZlib", "D3Random"]),
        .target(name: "Render", dependencies: ["GraphModel", "D3Random", "ProcessorSupport", "NodeOutline"]),
        .target(name: "GraphLayout", dependencies: ["ForceSimulation", "GraphModel", "D3Random", "NodeOutline", "ProcessorSupport", "Render"]),
        .target(name: "DataTables", dependencies: ["GraphModel"]),
        // The live page's HTML, script and style sheet, compiled into the binary for fl.live's server.
        .target(name: "LivePage", resources: [
            .embedInCode("Resources/index.html"), .embedInCode("Resources/live.js"), .embedInCode("Resources/live.css"),
        ]),
        // The Jupyter messaging protocol over ZeroMQ, signed with OpenSSL's HMAC: knows nothing of Lua.
        // Swift 5 mode: its sockets are C handles that the kernel's threads hand between them under locks.
        .target(name: "JupyterProtocol", dependencies: ["CZeroMQ", "COpenSSL"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // A live page's HTTP and WebSocket server through libwebsockets, on a thread of its own: knows nothing of
        // simulations or Lua. Swift 5 mode: the service thread and the owner share C handles under a lock.
        .target(name: "LiveServer", dependencies: ["CWebSockets"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Which processor features a build needs, for the executable's check (built for any x86-64).
        .target(name: "ProcessorSupport"),
        // The version, the commit built from (stamped before each build by the local BuildStamp plugin) and how.
        .target(name: "BuildInfo", swiftSettings: processorCheckSettings, plugins: ["BuildStamp"]),
        .plugin(name: "BuildStamp", capability: .buildTool()),
        // The executables' command lines declared as data, their parser and their usage texts.
        .target(name: "CommandLineSyntax"),

        // The thin binding layer and the executable.
        .target(name: "LuaHost", dependencies: ["BuildInfo", "CLuaShim", "ForceSimulation", "GraphModel", "GraphLayout", "Render", "DataTables", "LiveServer", "LivePage"]),
        .executableTarget(
            name: "forcelab",
            dependencies: ["LuaHost", "BuildInfo", "CEditLine", "CLuaShim", "COpenSSL", "CommandLineSyntax", "DataTables", "Render", "ProcessorSupport", "JupyterProtocol"],
            // libedit and stdio are C globals; Swift 5 mode lets the REPL set them directly.
            swiftSettings: [.swiftLanguageMode(.v5)] + processorCheckSettings
        ),
        .executableTarget(
            name: "ForceBench", dependencies: ["CommandLineSyntax", "ForceSimulation", "GraphLayout", "GraphModel", "Render", "ProcessorSupport"],
            swiftSettings: processorCheckSettings),

        .testTarget(name: "ForceSimulationTests", dependencies: ["ForceSimulation", "NodeOutline"]),
        .testTarget(name: "GraphModelTests", dependencies: ["GraphModel", "D3Random"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "GraphModel", "NodeOutline"]),
        .testTarget(name: "GraphLayoutTests", dependencies: ["GraphLayout", "GraphModel", "ForceSimulation", "Render"]),
        .testTarget(name: "DataTablesTests", dependencies: ["DataTables"]),
        .testTarget(name: "LivePageTests", dependencies: ["LivePage"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
        .testTarget(name: "ProcessorSupportTests", dependencies: ["ProcessorSupport"]),
        .testTarget(name: "CommandLineSyntaxTests", dependencies: ["CommandLineSyntax"]),
        .testTarget(name: "LiveServerTests", dependencies: ["LiveServer"]),
    ]
)
