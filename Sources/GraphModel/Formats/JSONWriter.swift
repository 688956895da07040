/// Writes deterministic JSON: keys sorted, numbers in NumberText's fixed form, non-finite numbers as null.
struct JSONWriter {
    /// The text written so far.
    private(set) var text = ""

    /// The JSON text of one data value.
    static func text(of value: DataValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return writer.text
    }

    /// Appends raw text.
    mutating func raw(_ string: String) { text += string }

    /// Appends a quoted, escaped string.
    mutating func string(_ value: String) {
        JSONStringLiteral.append(value, to: &text)
    }

    /// Appends a number (null when not finite).
    mutating func number(_ value: Double) {
        text += value.isFinite ? NumberText.format(value) : "null"
    }

    /// Appends any data value, objects with sorted keys.
    mutating func value(_ value: DataValue) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let integer): text += String(integer)
        case .number(let number): text += number.isFinite ? NumberText.floating(number) : "null"
        case .string(let string): self.string(string)
        case .array(let values):
            text += "["
            for (index, element) in values.enumerated() {
                if index > 0 { text += "," }
                self.value(element)
            }
            text += "]"
        case .object(let fields): object(fields)
        }
    }

    /// Appends an object with sorted keys.
    mutating func object(_ fields: [String: DataValue]) {
        object(fields, own: [])
    }

    /// Appends an object of data fields and a record's own fields (sorted by key, none of them a data key), with
    /// sorted keys, without building the merged dictionary.
    mutating func object(_ data: [String: DataValue], own: [(key: String, value: DataValue)]) {
        let dataKeys = data.keys.sorted()
        var dataIndex = 0
        var ownIndex = 0
        text += "{"
        while dataIndex < dataKeys.count || ownIndex < own.count {
            if dataIndex + ownIndex > 0 { text += "," }
            let takeOwn = dataIndex == dataKeys.count
                || (ownIndex < own.count && own[ownIndex].key < dataKeys[dataIndex])
            let key = takeOwn ? own[ownIndex].key : dataKeys[dataIndex]
            string(key)
            text += ":"
            value(takeOwn ? own[ownIndex].value : data[key]!)
            if takeOwn { ownIndex += 1 } else { dataIndex += 1 }
        }
        text += "}"
    }

    /// Appends `"key": [items...]` with one item per line, each written by `item`.
    mutating func list<T>(_ key: String, _ items: [T], last: Bool, _ item: (inout JSONWriter, T) -> Void) {
        text += "  "
        string(key)
        text += ": ["
        for (index, element) in items.enumerated() {
            text += index == 0 ? "\n    " : ",\n    "
            item(&self, element)
        }
        text += items.isEmpty ? "]" : "\n  ]"
        text += last ? "\n" : ",\n"
    }
}
