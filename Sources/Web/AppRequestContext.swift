import Hummingbird
import Localization
import Storage

/// Per-request state shared by middleware and routes: who is asking and in which language.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `DeviceMiddleware` from the cookie, or a new id for a first visit.
    public var device: DeviceID
    /// The device's stored preferences, read by `DeviceMiddleware` (empty for a first visit).
    public var preferences = DevicePreferences()
    public var language: Language = .fallback
    /// Whether the language came from the device's own choice rather than Accept-Language.
    public var languageIsChosen = false
    public var csrfToken = ""
    /// The url-encoded body of a POST, parsed once by `CSRFMiddleware`.
    var form = FormData()

    public init(source: Source) {
        coreContext = .init(source: source)
        device = DeviceID.random()
    }

    /// Bodies above this are refused with 413 (see `BodyLimitMiddleware`).
    public static let bodyLimit = 64 * 1024
    public var maxUploadSize: Int { Self.bodyLimit }

    public var catalogue: Catalogue { Catalogues.bundled[language] }
}
