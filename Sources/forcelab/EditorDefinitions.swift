import Foundation
import GraphModel
import LuaHost

/// `forcelab --definitions DIR`: writes the editor definitions and the luacheck standard of the forcelab module
/// under DIR (docs/editors.md), each file atomically.
enum EditorDefinitions {
    /// The files, by their paths under the folder.
    static func files() throws -> [(path: String, text: String)] {
        let source = try DefinitionsSource.current()
        return [
            ("lua-language-server/forcelab/library/forcelab.lua", LuaLanguageServerDefinitions.meta(source)),
            ("lua-language-server/forcelab/config.json", LuaLanguageServerDefinitions.config()),
            ("luacheck/forcelab.lua", LuacheckStandard.file(source)),
        ]
    }

    /// Writes the files under `folder` (made when missing) and names each on standard error; 0, or 1 with a
    /// message when one cannot be written.
    static func write(to folder: String) -> Int32 {
        do {
            for (path, text) in try files() {
                let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(text.utf8), to: url.path)
                Diagnostics.write("forcelab --definitions: wrote \(url.path)\n")
            }
            return 0
        } catch {
            Diagnostics.write("forcelab --definitions: \(error)\n")
            return 1
        }
    }
}
