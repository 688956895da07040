/// A command line read against a `CommandDeclaration`: the options given, in order, and the operands.
public struct ParsedArguments: Sendable {
    /// An option as given, with its value (nil for a flag).
    public struct Given: Sendable {
        public let option: OptionDeclaration
        public let value: String?
    }

    /// The options, in the order given.
    public private(set) var given: [Given] = []
    /// The operands: the script and its arguments, the spec and its arguments, the files.
    public private(set) var operands: [String] = []
    /// Index in the arguments read of the first operand (their count when there is none).
    public private(set) var firstOperandIndex: Int

    /// Reads `arguments` (those after the command's name) against `command`.
    public init(_ arguments: [String], command: CommandDeclaration) throws {
        firstOperandIndex = arguments.count
        var index = 0, optionsEnded = false, anywhere = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" && !optionsEnded {
                optionsEnded = true
                continue
            }
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if operands.isEmpty { firstOperandIndex = index - 1 }
                operands.append(argument)
                if command.afterOperand == .passedOn { optionsEnded = true }
                continue
            }
            if !operands.isEmpty && !anywhere && command.afterOperand == .ownOptionsRefused {
                if command.option(named: argument) != nil {
                    throw UsageError.optionAfterOperand(argument, operand: command.operand, command: command.name)
                }
                operands.append(argument)
                continue
            }
            let (option, joined) = try Self.option(argument, in: command)
            if operands.isEmpty && option.name == command.optionsAnywhereWith { anywhere = true }
            guard option.value != nil else {
                given.append(Given(option: option, value: nil))
                continue
            }
            if let joined {
                given.append(Given(option: option, value: joined))
                continue
            }
            // lua.c takes no value that starts with '-' after a one-letter option ("-e -x" is a mistake).
            guard index < arguments.count, !(option.takesJoinedValue && arguments[index].hasPrefix("-")) else {
                throw UsageError.missingValue(argument)
            }
            given.append(Given(option: option, value: arguments[index]))
            index += 1
        }
    }

    /// The option `argument` names, and its value when written joined to it (`-estat`).
    private static func option(_ argument: String, in command: CommandDeclaration) throws -> (OptionDeclaration, String?) {
        if let option = command.option(named: argument) { return (option, nil) }
        let letter = String(argument.prefix(2))
        if let option = command.option(named: letter), option.takesJoinedValue { return (option, String(argument.dropFirst(2))) }
        throw UsageError.unknownOption(argument)
    }

    /// Whether `flag` was given.
    public func contains(_ flag: Flag) -> Bool {
        given.contains { $0.option == flag.declaration }
    }

    /// Whether `option` was given.
    public func contains<Value>(_ option: Option<Value>) -> Bool {
        given.contains { $0.option == option.declaration }
    }

    /// The value of `option`: the last one given, read and checked; else its default (nil when it has none).
    public func value<Value>(_ option: Option<Value>) throws -> Value? {
        guard let text = given.last(where: { $0.option == option.declaration })?.value else { return option.defaultValue }
        return try option.value(text)
    }

    /// The value of an option declared with a default: the last one given, read and checked, else the default.
    public func valueOrDefault<Value>(_ option: Option<Value>) throws -> Value {
        guard let value = try value(option) else { preconditionFailure("\(option.name) is declared without a default") }
        return value
    }

    /// Every value given for `option`, in order, read and checked.
    public func values<Value>(_ option: Option<Value>) throws -> [Value] {
        try given.filter { $0.option == option.declaration }.map { try option.value($0.value ?? "") }
    }
}
