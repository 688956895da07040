import Foundation

/// The Lua language server's (LuaLS) view of forcelab: a `---@meta` file declaring the `forcelab` module and the
/// global `fl`, and the addon's `config.json` (docs/editors.md).
public enum LuaLanguageServerDefinitions {
    /// The `---@meta` file: each options table an exact class whose keys are only its options (so a misspelt one
    /// is a type error) with typed, documented fields; each kind of object a class with its methods; the module's
    /// tables and functions.
    public static func meta(_ source: DefinitionsSource) -> String {
        var lines = [
            "---@meta forcelab",
            "-- forcelab's Lua API for the Lua language server, written by `forcelab --definitions` (docs/editors.md).",
            "",
        ]
        for table in source.optionTables {
            lines += optionsClass(table) + [""]
        }
        for kind in source.kinds {
            let local = variable(kind.className)
            lines += ["---@class \(kind.className)", "local \(local) = {}", ""]
            for method in kind.methods {
                lines += annotated(method, source, definedAs: "function \(local):\(method.name)")
            }
        }
        lines += ["---The forcelab module: `require \"forcelab\"`, also the globals `fl` and `forcelab`.", "---@class forcelab"]
        for field in source.fields where !field.path.contains(".") {
            lines.append("---@field \(field.path) \(field.type)")
        }
        lines += ["local forcelab = {}", ""]
        for table in source.tables {
            lines += ["---@class \(className(ofTable: table))"]
            if let function = source.functions.first(where: { $0.name == table }) { lines.append(overload(function, source)) }
            for field in source.fields where field.path.hasPrefix(table + ".") && !field.path.dropFirst(table.count + 1).contains(".") {
                lines.append("---@field \(field.path.dropFirst(table.count + 1)) \(field.type)")
            }
            lines += ["forcelab.\(table) = {}", ""]
        }
        for function in source.functions where !source.tables.contains(function.name) {
            if let table = function.options {
                lines += (function.declaration.map { ["---" + oneLine($0.doc)] } ?? [])
                    + ["---@param options? \(className(ofOptions: table))", "---@return forcelab.Force", "---@overload fun(...: number): forcelab.Force",
                       "function forcelab.\(function.name)(options) end", ""]
            } else {
                lines += annotated(function, source, definedAs: "function forcelab.\(function.name)")
            }
        }
        lines += ["---@type forcelab", "fl = forcelab", "", "return forcelab"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `---@overload fun(...)` for a table that is also a function (`fl.live`), from its annotated parameters and
    /// results.
    static func overload(_ function: DefinitionsSource.Function, _ source: DefinitionsSource) -> String {
        let lines = annotated(function, source, definedAs: "")
        let parameters = lines.filter { $0.hasPrefix("---@param ") }.map { line -> String in
            let parts = line.dropFirst("---@param ".count).split(separator: " ", maxSplits: 2)
            return parts.count >= 2 ? "\(parts[0]): \(parts[1])" : String(parts.first ?? "...")
        }
        let results = lines.filter { $0.hasPrefix("---@return ") }.map { $0.dropFirst("---@return ".count).split(separator: " ").first.map(String.init) ?? "any" }
        return "---@overload fun(\(parameters.joined(separator: ", ")))" + (results.isEmpty ? "" : ": " + results.joined(separator: ", "))
    }

    /// A function's or method's lines: its doc, each parameter with its kinds (an options table as the class of the
    /// options it reads, a forcelab type as its class), its results, and its definition; `...` for one not declared.
    static func annotated(_ function: DefinitionsSource.Function, _ source: DefinitionsSource, definedAs head: String) -> [String] {
        guard let declaration = function.declaration else {
            return ["---@param ... any", "---@return any", "\(head)(...) end", ""]
        }
        let optionClasses = declaration.options.compactMap { name in source.optionTables.first { $0.function == name } }
            .map(className(ofOptions:))
        var lines = ["---" + oneLine(declaration.doc)]
        var tableGiven = false
        for parameter in declaration.signature.parameters {
            var kind = classKinds(parameter.kind)
            // The first table parameter of a function that reads options tables is one of them.
            if !tableGiven, !optionClasses.isEmpty, kind.split(separator: "|").contains("table") {
                kind = kind.split(separator: "|").map { $0 == "table" ? optionClasses.joined(separator: "|") : String($0) }.joined(separator: "|")
                tableGiven = true
            }
            let name = parameter.name == "..." ? "..." : parameter.name + (parameter.optional ? "?" : "")
            lines.append("---@param \(name) \(kind)")
        }
        lines += declaration.signature.results.map { "---@return \(classKinds($0))" }
        let names = declaration.signature.parameters.map(\.name).joined(separator: ", ")
        return lines + ["\(head)(\(names)) end", ""]
    }

    /// `kinds` with each forcelab type's name (`Graph`, `Node?`) written as its class (`forcelab.Graph`).
    static func classKinds(_ kinds: String) -> String {
        var text = kinds
        for type in LuaAPI.types {
            text = text.replacingOccurrences(of: "\\b\(type.name)\\b", with: type.metatable, options: .regularExpression)
        }
        return text
    }

    /// The addon's configuration: the patterns that suggest it for a script, and the settings it applies.
    public static func config() -> String {
        """
        {
          "name": "forcelab",
          "words": ["%f[%w_]fl%.[%a_]", "require%s*%(?%s*['\\"]forcelab['\\"]"],
          "settings": {
            "Lua.runtime.version": "Lua 5.4",
            "Lua.diagnostics.globals": ["fl", "forcelab"]
          }
        }

        """
    }

    /// `---@class` lines for an options table: exact, its keys only the declared names (open to other keys when the
    /// table has fields of its own), each field typed and documented.
    static func optionsClass(_ table: LuaOptionTable) -> [String] {
        let keys = table.names.isEmpty ? "never" : table.names.map { "\"\($0)\"" }.joined(separator: "|")
        let head = table.hasOwnFields ? "---@class \(className(ofOptions: table))" : "---@class (exact) \(className(ofOptions: table)): table<\(keys), any>"
        var lines = ["---Options of `\(table.function)`.", head]
        for option in table.options {
            let optional = option.isRequired ? "" : "?"
            var doc = option.doc
            if !option.defaultText.isEmpty { doc += " (default: \(option.defaultText))" }
            doc += "; accepts \(option.accepts)."
            lines.append("---@field \(option.name)\(optional) \(luaType(option.value)) \(oneLine(doc))")
        }
        return lines
    }

    /// The type an option's value has, in the annotations' notation.
    static func luaType(_ value: LuaOption.Value) -> String {
        switch value {
        case .number: return "number"
        case .integer: return "integer"
        case .boolean: return "boolean"
        case .string: return "string"
        case .stringOrNumber: return "string|number"
        case .choice(let names): return names.map { "\"\($0)\"" }.joined(separator: "|")
        case .choiceOrVector(let names): return names.map { "\"\($0)\"" }.joined(separator: "|") + "|number[]"
        case .choices(let names): return "(" + names.map { "\"\($0)\"" }.joined(separator: "|") + ")[]"
        case .function: return "function"
        case .table: return "table"
        case .nodeNumber, .edgeNumber, .nodeAccessor, .edgeAccessor: return "number|string|function"
        case .nodeColour, .edgeColour: return "string|function"
        case .object(let type, _): return LuaAPI.types.first { $0.name == type }?.metatable ?? "any"
        case .custom: return "any"
        }
    }

    /// The class of an options table: `fl.force.manyBody` gives `forcelab.options.force.manyBody`,
    /// `g:addNode` `forcelab.options.g.addNode`, `fl.svg.graph cells` `forcelab.options.svg.graph.cells`.
    public static func className(ofOptions table: LuaOptionTable) -> String {
        var name = table.function.hasPrefix("fl.") ? String(table.function.dropFirst(3)) : table.function
        name = String(name.map { $0.isLetter || $0.isNumber ? $0 : "." })
        let parts = name.split(separator: ".", omittingEmptySubsequences: true)
        return "forcelab.options." + parts.joined(separator: ".")
    }

    /// The class of a module table: `graph` gives `forcelab.graph`.
    static func className(ofTable path: String) -> String {
        "forcelab.module.\(path)"
    }

    /// A local variable's name for a class (`forcelab.Graph` gives `Graph`).
    private static func variable(_ className: String) -> String {
        String(className.split(separator: ".").last ?? "object")
    }

    /// `text` on one line (an annotation ends at the line's end).
    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}
