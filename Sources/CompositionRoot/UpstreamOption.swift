import Foundation

/// One outside service the deck talks to, declared once (issue 35): the server's option that
/// points it elsewhere (a loopback stand-in in tests), the environment variable that does the
/// same, and the real service's base URL, the default.
public struct UpstreamOption: Sendable {
    /// The name `--upstream NAME=URL` takes, without dashes: `photos-api-url`.
    public let option: String
    /// `APPDECK_PHOTOS_API_URL`.
    public let variable: String
    public let defaultURL: URL
    /// What the service is, for the option's help: "the photo service".
    public let service: String
    /// Whether `--<option> URL` is an option of its own too, beside `--upstream` (the services
    /// that had one before `--upstream` came, issue 35; a new service needs none).
    public let hasOwnOption: Bool

    public init(option: String, variable: String, defaultURL: URL, service: String, hasOwnOption: Bool = false) {
        self.option = option
        self.variable = variable
        self.defaultURL = defaultURL
        self.service = service
        self.hasOwnOption = hasOwnOption
    }

    /// The option's help text, naming the variable and the default.
    public var help: String { "Base URL of \(service) (\(variable); default \(defaultURL.absoluteString))." }
}
