import Foundation
import GraphModel

/// Builds an SVG 1.1 document element by element, with escaped text and fixed-precision numbers.
struct SVGWriter {
    private var lines: [String] = []
    private var depth = 1
    private let width: Double
    private let height: Double

    /// Starts a document of the given size in pixels.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Formats a number with at most two decimals, trailing zeros trimmed and no negative zero.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func attributes(_ attrs: [(String, String)]) -> String {
        attrs.map { " \($0.0)=\"\(XMLText.escape($0.1, .picture))\"" }.joined()
    }

    /// Adds an empty element such as a circle or a path.
    mutating func element(_ name: String, _ attrs: [(String, String)]) {
        lines.append(String(repeating: "  ", count: depth) + "<\(name)\(Self.attributes(attrs))/>")
    }

    /// Adds an element holding escaped text, such as a text or title element.
    mutating func text(_ name: String, _ attrs: [(String, String)], _ content: String) {
        lines.append(String(repeating: "  ", count: depth) + "<\(name)\(Self.attributes(attrs))>\(XMLText.escape(content, .picture))</\(name)>")
    }

    /// Opens a container element such as a group; close it with `close`.
    mutating func open(_ name: String, _ attrs: [(String, String)] = []) {
        lines.append(String(repeating: "  ", count: depth) + "<\(name)\(Self.attributes(attrs))>")
        depth += 1
    }

    /// Closes the container element opened last with the given name.
    mutating func close(_ name: String) {
        depth -= 1
        lines.append(String(repeating: "  ", count: depth) + "</\(name)>")
    }

    /// The finished document, with XML declaration and a trailing newline.
    func document() -> String {
        let w = Self.number(width), h = Self.number(height)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
        out += lines.joined(separator: "\n")
        if !lines.isEmpty { out += "\n" }
        out += "</svg>\n"
        return out
    }
}

extension Double {
    /// This number as SVGWriter formats it.
    var svg: String { SVGWriter.number(self) }
}
