import Hummingbird
import Upstream
import WebShell

/// Every URL of Photos: the patterns its routes register and the links its views make.
enum PhotosPath {
    static let base = "/photos"
    static let addPattern: RouterPath = "add"
    static let clearPattern: RouterPath = "clear"
    static let thumbnailPattern: RouterPath = "thumbnails/{id}"

    static let list = base
    static let add = "\(base)/add"
    static let clear = "\(base)/clear"

    /// The list after a failed "Add element" without JavaScript: the alert it shows rides in the
    /// query, so reloading the page shows it again and nothing is stored.
    static func list(after failure: UpstreamFailure?) -> String {
        failure.map { "\(base)?alert=\(AlertCode.word(for: $0))" } ?? base
    }

    /// What a thumbnail's URL starts with, before its id; a literal, so a list can write it as is.
    static let thumbnailPrefix: StaticString = "/photos/thumbnails/"
}

/// An `UpstreamFailure` as a word in a URL (`offline`, `timedOut`, `server-503` …) and back.
enum AlertCode {
    static func word(for failure: UpstreamFailure) -> String {
        switch failure {
        case .offline: "offline"
        case .timedOut: "timedOut"
        case .busy: "busy"
        case .badCredentials: "badCredentials"
        case .rateLimited: "rateLimited"
        case .notFound: "notFound"
        case .server(let status): "server-\(status)"
        case .unreadable: "unreadable"
        case .rejected(let rejection): "rejected-\(rejection.rawValue)"
        }
    }

    /// The failure a word names; nil for anything else (the page then shows no alert).
    static func failure(named word: String) -> UpstreamFailure? {
        switch word {
        case "offline": return .offline
        case "timedOut": return .timedOut
        case "busy": return .busy
        case "badCredentials": return .badCredentials
        case "rateLimited": return .rateLimited(resetsAt: nil)
        case "notFound": return .notFound
        case "unreadable": return .unreadable
        default:
            if word.hasPrefix("server-"), let status = RequestNumber.parse(word.dropFirst(7), in: 100...599) {
                return .server(status: status)
            }
            if word.hasPrefix("rejected-"), let rejection = UpstreamFailure.Rejection(rawValue: String(word.dropFirst(9))) {
                return .rejected(rejection)
            }
            return nil
        }
    }
}
