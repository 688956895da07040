import DataTables
import Foundation

/// `forcelab sweep --merge`: gathers result files into one table (results.csv) and pictures of the figures.
struct SweepMerge {
    /// The result files.
    let files: [String]
    /// The folder written to.
    let folder: String

    /// Merges and returns the exit status.
    func run() -> Int32 {
        do {
            var seen: [String: [JSONField]] = [:]
            var records: [(case: SweepCase, figures: [JSONField], seconds: JSONValue?)] = []
            for file in files {
                for record in try ResultLog.records(file) {
                    if let earlier = seen[record.case.key] {
                        if earlier != record.figures {
                            warn("case \(record.case.label) is recorded twice with different figures; the first record is kept")
                        }
                        continue
                    }
                    seen[record.case.key] = record.figures
                    records.append((record.case, record.figures, record.value["seconds"]))
                }
            }
            guard !records.isEmpty else { throw SweepError("no records in \(files.joined(separator: ", "))") }
            records.sort { ($0.case.configuration, $0.case.seed) < ($1.case.configuration, $1.case.seed) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let parameterNames = Set(records.flatMap { $0.case.parameters.map(\.key) }).sorted()
            let figureNames = Set(records.flatMap { $0.figures.map(\.key) }).sorted()
            let table = DataTable(rows: records.map { record in
                var row: [String: DataCell] = ["seed": .number(Double(record.case.seed))]
                for field in record.case.parameters + record.figures { row[field.key] = SweepMerge.cell(field.value) }
                if case .number(let seconds)? = record.seconds { row["seconds"] = .number(seconds) }
                return row
            }, columns: parameterNames + ["seed"] + figureNames.filter { !parameterNames.contains($0) && $0 != "seed" } + ["seconds"])
            let tablePath = folder + "/results.csv"
            try DataTableFile.write(table, to: tablePath, format: .csv)
            print("\(tablePath): \(records.count) cases, \(Set(records.map(\.case.configuration)).count) configurations")
            let pictures = SweepPictures(records: records.map { ($0.case, $0.figures) })
            for (name, missing) in pictures.partialFigures {
                warn("figure '\(name)' is not a number in \(missing) of \(records.count) records (missing there): it is tabled, not drawn")
            }
            for (name, value) in pictures.constantFigures {
                print("figure '\(name)' is \(SweepCase.plain(.number(value))) in every record: it is tabled, not drawn")
            }
            let compared = pictures.configurations.count > 1
            for name in pictures.figureNames where compared && !pictures.radarFigures.contains(name) {
                print("figure '\(name)' has the same mean in every configuration: it is left out of the radar charts")
            }
            for path in try pictures.write(into: folder) { print(path) }
            if pictures.radarFigures.count < 3 {
                print(compared ? "no radar charts: they need at least 3 numeric figures whose means differ between configurations"
                               : "no radar charts: they compare configurations, and the records hold one")
            }
            return 0
        } catch {
            warn(String(describing: error))
            return 1
        }
    }

    /// A scalar JSON value as a table cell.
    static func cell(_ value: JSONValue) -> DataCell? {
        switch value {
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        default: return nil
        }
    }

    private func warn(_ text: String) {
        Diagnostics.write("forcelab sweep: \(text)\n")
    }
}
