import Foundation

/// A layout's settings whose numbers must lie in ranges declared once, in `range(of:)`: readers of the settings (the
/// Lua options) check against the same ranges, and `checkRanges` checks a value built in Swift.
public protocol RangedSettings {
    /// The range a numeric setting must lie in; nil for a setting that is no number.
    static func range(of setting: PartialKeyPath<Self>) -> ClosedRange<Double>?
    /// The numeric settings, by the name an error gives them, in the order they are checked.
    static var numbers: [(name: String, setting: PartialKeyPath<Self> & Sendable)] { get }
}

extension RangedSettings {
    /// Throws for the first numeric setting out of its range (NaN included), naming it.
    public func checkRanges() throws {
        for (name, setting) in Self.numbers {
            guard let range = Self.range(of: setting) else { continue }
            let given = Mirror(reflecting: self[keyPath: setting])
            if given.displayStyle == .optional && given.children.isEmpty { continue } // absent: the module's default
            let value = self[keyPath: setting] as? Double ?? (self[keyPath: setting] as? Int).map(Double.init) ?? .nan
            guard range.contains(value) else {
                let text = [range.lowerBound, range.upperBound, value].map { $0.isNaN ? "nan" : String(format: "%.14g", $0) }
                throw LayoutOptionError(option: name, problem: "from \(text[0]) to \(text[1]) expected, got \(text[2])")
            }
        }
    }
}

/// A layout option out of its range.
public struct LayoutOptionError: Error, Equatable, CustomStringConvertible {
    /// The option's name.
    public let option: String
    /// What is wrong with its value.
    public let problem: String

    /// The message: the option and the problem.
    public var description: String { "option '\(option)': \(problem)" }
}
