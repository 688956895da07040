import DataTables
import Foundation

/// `forcelab sweep --merge`: gathers result files into one table (results.csv) and pictures of the figures.
struct SweepMerge {
    /// The result files.
    let files: [String]
    /// The folder written to.
    let folder: String
    /// Whether records from builds of different commits are merged (with a note) rather than refused.
    let mixedBuilds: Bool

    /// Merges and returns the exit status.
    func run() -> Int32 {
        do {
            var seen: [String: [JSONField]] = [:]
            var records: [(case: SweepCase, figures: [JSONField], seconds: JSONValue?)] = []
            var builds = BuildTally()
            for file in files {
                for record in try ResultLog.records(file) {
                    builds.count(record.value, in: file)
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
            if builds.commits.count > 1 {
                guard mixedBuilds else {
                    throw SweepError("the records come from builds of different commits, so their figures may not compare:\n"
                        + builds.summary + "\nrun the cases again with one build, or merge anyway with --mixed-builds")
                }
                warn("merging records from builds of different commits (--mixed-builds):\n" + builds.summary)
            }
            if !builds.changed.isEmpty {
                warn("records in \(builds.changed.sorted().joined(separator: ", ")) came from a build with uncommitted changes:"
                    + " their commit does not say all that ran")
            }
            records.sort { $0.case.precedes($1.case) }
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
            let configurations = Set(records.map(\.case.configuration)).count
            print("\(tablePath): \(records.count) case\(records.count == 1 ? "" : "s"), "
                  + "\(configurations) configuration\(configurations == 1 ? "" : "s")")
            let pictures = SweepPictures(records: records.map { ($0.case, $0.figures) })
            if let note = pictures.identicalSeeds { warn(note) }
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

    /// The builds records came from: for each commit, how many records in which files.
    struct BuildTally {
        /// Commits in first-seen order, each with its record count per file (in first-seen order).
        private(set) var commits: [(commit: String, files: [(file: String, records: Int)])] = []
        /// The files holding records of a build with uncommitted changes.
        private(set) var changed: Set<String> = []

        /// Counts one record of `file`.
        mutating func count(_ record: JSONValue, in file: String) {
            let build = SweepRecord.build(of: record)
            if build.changed { changed.insert(file) }
            guard let index = commits.firstIndex(where: { $0.commit == build.commit }) else {
                commits.append((build.commit, [(file, 1)]))
                return
            }
            if let at = commits[index].files.firstIndex(where: { $0.file == file }) {
                commits[index].files[at].records += 1
            } else {
                commits[index].files.append((file, 1))
            }
        }

        /// One line per commit: `  commit C: 12 records in a.jsonl, 3 in b.jsonl`.
        var summary: String {
            commits.map { entry in
                "  commit \(entry.commit): " + entry.files.enumerated().map { offset, item in
                    "\(item.records)\(offset == 0 ? " record\(item.records == 1 ? "" : "s")" : "") in \(item.file)"
                }.joined(separator: ", ")
            }.joined(separator: "\n")
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
