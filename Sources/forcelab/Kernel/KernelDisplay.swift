/// How a picture or page is carried to a notebook: the MIME bundle of `display_data` and `execute_result`.
enum KernelDisplay {
    /// Height in pixels of the frame a whole HTML page (a replay) plays in.
    static let pageHeight = 620

    /// The bundle for `text` of `type`, with a plain-text stand-in. A whole page (the HTML replay, with its own
    /// script and style) goes in an iframe of its own, so that many replays in one notebook never share names and
    /// it plays in JupyterLab and Notebook 7 alike without a server.
    static func bundle(_ type: String, _ text: String) -> [String: String] {
        guard type != "text/plain" else { return ["text/plain": text] }
        let stand = ["text/plain": "<\(type) picture: forcelab>"]
        let start = text.prefix(200).lowercased()
        if type == "text/html" && (start.contains("<!doctype") || start.contains("<html")) {
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            let frame = "<iframe srcdoc=\"\(escaped)\" style=\"width: 100%; height: \(pageHeight)px; border: 0\" sandbox=\"allow-scripts\"></iframe>"
            return stand.merging(["text/html": frame]) { $1 }
        }
        return stand.merging([type: text]) { $1 }
    }
}
