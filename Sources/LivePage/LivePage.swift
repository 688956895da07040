/// The live page's files (its HTML, script and style sheet), served from the binary by `fl.live`'s server.
public enum LivePage {
    /// The content type and bytes of the page's file at a request path ("/", "/live.js", "/live.css"), or nil.
    public static func file(_ path: String) -> (contentType: String, body: [UInt8])? {
        switch path {
        case "/": return ("text/html; charset=utf-8", PackageResources.index_html)
        case "/live.js": return ("text/javascript; charset=utf-8", PackageResources.live_js)
        case "/live.css": return ("text/css; charset=utf-8", PackageResources.live_css)
        default: return nil
        }
    }
}
