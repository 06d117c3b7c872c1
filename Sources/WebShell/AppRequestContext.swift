import Devices
import Foundation
import Hummingbird
import Localization

/// Per-request state shared by middleware and routes: who is asking, in which language, and the
/// request's form body, collected once.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `DeviceMiddleware` from a valid cookie, or drawn anew for a request without one.
    var deviceID: DeviceID?
    /// Whether `deviceID` came from a valid cookie (false: drawn anew for this request).
    var devicePresented = false
    /// The browser's session (issue 36), set with `deviceID`: from its cookie, or drawn anew.
    var sessionID: SessionID?
    /// Whether the cookie was a device cookie from before sessions (its pages' tokens were the device's).
    var legacyCookie = false
    /// Whether the request is a navigation from one of this origin's pages (`Sec-Fetch-Site:
    /// same-origin`), or may be (a browser that does not say): only then can a view transition
    /// bring the page in (issue 47).
    var arrivesFromSameOrigin = true
    /// The device's stored preferences, read by `DeviceMiddleware` (empty for a first visit).
    public var preferences = DevicePreferences()
    public var language: Language = .fallback
    /// Whether the language came from the device's own choice rather than Accept-Language.
    public var languageIsChosen = false
    /// Signs the device's CSRF token; set by `DeviceMiddleware`. The token is made only when a
    /// page asks for it, so static files and health checks never pay for the HMAC.
    var csrfSigner: CSRFSigner?
    /// The token `IdentityCache` remembered with this session and owner: a page of a known
    /// browser signs nothing (issue 47: the HMAC was 4% of `/`'s time).
    var rememberedCSRF: IdentityCache.SignedToken?
    /// The url-encoded body of a state-changing request, collected once by `FormBodyMiddleware`.
    var formBody = ""
    /// A `multipart/form-data` body's parts, parsed once by `FormBodyMiddleware` (nil for any other body).
    public internal(set) var multipart: MultipartForm?

    /// The address the connection came from: a proxy's, when the server runs behind one.
    public let peerAddress: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The device asking. `DeviceMiddleware` runs before every route, so it is always set there.
    public var device: DeviceID {
        guard let deviceID else { preconditionFailure("DeviceMiddleware sets the device before any route runs") }
        return deviceID
    }

    /// The browser's session. Set with the device, before any route runs.
    public var session: SessionID {
        guard let sessionID else { preconditionFailure("DeviceMiddleware sets the session before any route runs") }
        return sessionID
    }

    /// Bodies above this are refused with 413 (see `FormBodyMiddleware`).
    public static let bodyLimit = 64 * 1024
    public var maxUploadSize: Int { Self.bodyLimit }
    /// The largest file an upload may bring (issue 36); each reader refuses more with its message.
    public static let uploadFileLimit = 20 * 1024 * 1024
    /// Bodies of the paths apps name as uploads (`DeckApp.uploadPaths`): the largest file, sealed
    /// as its confirmation carries it back (`CarriedUpload`: base64url, a third larger), and the
    /// multipart form around it. Issue 46, item 10: at the file's own 20 MB, a backup of 15.8 MB
    /// or more previewed, and its confirmation was refused with 413.
    public static let uploadLimit = CarriedUpload.sealedLength(ofFileBytes: uploadFileLimit) + 64 * 1024

    /// The deck's strings, set by `DeviceMiddleware` (the shell's alone before it runs).
    var catalogues: Catalogues = .shell
    public var catalogue: Catalogue { catalogues[language] }

    /// The time zone the device's browser reported (`DeviceContextRoutes`), as it sent it; nil
    /// until it has. Foundation may name a zone differently ("UTC" comes back as "GMT"), so pages
    /// echo this, not `timeZone.identifier`. A zone stored before the check was narrowed (issue 33:
    /// `GMT+18`, `EST5EDT`) counts as none, so the page asks the browser again.
    public var reportedTimeZone: String? {
        DeviceTimeZone.validated(preferences.timeZone)
    }

    /// The device's time zone, for every app that shows a date or decides what "today" is: the one
    /// its browser reported, else the server's own. The one fallback rule for the whole deck.
    public var timeZone: TimeZone {
        reportedTimeZone.flatMap(TimeZone.init(identifier:)) ?? .current
    }

    /// The session's CSRF token, for the forms of a page.
    public var csrfToken: String {
        guard let csrfSigner, let sessionID, let deviceID else { return "" }
        if let rememberedCSRF, rememberedCSRF.session == sessionID, rememberedCSRF.owner == deviceID { return rememberedCSRF.token }
        return csrfSigner.token(for: sessionID, owner: deviceID)
    }
}
