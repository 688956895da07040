import Foundation

/// What comes before an XML document's root element, read only far enough to find a DTD internal subset: FoundationXML
/// crashes on some of its declarations (a notation or an unparsed entity with only a system id, an attribute list
/// with #REQUIRED), so the XML readers refuse a document that has one before parsing it.
enum XMLProlog {
    /// The byte offset of the `[` opening the document's DTD internal subset, or nil when it has none.
    static func internalSubset(in data: Data) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            func at(_ text: String) -> Bool { bytes[i...].starts(with: text.utf8) }
            func skip(past end: String) {
                while i < bytes.count && !at(end) { i += 1 }
                i += end.utf8.count
            }
            while i < bytes.count {
                if at("<?") {
                    skip(past: "?>")
                } else if at("<!--") {
                    skip(past: "-->")
                } else if at("<!DOCTYPE") {
                    // The doctype's name and external id, up to its end or the subset; quoted ids may hold '[' or '>'.
                    while i < bytes.count {
                        switch bytes[i] {
                        case UInt8(ascii: "["): return i
                        case UInt8(ascii: ">"): return nil
                        case let quote where quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"):
                            i += 1
                            while i < bytes.count && bytes[i] != quote { i += 1 }
                        default: break
                        }
                        i += 1
                    }
                    return nil
                } else if bytes[i] == UInt8(ascii: "<") {
                    return nil  // the root element: no doctype
                } else {
                    i += 1
                }
            }
            return nil
        }
    }
}
