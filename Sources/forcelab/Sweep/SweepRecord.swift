import BuildInfo
import DataTables
import Foundation
import LuaHost

/// The JSON line written for each finished case.
enum SweepRecord {
    /// What ran a case besides its parameters and seed: the engine settings of its simulations, the spec's digest
    /// and the digests of the files it read.
    struct Provenance {
        /// The distinct engine settings the case's simulations were made or set with.
        var engine: [EngineUse.Setting] = []
        /// The spec's path as given, and its SHA-256.
        var spec: (path: String, sha256: String)
        /// `{path: sha256}` of the files the case (or the spec, loading) read.
        var files: [JSONField] = []
    }

    /// `{"parameters":{...},"seed":n,"figures":{...},"seconds":s,"version":"...","commit":"...","clean":b,
    /// "build":{...},"host":"...","engine":[...],"spec":{...},"files":{...}}`.
    static func text(_ sweepCase: SweepCase, figures: [JSONField], seconds: Double, provenance: Provenance) -> String {
        JSONValue.object([
            JSONField("parameters", .object(sweepCase.parameters)), JSONField("seed", .number(Double(sweepCase.seed))),
            JSONField("figures", .object(figures)), JSONField("seconds", .number(seconds)),
            JSONField("version", .string(ForcelabModule.version)),
            JSONField("commit", BuildInfo.commit.map(JSONValue.string) ?? .null),
            JSONField("clean", BuildInfo.treeClean.map(JSONValue.bool) ?? .null),
            JSONField("build", .object([
                JSONField("configuration", .string(BuildInfo.configuration)), JSONField("engine", .string(BuildInfo.engineBuild)),
            ])),
            JSONField("host", .string(hostName)),
            JSONField("engine", .array(provenance.engine.map { setting in
                .object([JSONField("mode", .string(setting.mode)), JSONField("threads", .number(Double(setting.threads)))])
            })),
            JSONField("spec", .object([JSONField("path", .string(provenance.spec.path)), JSONField("sha256", .string(provenance.spec.sha256))])),
            JSONField("files", .object(provenance.files)),
        ]).text
    }

    /// This machine's name (gethostname).
    static let hostName: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(cString: name)
    }()

    /// The build a record names: its commit ("none recorded" for a record older than commits), and whether its
    /// tree had uncommitted changes.
    static func build(of record: JSONValue) -> (commit: String, changed: Bool) {
        let commit: String
        switch record["commit"] {
        case .string(let text)?: commit = text
        case .null?: commit = "unknown (built outside git)"
        default: commit = "none recorded (forcelab before commits were recorded)"
        }
        if case .bool(false)? = record["clean"] { return (commit, true) }
        return (commit, false)
    }
}
