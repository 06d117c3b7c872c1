import Foundation
import Upstream

/// Response headers, looked up case-insensitively, in the order the service sent them.
public struct UpstreamHeaders: Sendable, Hashable {
    public private(set) var fields: [Field]

    public struct Field: Sendable, Hashable {
        public let name: String
        public let value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// The first value of the header `name`, or nil.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of the header `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}

/// One request, a GET unless `method` says otherwise. `path` requests are relative to the
/// client's base URL; `url` ones are absolute.
public struct UpstreamRequest: Sendable {
    /// The methods the clients use: reads, and the bodiless writes GitHub's stars take (issue 49).
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        /// Sent with `Content-Length: 0`.
        case put = "PUT"
        case delete = "DELETE"
        /// Sent with `body` (GitHub's device flow, issue 49: a form, never logged).
        case post = "POST"
    }

    public enum Target: Sendable, Hashable {
        /// Appended to the base URL: `"/photos"`, `"/user/repos?per_page=10"`.
        case path(String)
        /// An absolute http or https URL.
        case url(URL)
    }

    public var target: Target
    /// GET unless set; a redirect is followed only for a GET.
    public var method: Method = .get
    /// Extra headers for this call (after the configuration's defaults; a name given here replaces
    /// the default of that name). Never logged, and dropped when a redirect leaves the origin.
    public var headers: [(name: String, value: String)]
    /// Sent as `If-None-Match`; a `304 Not Modified` answer is then returned, not thrown.
    public var ifNoneMatch: String?
    /// This call's body limit; nil takes the configuration's.
    public var maximumBodyBytes: Int?
    /// This call's whole-exchange timeout; nil takes the configuration's.
    public var timeout: Duration?
    /// What log lines call this request instead of its path, when the path names something a log
    /// must not (a private repository's owner and name).
    public var logLabel: String?
    /// Who the exchange is for (a token's digest, a device): one party holds at most
    /// `connectionsPerParty` of a host's connections. nil counts against the host only.
    public var party: String?
    /// What a POST sends (with its `Content-Type` among `headers`); never logged.
    public var body: [UInt8] = []
    /// Statuses besides 2xx whose answer is read and returned rather than thrown: a service that
    /// explains a refusal in the body (GitHub's OAuth endpoints name the error in `error`).
    public var answeredStatuses: Set<Int> = []
    /// Judges the final response head (status 2xx) before its body is read; a failure it returns
    /// is thrown and the body is not downloaded (the image fetcher refuses non-images this way).
    public var checkHead: (@Sendable (_ status: Int, _ headers: UpstreamHeaders) -> UpstreamFailure?)?

    public init(
        _ target: Target,
        headers: [(name: String, value: String)] = [],
        ifNoneMatch: String? = nil,
        maximumBodyBytes: Int? = nil,
        timeout: Duration? = nil,
        party: String? = nil,
        logLabel: String? = nil,
        checkHead: (@Sendable (_ status: Int, _ headers: UpstreamHeaders) -> UpstreamFailure?)? = nil
    ) {
        self.target = target
        self.headers = headers
        self.ifNoneMatch = ifNoneMatch
        self.maximumBodyBytes = maximumBodyBytes
        self.timeout = timeout
        self.party = party
        self.logLabel = logLabel
        self.checkHead = checkHead
    }

    /// A request for `path` relative to the base URL.
    public static func path(_ path: String, headers: [(name: String, value: String)] = [], ifNoneMatch: String? = nil) -> UpstreamRequest {
        UpstreamRequest(.path(path), headers: headers, ifNoneMatch: ifNoneMatch)
    }
}

/// A successful answer: a 2xx with its whole body, or a 304 to a conditional request.
public struct UpstreamResponse: Sendable {
    public let status: Int
    public let headers: UpstreamHeaders
    /// The whole body (empty for a 304).
    public let body: [UInt8]
    /// The URL that answered, after redirects.
    public let url: URL

    public init(status: Int, headers: UpstreamHeaders, body: [UInt8], url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// `304 Not Modified`: what the caller holds under `ifNoneMatch` is still current.
    public var isNotModified: Bool { status == 304 }
    /// The `ETag` to send as `ifNoneMatch` next time.
    public var etag: String? { headers["ETag"] }
    /// The `Content-Type` header, as sent.
    public var contentType: String? { headers["Content-Type"] }
}

/// The answer to a conditional JSON request.
public enum UpstreamConditional<Value: Sendable>: Sendable {
    /// The resource changed (or nothing was held): its new value and ETag.
    case modified(Value, etag: String?)
    /// `304`: what was held under the ETag sent is still current.
    case notModified
}

extension UpstreamConditional: Equatable where Value: Equatable {}
