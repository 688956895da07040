import CLuaShim

/// Tab completion for the REPL: globals, fields after `.`, methods after `:`, the declared option names inside a
/// call's options table (`sim:run{max<Tab>`), also after a chain of indexing and
/// calls (`sim:force("charge"):<Tab>`, `g:node("Valjean").<Tab>`, `g:nodes()[1].<Tab>`) when evaluating the chain
/// cannot change anything: names and fields are read raw (following only `__index` tables), forcelab objects are
/// indexed through their own bindings, and the only calls made are forcelab methods declared as reading, with
/// literal arguments. Anything else completes nothing.
public enum LuaCompletion {
    /// The words to put in place of `word`, the last word of `line` (the text before the cursor), each the whole
    /// word as it would be typed.
    public static func complete(_ L: OpaquePointer, line: String, word: String) -> [String] {
        guard var tokens = LuaCompletion.tokens(line), word.isEmpty || line.hasSuffix(word) else { return [] }
        var partial = ""
        if case .name(let name)? = tokens.last, !name.isEmpty {
            partial = name
            tokens.removeLast()
        }
        guard word.hasSuffix(partial) else { return [] }
        let head = String(word.dropLast(partial.count))
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var separator: Character?
        if case .symbol(let symbol)? = tokens.last, symbol == "." || symbol == ":" {
            separator = symbol
            tokens.removeLast()
            guard let steps = chain(tokens), evaluate(L, steps) else { return [] }
        } else {
            // Right after a constant (`3`, `"text"`) no name can follow; a name begun after one starts a new
            // statement (`x = 3 pr`).
            if partial.isEmpty, case .literal? = tokens.last { return [] }
            if let options = optionNames(L, before: tokens) {
                return options.filter { $0.hasPrefix(partial) }.sorted().map { head + $0 }
            }
            fl_pushglobaltable(L)
        }
        return names(L, after: separator, prefix: partial).sorted().map { head + $0 }
    }

    /// The fields and methods of the value at `index`: what completion lists after `value.` and after `value:`,
    /// together (the REPL's `help(value)`).
    public static func members(_ L: OpaquePointer, at index: Int32) -> [String] {
        let index = lua_absindex(L, index)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var members: Set<String> = []
        for separator: Character in [".", ":"] {
            lua_pushvalue(L, index)
            members.formUnion(names(L, after: separator, prefix: ""))
            lua_settop(L, top)
        }
        return members.sorted()
    }

    /// Which of `paths`, functions as the docs write them (`fl.force.manyBody`, `sim:run`, `g:save`), the function at
    /// `index` is, found by what it is rather than how it was typed (`s.run` for a simulation `s`, `F.manyBody` after
    /// `F = fl.force`): each path is read raw from the forcelab module or the methods of its type (`LuaAPI.types`).
    public static func documentedName(ofFunctionAt index: Int32, among paths: [String], _ L: OpaquePointer) -> String? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        let function = lua_absindex(L, index)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        return paths.first { path in
            lua_settop(L, top)
            return push(documented: path, L) && lua_rawequal(L, -1, function) != 0
        }
    }

    /// Pushes what `path` names in the docs' words, read raw; false (the stack then holds anything above where it
    /// was) when it leads nowhere.
    private static func push(documented path: String, _ L: OpaquePointer) -> Bool {
        var steps = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let colon = path.firstIndex(of: ":") {
            let receiver = String(path[..<colon])
            guard let owner = LuaAPI.types.first(where: { $0.receiver == receiver })?.metatable,
                fl_getmetatable_named(L, owner) == LUA_TTABLE
            else { return false }
            if fl_rawgetfield(L, -1, "methods") != LUA_TTABLE {
                fl_pop(L, 1)
                guard fl_rawgetfield(L, -1, "__index") == LUA_TTABLE else { return false }
            }
            steps = [String(path[path.index(after: colon)...])]
        } else {
            guard steps.first == "fl", fl_rawgetfield(L, fl_registryindex(), "_LOADED") == LUA_TTABLE else { return false }
            steps[0] = "forcelab"
        }
        for step in steps {
            guard lua_type(L, -1) == LUA_TTABLE else { return false }
            _ = fl_rawgetfield(L, -1, step)
        }
        return true
    }

    /// The names starting with `prefix` that can follow the value on top (the global table when `separator` is
    /// nil) and `separator`: fields after `.`, methods after `:`. The stack above the value may be left changed.
    private static func names(_ L: OpaquePointer, after separator: Character?, prefix partial: String) -> Set<String> {
        var names: Set<String> = []
        let type = metatableName(L, -1)
        if separator != nil, let force = LuaObject.get(L, -1, BuiltInForce.self) {
            // A force's accessors are those of its kind's options (every kind's are in the shared metatable).
            return Set(force.kind.table.names.filter { $0.hasPrefix(partial) })
        }
        if separator == ".", let declared = type.flatMap(LuaAPI.type(metatable:)) {
            // The fields its type declares, whether or not they hold a value yet (a node's x and y before any
            // simulation or layout). A node's or an edge's data fields read as fields too, and its methods follow
            // `:`; another object's methods are offered after `.` as well (`help(g.addNode)`).
            names.formUnion(declared.fields.map(\.name).filter { $0.hasPrefix(partial) })
            if declared.method("snapshot") != nil {
                guard callGetter(L, "snapshot", []) else { return [] }
                if fl_rawgetfield(L, -1, "data") == LUA_TTABLE {
                    collect(L, into: &names, prefix: partial, methodsOnly: false, depth: 0)
                }
                return names
            }
        }
        collect(L, into: &names, prefix: partial, methodsOnly: separator == ":", depth: 0)
        return names
    }

    /// The declared option names of the call whose options table the tokens leave a key to be typed in
    /// (`fl.simulation(g, {`, `sim:run{maxTicks = 5, `, `fl.graph.generate("grid", {`), or nil when the tokens end
    /// elsewhere or the callee is no declared function with options. The callee is found by what it is, as help finds
    /// it: a chain evaluated without side effects, then its documented name (`LuaAPI`).
    private static func optionNames(_ L: OpaquePointer, before tokens: [Token]) -> [String]? {
        guard let last = tokens.last, last == .symbol("{") || last == .symbol(",") else { return nil }
        // The innermost table constructor left open, and the call it is an argument of.
        var depth = 0, brace: Int?
        for index in tokens.indices.reversed() {
            switch tokens[index] {
            case .symbol("}"), .symbol(")"), .symbol("]"): depth += 1
            case .symbol("("), .symbol("["): depth -= 1
            case .symbol("{"):
                if depth == 0 { brace = index }
                depth -= 1
            default: break
            }
            if brace != nil || depth < 0 { break }
        }
        guard let brace, brace > 0 else { return nil }
        var callee = Array(tokens[..<brace]), firstArgument: Token?
        if callee.last == .symbol(",") || callee.last == .symbol("(") {
            // fl.simulation(g, {: the open parenthesis before the table.
            var level = 0
            guard let open = callee.indices.reversed().first(where: { index in
                switch callee[index] {
                case .symbol(")"), .symbol("}"): level += 1
                case .symbol("("), .symbol("{"):
                    if level == 0 { return callee[index] == .symbol("(") }
                    level -= 1
                default: break
                }
                return false
            }) else { return nil }
            firstArgument = open + 1 < callee.count ? callee[open + 1] : nil
            callee = Array(callee[..<open])
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let name: String
        if callee.count >= 2, case .name(let method) = callee[callee.count - 1], callee[callee.count - 2] == .symbol(":") {
            guard let steps = chain(Array(callee.dropLast(2))), evaluate(L, steps), let type = metatableName(L, -1),
                  let declared = LuaAPI.type(metatable: type) else { return nil }
            name = "\(declared.receiver):\(method)"
        } else {
            guard let steps = chain(callee), evaluate(L, steps),
                  let found = documentedName(ofFunctionAt: -1, among: LuaAPI.functions.map { "\(LuaAPI.moduleName).\($0.name)" }, L)
            else { return nil }
            name = found
        }
        guard let declaration = LuaAPI.documentedFunctions.first(where: { $0.name == name })?.declaration else { return nil }
        var tableName = name
        if case .literal(.string(let kind))? = firstArgument, declaration.options.contains(where: { $0.hasPrefix(name + "(") }) {
            tableName = declaration.options.first { $0.lowercased() == "\(name)(\"\(kind)\")".lowercased() } ?? name
        }
        if !declaration.options.contains(tableName) {
            // The one kind of table it takes that is no options table of its own: `sim:force("x", {` gives the fields
            // of `sim:force table`.
            let taken = declaration.options.filter { $0.hasPrefix(name + " ") }
            guard taken.count == 1 else { return nil }
            tableName = taken[0]
        }
        return LuaOptionTables.all.first { $0.function == tableName }?.names
    }

    // MARK: Reading the chain

    /// A token of the line; strings and numbers keep their value.
    private enum Token: Equatable {
        case name(String)
        case literal(Literal)
        case symbol(Character)
    }

    /// A constant argument or key.
    private enum Literal: Equatable {
        case string(String), integer(Int64), number(Double), boolean(Bool), none
    }

    /// One link of the chain: the global it starts from, a field or key read, or a method called.
    private enum Step {
        case global(String)
        case field(Literal)
        case method(String, [Literal])
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The tokens of `line`; nil when it ends inside a string or holds something this reader does not know (long
    /// strings, escapes other than \\ \" \' \n \t).
    private static func tokens(_ line: String) -> [Token]? {
        var tokens: [Token] = []
        var characters = Array(line)[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters.removeFirst()
            } else if first == "_" || first.isLetter {
                let name = String(characters.prefix { $0 == "_" || $0.isLetter || $0.isNumber })
                characters.removeFirst(name.count)
                switch name {
                case "true", "false": tokens.append(.literal(.boolean(name == "true")))
                case "nil": tokens.append(.literal(.none))
                default: tokens.append(.name(name))
                }
            } else if first.isNumber {
                let text = String(characters.prefix { $0.isNumber || $0 == "." || $0.isLetter })
                characters.removeFirst(text.count)
                if let integer = Int64(text) {
                    tokens.append(.literal(.integer(integer)))
                } else if let number = Double(text) {
                    tokens.append(.literal(.number(number)))
                } else {
                    return nil
                }
            } else if first == "\"" || first == "'" {
                characters.removeFirst()
                var text = ""
                while true {
                    guard let next = characters.popFirst() else { return nil }
                    if next == first { break }
                    if next == "\\" {
                        guard let escaped = characters.popFirst(), let meant = escapes[escaped] else { return nil }
                        text.append(meant)
                    } else {
                        text.append(next)
                    }
                }
                tokens.append(.literal(.string(text)))
            } else if first == "-" && characters.dropFirst().first == "-" {
                return nil
            } else {
                tokens.append(.symbol(characters.removeFirst()))
            }
        }
        return tokens
    }

    private static let escapes: [Character: Character] = ["\\": "\\", "\"": "\"", "'": "'", "n": "\n", "t": "\t"]

    /// The chain ending the tokens, first step first; nil when they do not end in one this reader can evaluate.
    private static func chain(_ tokens: [Token]) -> [Step]? {
        var end = tokens.count
        var steps: [Step] = []
        while end > 0 {
            switch tokens[end - 1] {
            case .name(let name):
                let before = end >= 2 ? tokens[end - 2] : nil
                let concatenated = end >= 3 && tokens[end - 3] == .symbol(".")
                if before == .symbol(".") && !concatenated {
                    steps.append(.field(.string(name)))
                    end -= 2
                } else {
                    guard before != .symbol(":"), !keywords.contains(name) else { return nil }
                    steps.append(.global(name))
                    return steps.reversed()
                }
            case .symbol("]"):
                guard end >= 3, tokens[end - 3] == .symbol("["), case .literal(let key) = tokens[end - 2] else { return nil }
                steps.append(.field(key))
                end -= 3
            case .symbol(")"):
                guard let open = tokens[..<(end - 1)].lastIndex(of: .symbol("(")), open >= 2,
                      case .name(let method) = tokens[open - 1], tokens[open - 2] == .symbol(":"),
                      let arguments = literals(tokens[(open + 1)..<(end - 1)]) else { return nil }
                steps.append(.method(method, arguments))
                end = open - 2
            default:
                return nil
            }
        }
        return nil
    }

    /// Literals separated by commas; nil for anything else.
    private static func literals(_ tokens: ArraySlice<Token>) -> [Literal]? {
        var values: [Literal] = []
        for (offset, token) in tokens.enumerated() {
            if offset % 2 == 1 {
                guard token == .symbol(",") else { return nil }
            } else {
                guard case .literal(let value) = token else { return nil }
                values.append(value)
            }
        }
        return tokens.count % 2 == 1 || tokens.isEmpty ? values : nil
    }

    // MARK: Evaluating it without side effects

    /// Pushes the chain's value; false (with the stack as it may be) when a step is not safe or fails.
    private static func evaluate(_ L: OpaquePointer, _ steps: [Step]) -> Bool {
        for step in steps {
            switch step {
            case .global(let name):
                fl_pushglobaltable(L)
                LuaValues.push(L, name)
                lua_rawget(L, -2)
                fl_remove(L, -2)
            case .field(let key):
                guard index(L, key) else { return false }
            case .method(let name, let arguments):
                guard callGetter(L, name, arguments) else { return false }
            }
            if lua_type(L, -1) == LUA_TNIL { return false }
        }
        return true
    }

    /// Replaces the value on top with `value[key]`: raw for tables, then through `__index` tables; a forcelab
    /// object's `__index` binding (which only reads) is the one function called.
    private static func index(_ L: OpaquePointer, _ key: Literal, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        if lua_type(L, -1) == LUA_TTABLE {
            push(L, key)
            lua_rawget(L, -2)
            if lua_type(L, -1) != LUA_TNIL {
                fl_remove(L, -2)
                return true
            }
            fl_pop(L, 1)
        }
        guard lua_getmetatable(L, -1) != 0 else { return false }
        let handler = fl_rawgetfield(L, -1, "__index")
        fl_remove(L, -2)
        if handler == LUA_TTABLE {
            fl_remove(L, -2)
            return index(L, key, depth: depth + 1)
        }
        guard handler == LUA_TFUNCTION, LuaObject.isObject(L, -2) else { return false }
        lua_pushvalue(L, -2)
        push(L, key)
        guard fl_pcall(L, 2, 1) == LUA_OK else { return false }
        fl_remove(L, -2)
        return true
    }

    /// Replaces the forcelab object on top with the result of its getter `name` called with `arguments`; false
    /// (the stack then holds anything above where it was) when the value is no forcelab object, `name` is not a
    /// getter of it, or the call fails.
    private static func callGetter(_ L: OpaquePointer, _ name: String, _ arguments: [Literal]) -> Bool {
        guard LuaObject.isObject(L, -1), let type = metatableName(L, -1) else { return false }
        // Only a declared method that reads, with as many arguments as it reads with (`LuaFunctionDeclaration.reads`).
        guard let allowed = LuaAPI.type(metatable: type)?.method(name)?.reads, allowed.contains(arguments.count) else { return false }
        lua_pushvalue(L, -1)
        guard index(L, .string(name)), lua_type(L, -1) == LUA_TFUNCTION else { return false }
        lua_pushvalue(L, -2)
        for argument in arguments { push(L, argument) }
        guard fl_pcall(L, Int32(arguments.count + 1), 1) == LUA_OK else { return false }
        fl_remove(L, -2)
        return true
    }

    /// The name of the forcelab metatable of the value at `index`.
    private static func metatableName(_ L: OpaquePointer, _ index: Int32) -> String? {
        let index = lua_absindex(L, index)
        for name in LuaAPI.types.map(\.metatable) {
            guard lua_getmetatable(L, index) != 0 else { return nil }
            _ = fl_getmetatable_named(L, name)
            let same = lua_rawequal(L, -1, -2) != 0
            fl_pop(L, 2)
            if same { return name }
        }
        return nil
    }

    private static func push(_ L: OpaquePointer, _ literal: Literal) {
        switch literal {
        case .string(let text): LuaValues.push(L, text)
        case .integer(let value): lua_pushinteger(L, lua_Integer(value))
        case .number(let value): lua_pushnumber(L, value)
        case .boolean(let value): lua_pushboolean(L, value ? 1 : 0)
        case .none: lua_pushnil(L)
        }
    }

    // MARK: Listing names

    /// Replaces the value on top with the table its fields live in (itself, or its metatable's methods); false if none.
    private static func pushFieldTable(_ L: OpaquePointer) -> Bool {
        if lua_type(L, -1) == LUA_TTABLE { return true }
        guard lua_getmetatable(L, -1) != 0 else { return false }
        fl_remove(L, -2)
        for field in ["methods", "__index"] {
            if fl_rawgetfield(L, -1, field) == LUA_TTABLE {
                fl_remove(L, -2)
                return true
            }
            fl_pop(L, 1)
        }
        return false
    }

    /// Adds the identifier keys of the value on top (following `__index` tables) that start with `prefix`.
    private static func collect(_ L: OpaquePointer, into names: inout Set<String>, prefix: String, methodsOnly: Bool, depth: Int) {
        guard depth < 4, pushFieldTable(L) else { return }
        let table = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if let key = LuaValues.string(L, -2), key.hasPrefix(prefix), !key.hasPrefix("__"),
               key.first.map({ $0 == "_" || $0.isLetter }) == true,
               !methodsOnly || lua_type(L, -1) == LUA_TFUNCTION {
                names.insert(key)
            }
            fl_pop(L, 1)
        }
        if lua_getmetatable(L, table) != 0 {
            if fl_rawgetfield(L, -1, "__index") == LUA_TTABLE {
                collect(L, into: &names, prefix: prefix, methodsOnly: methodsOnly, depth: depth + 1)
            }
        }
    }
}
