import GraphModel

/// How a picture or page is carried to a notebook: the MIME bundle of `display_data` and `execute_result`.
enum KernelDisplay {
    /// The rows of a data table a result shows; the rest are counted.
    static let tableRows = 50

    /// Height in pixels of the frame a whole HTML page (a replay) plays in.
    static let pageHeight = 620

    /// The bundle for `text` of `type`, with a plain-text stand-in. A whole page (the HTML replay, with its own
    /// script and style) goes in an iframe of its own, so that many replays in one notebook never share names and
    /// it plays in JupyterLab and Notebook 7 alike without a server.
    static func bundle(_ type: String, _ text: String) -> [String: String] {
        guard type != "text/plain" else { return ["text/plain": text] }
        let stand = ["text/plain": "<\(type) picture: forcelab>"]
        let start = text.prefix(200).lowercased()
        if type == "text/html" && (start.contains("<!doctype") || start.contains("<html")) {
            // A quoted attribute needs only & and " escaped; the page (megabytes for a long replay) keeps its < and >.
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            let frame = "<iframe srcdoc=\"\(escaped)\" style=\"width: 100%; height: \(pageHeight)px; border: 0\" sandbox=\"allow-scripts\"></iframe>"
            return stand.merging(["text/html": frame]) { $1 }
        }
        return stand.merging([type: text]) { $1 }
    }

    /// An HTML table of `value` when it is a data table, as `fl.data.read` returns one and `fl.data.write` takes it: an
    /// array of rows whose fields are numbers, strings and booleans (columns sorted by name, as `fl.data.write` sorts
    /// them); nil for anything else.
    static func table(_ value: DataValue) -> String? {
        guard case .array(let rows) = value, !rows.isEmpty else { return nil }
        var records: [[String: DataValue]] = []
        for row in rows {
            guard case .object(let fields) = row, !fields.isEmpty,
                fields.values.allSatisfy({ if case .array = $0 { return false } else if case .object = $0 { return false } else { return true } })
            else { return nil }
            records.append(fields)
        }
        let columns = Set(records.flatMap(\.keys)).sorted()
        func cell(_ value: DataValue?) -> String {
            switch value {
            case .integer(let number)?: return "<td>\(number)</td>"
            case .number(let number)?: return "<td>" + String(format: "%.14g", number) + "</td>"
            case .string(let text)?: return "<td style=\"text-align: left\">\(XMLText.escape(text, .picture))</td>"
            case .bool(let flag)?: return "<td>\(flag)</td>"
            default: return "<td></td>"
            }
        }
        let head = "<tr>" + columns.map { "<th>\(XMLText.escape($0, .picture))</th>" }.joined() + "</tr>"
        let body = records.prefix(tableRows).map { row in "<tr>" + columns.map { cell(row[$0]) }.joined() + "</tr>" }.joined()
        let more = records.count > tableRows ? "<p>\(records.count - tableRows) more rows (\(records.count) in all)</p>" : ""
        return "<table><thead>\(head)</thead><tbody>\(body)</tbody></table>" + more
    }
}
