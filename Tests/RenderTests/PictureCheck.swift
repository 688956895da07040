import Foundation
import XCTest

/// Checks pictures with outside tools: xmllint parses, rsvg-convert renders, python3 counts ink; a missing tool fails the test.
enum PictureCheck {
    /// The folder pictures are written to: $FORCELAB_PICTURES when set (to look at them), else a temporary folder.
    static let folder: String = {
        if let dir = ProcessInfo.processInfo.environment["FORCELAB_PICTURES"] {
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            return dir
        }
        let dir = NSTemporaryDirectory() + "render-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// The full path of an executable on PATH, or nil.
    static func tool(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The full path of a tool the checks need; when it is missing, fails the calling test with how to install it.
    static func required(_ name: String, package: String, file: StaticString, line: UInt) -> String? {
        if let path = tool(name) { return path }
        XCTFail("\(name) is missing, so pictures cannot be checked: run scripts/setup (or apt-get install \(package))",
                file: file, line: line)
        return nil
    }

    /// Runs a program and returns its exit status and combined output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Counts the pixels of a PNG that are neither transparent nor the given background (python3, standard library only).
    static let inkScript = """
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    pos, idat, w, h = 8, b'', 0, 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and ctype in (2, 6), 'unsupported PNG'
            bpp = 4 if ctype == 6 else 3
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw, stride, prev, ink, i = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0, 0
    bg = tuple(int(sys.argv[2][k:k + 2], 16) for k in (0, 2, 4))
    for y in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp):
            px = tuple(line[x:x + 3])
            if (bpp == 4 and line[x + 3] == 0) or px == bg: continue
            ink += 1
        prev = line
    print(ink, w * h)
    """

    /// The characters of `text` that XML 1.0 forbids: control characters other than tab, newline and return, U+FFFE and U+FFFF.
    static func forbiddenXMLCharacters(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || (0xFFFE...0xFFFF).contains($0.value)
        }
    }

    /// Writes `html` as `name`.html and checks that xmllint's HTML parser finds no invalid characters in it.
    static func verifyPage(_ html: String, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = "\(folder)/\(name).html"
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        guard let xmllint = required("xmllint", package: "libxml2-utils", file: file, line: line) else { return }
        let (status, output) = try run(xmllint, ["--html", "--noout", path])
        XCTAssertEqual(status, 0, "xmllint cannot read \(name).html: \(output)", file: file, line: line)
        // libxml2 reads HTML 4, so it calls the HTML5 elements (header, canvas, footer) unknown; anything else is a fault.
        let faults = output.split(separator: "\n").filter {
            $0.contains("parser error") && $0.range(of: #"Tag \w+ invalid"#, options: .regularExpression) == nil
        }
        XCTAssertEqual(faults, [], "xmllint finds faults in \(name).html", file: file, line: line)
    }

    /// Writes `svg` as `name`.svg, checks it parses as XML and renders to a PNG with ink on at least `minInk` of the pixels.
    static func verify(_ svg: String, name: String, minInk: Double = 0.002,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let path = "\(folder)/\(name).svg"
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
        let xmllint = required("xmllint", package: "libxml2-utils", file: file, line: line)
        let rsvg = required("rsvg-convert", package: "librsvg2-bin", file: file, line: line)
        let python = required("python3", package: "python3", file: file, line: line)
        guard let xmllint, let rsvg, let python else { return }
        let (xmlStatus, xmlOutput) = try run(xmllint, ["--noout", path])
        XCTAssertEqual(xmlStatus, 0, "xmllint rejects \(name).svg: \(xmlOutput)", file: file, line: line)
        let png = "\(folder)/\(name).png"
        let (status, output) = try run(rsvg, ["-o", png, path])
        XCTAssertEqual(status, 0, "rsvg-convert fails on \(name).svg: \(output)", file: file, line: line)
        let (pyStatus, counts) = try run(python, ["-c", inkScript, png, "ffffff"])
        XCTAssertEqual(pyStatus, 0, counts, file: file, line: line)
        let parts = counts.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        XCTAssertEqual(parts.count, 2, counts, file: file, line: line)
        if parts.count == 2 {
            XCTAssertGreaterThan(parts[0] / parts[1], minInk, "\(name).png is nearly blank", file: file, line: line)
        }
    }
}
