import Crypto
import Foundation
import Localization

/// What the shell gives every app face, built once at start-up by the composition root.
public struct Shell: Sendable {
    /// Every static file of the shell and the apps, by path (`css/app.css`).
    public let assets: AssetCatalog
    /// Each device's language and time zone, read through a cache.
    public let preferences: DevicePreferencesCache
    /// The browsers' sessions (issue 36), read through a cache of the same window as `preferences`.
    public let sessions: SessionDirectory
    /// Signs and reads the browser's cookie.
    let cookies: SessionCookie
    /// The wall clock.
    public let now: @Sendable () -> Date
    /// The current calendar year, read at request time.
    public let currentYear: @Sendable () -> Int
    /// A key for one purpose (e.g. `"github.readme-images"`), derived from the server's key
    /// (`csrf.key`) with the purpose as the label (HMAC-SHA256), so what one feature signs is never
    /// valid for another and no new key file is needed.
    public let purposeKey: @Sendable (String) -> [UInt8]
    /// Where large uploads are parsed and read: off the cooperative pool, a few at once (issue 46, item 4).
    public let heavyWork: HeavyWork

    /// `purposeKey` defaults to keys derived from a random key made for this shell alone.
    init(
        assets: AssetCatalog, preferences: DevicePreferencesCache, sessions: SessionDirectory, cookies: SessionCookie,
        currentYear: @escaping @Sendable () -> Int, now: @escaping @Sendable () -> Date,
        purposeKey: (@Sendable (String) -> [UInt8])? = nil, heavyWork: HeavyWork = HeavyWork()
    ) {
        self.heavyWork = heavyWork
        self.assets = assets
        self.preferences = preferences
        self.sessions = sessions
        self.cookies = cookies
        self.now = now
        self.currentYear = currentYear
        if let purposeKey {
            self.purposeKey = purposeKey
        } else {
            let random = ServerKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
            self.purposeKey = { random.derived(for: $0) }
        }
    }

    /// What a view needs to draw a page for this request.
    public func page(_ context: AppRequestContext) -> PageContext {
        PageContext(
            catalogue: context.catalogue, language: context.language, languageIsChosen: context.languageIsChosen,
            csrfToken: context.csrfToken, assets: assets, reportedTimeZone: context.reportedTimeZone,
            arrivesFromSameOrigin: context.arrivesFromSameOrigin)
    }

    /// The shell's own resources (`css/app.css`, `js/app.js`, the AppDeck icons).
    public static var resources: URL { Bundle.module.bundleURL.appendingPathComponent("Resources") }
}

/// The request-dependent values a view draws with: strings, language, the CSRF token, asset URLs.
public struct PageContext: Sendable {
    public let catalogue: Catalogue
    public let language: Language
    public let languageIsChosen: Bool
    public let csrfToken: String
    public let assets: AssetCatalog
    /// The zone the device reported, nil until it has; the page tells the shell's script, which
    /// reports it when it is missing or the device has moved.
    public let reportedTimeZone: String?
    /// Whether the page may arrive by a view transition (`AppRequestContext.arrivesFromSameOrigin`).
    public let arrivesFromSameOrigin: Bool

    public init(
        catalogue: Catalogue, language: Language, languageIsChosen: Bool, csrfToken: String, assets: AssetCatalog,
        reportedTimeZone: String? = nil, arrivesFromSameOrigin: Bool = true
    ) {
        self.catalogue = catalogue
        self.language = language
        self.languageIsChosen = languageIsChosen
        self.csrfToken = csrfToken
        self.assets = assets
        self.reportedTimeZone = reportedTimeZone
        self.arrivesFromSameOrigin = arrivesFromSameOrigin
    }

    /// The catalogue's text for `key`.
    public func t(_ key: String) -> String { catalogue.text(key) }

    /// The versioned URL of a bundled file (`css/app.css`).
    public func asset(_ path: String) -> String { assets.url(path) }
}
