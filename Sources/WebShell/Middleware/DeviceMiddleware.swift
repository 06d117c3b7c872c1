import Devices
import Hummingbird
import Localization

/// Identifies the browser by its device cookie (issuing one on a first visit), reads the device's
/// preferences, picks the language (the device's remembered choice, else Accept-Language) and the
/// device's CSRF token.
struct DeviceMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "appdeck_device"

    let preferences: DevicePreferencesCache
    let csrf: CSRFSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let known = request.cookies[Self.cookieName].flatMap { DeviceID($0.value) }
        context.deviceID = known ?? DeviceID.random()
        if let known { context.preferences = try await preferences.preferences(of: known) }
        let chosen = context.preferences.language.flatMap(Language.init(rawValue:))
        context.language = chosen ?? Language.negotiate(acceptLanguage: request.headers[.acceptLanguage])
        context.languageIsChosen = chosen != nil
        context.csrfSigner = csrf

        var response = try await next(request, context)
        // Only pages are personal: static files and health checks stay cookie-free and cacheable.
        guard response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        if known == nil {
            response.setCookie(Cookie(
                name: Self.cookieName, value: context.device.rawValue,
                maxAge: 400 * 24 * 3600, path: "/",
                secure: request.headers[.xForwardedProto] == "https",
                httpOnly: true, sameSite: .lax))
        }
        response.headers[.vary] = "Cookie, Accept-Language"
        return response
    }
}
