import Foundation

/// Categorical colour palettes and colour helpers.
public enum Palette {
    /// Tableau 10: ten distinct categorical colours (the default).
    public static let tableau10 = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
        "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
    ]

    /// Okabe–Ito: eight colours that stay distinct under the common colour-vision deficiencies.
    public static let okabeIto = [
        "#e69f00", "#56b4e9", "#009e73", "#f0e442",
        "#0072b2", "#d55e00", "#cc79a7", "#000000",
    ]

    /// The palettes by the names scripts give them.
    public enum Name: String, CaseIterable, Sendable {
        /// `Palette.tableau10`.
        case tableau10
        /// `Palette.okabeIto`.
        case okabeIto

        /// The palette's colours.
        public var colours: [String] {
            switch self {
            case .tableau10: return Palette.tableau10
            case .okabeIto: return Palette.okabeIto
            }
        }

        /// The name of a palette given by its colours, nil when it is none of the named ones.
        public init?(colours: [String]) {
            guard let name = Name.allCases.first(where: { $0.colours == colours }) else { return nil }
            self = name
        }
    }

    /// Throws when `palette` has no colours to hand out.
    static func check(_ palette: [String]) throws {
        guard !palette.isEmpty else { throw RenderError("the palette has no colours") }
    }

    /// The colour for nodes that have no group key.
    public static let ungrouped = "#8c8c8c"

    /// Sorts group keys the way legends list them: numbers by value first, then text.
    public static func sortedKeys(_ keys: some Sequence<String>) -> [String] {
        Set(keys).sorted { a, b in
            switch (Double(a), Double(b)) {
            case let (x?, y?): return x != y ? x < y : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
    }

    /// Relative luminance (0 black … 1 white) of a `#rgb` or `#rrggbb` colour, nil for other forms.
    public static func luminance(_ colour: String) -> Double? {
        var hex = Substring(colour)
        guard hex.hasPrefix("#") else { return nil }
        hex = hex.dropFirst()
        if hex.count == 3 { hex = Substring(hex.map { "\($0)\($0)" }.joined()) }
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        func channel(_ shift: UInt32) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    /// Black or white, whichever reads better on the given background colour.
    public static func textColour(on background: String) -> String {
        guard let l = luminance(background) else { return "#222222" }
        return l > 0.36 ? "#222222" : "#ffffff"
    }
}
