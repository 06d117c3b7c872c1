import HTTPTypes

/// Header names the shell reads or writes that HTTPTypes does not name.
extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
    static let xForwardedFor = Self("X-Forwarded-For")!
    static let xCSRFToken = Self("X-CSRF-Token")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
    /// Says "removed" on the first page a removed browser gets: its offline worker drops its saved pages.
    static let xAppDeckBrowser = Self("X-AppDeck-Browser")!
}
