import DataTables
import LuaHost

/// The JSON line written for each finished case.
enum SweepRecord {
    /// `{"parameters":{...},"seed":n,"figures":{...},"seconds":s,"version":"..."}`.
    static func text(_ sweepCase: SweepCase, figures: [JSONField], seconds: Double) -> String {
        JSONValue.object([
            JSONField("parameters", .object(sweepCase.parameters)), JSONField("seed", .number(Double(sweepCase.seed))),
            JSONField("figures", .object(figures)), JSONField("seconds", .number(seconds)),
            JSONField("version", .string(ForcelabModule.version)),
        ]).text
    }
}
