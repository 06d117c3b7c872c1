import Hummingbird
import Upstream
import WebShell

/// Every route of Photos, declared once: the controller registers these, the views link to them.
enum PhotosPath {
    static let list = Route("/photos")
    static let add = Route("/photos", "add")
    static let clear = Route("/photos", "clear")
    /// Where our origin serves a photo's thumbnail (PH-4): no page asks a third-party host.
    static let thumbnail = Route("/photos", "thumbnails/{id}")

    /// The list after a failed "Add element" without JavaScript: the alert it shows rides in the
    /// query, so reloading the page shows it again and nothing is stored.
    static func list(after failure: UpstreamFailure?) -> String {
        list.link(query: ["alert": failure.map(AlertCode.word(for:))])
    }
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
