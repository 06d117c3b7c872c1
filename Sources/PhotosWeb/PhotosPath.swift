import Hummingbird
import Upstream

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
        failure.map { "\(base)?alert=\(FailureCode($0).rawValue)" } ?? base
    }

    static func thumbnail(id: Int) -> String { "\(base)/thumbnails/\(id)" }
}

/// An `UpstreamFailure` as a word in a URL.
enum FailureCode: String, Sendable {
    case offline, timedOut, badCredentials, rateLimited, notFound, server, unreadable, rejected

    init(_ failure: UpstreamFailure) {
        switch failure {
        case .offline: self = .offline
        case .timedOut: self = .timedOut
        case .badCredentials: self = .badCredentials
        case .rateLimited: self = .rateLimited
        case .notFound: self = .notFound
        case .server: self = .server
        case .unreadable: self = .unreadable
        case .rejected: self = .rejected
        }
    }

    /// The failure again, as far as a word can say it (a server error's status is not kept).
    var failure: UpstreamFailure {
        switch self {
        case .offline: .offline
        case .timedOut: .timedOut
        case .badCredentials: .badCredentials
        case .rateLimited: .rateLimited(resetsAt: nil)
        case .notFound: .notFound
        case .server: .server(status: 502)
        case .unreadable: .unreadable
        case .rejected: .rejected(.notAnImage)
        }
    }
}
