import Devices
import Hummingbird
import Localization

/// Identifies the browser by its signed device cookie (issuing one on a first visit), reads the
/// device's preferences, picks the language (the device's remembered choice, else
/// Accept-Language) and the device's CSRF token.
struct DeviceMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let preferences: DevicePreferencesCache
    let cookies: DeviceCookie
    let csrf: CSRFSigner
    /// Every app's strings with the shell's.
    let catalogues: Catalogues

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let (known, signCookie) = try await device(presenting: request.cookies[DeviceCookie.name]?.value)
        context.deviceID = known ?? DeviceID.random()
        if let known {
            do {
                context.preferences = try await preferences.preferences(of: known)
            } catch is StoreUnavailable {
                // The database is away for a moment: pages that need no data (the layouts, the
                // split view, the array) still show, in the browser's language; the rest say 503.
            }
        }
        let chosen = context.preferences.language.flatMap(Language.init(rawValue:))
        context.language = chosen ?? Language.negotiate(acceptLanguage: request.headers[.acceptLanguage])
        context.languageIsChosen = chosen != nil
        context.csrfSigner = csrf
        context.catalogues = catalogues

        var response = try await next(request, context)
        // Only pages are personal: static files and health checks stay cookie-free and cacheable.
        guard response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        if signCookie {
            response.setCookie(Cookie(
                name: DeviceCookie.name, value: cookies.value(for: context.device),
                maxAge: 400 * 24 * 3600, path: "/",
                secure: request.headers[.xForwardedProto] == "https",
                httpOnly: true, sameSite: .lax))
        }
        response.headers[.vary] = "Cookie, Accept-Language"
        return response
    }

    /// The device a cookie names, if this server issued it, and whether to hand out a (new or newly
    /// signed) cookie with the answer.
    private func device(presenting cookie: String?) async throws -> (DeviceID?, signCookie: Bool) {
        switch cookie.flatMap(cookies.read) {
        case .issued(let device):
            return (device, false)
        case .unsigned(let device):
            return try await preferences.hasStored(device) ? (device, true) : (nil, true)
        case nil:
            return (nil, true)
        }
    }
}
