import Devices
import Foundation
import Hummingbird
import Localization
import Persistence

/// Identifies the browser by its signed device cookie (issuing one on a first visit, renewing it
/// once it is a day old), reads the device's preferences, picks the language (the device's
/// remembered choice, else Accept-Language) and the device's CSRF token.
///
/// The probes' endpoints (`/healthz`, `/readyz`) skip all of it: a load balancer's check must not
/// wait on one device's preferences (issue 33), and their answers carry no cookie. Every other
/// request's store calls share one deadline from here (`RequestDeadline`).
struct DeviceMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let preferences: DevicePreferencesCache
    let cookies: DeviceCookie
    let csrf: CSRFSigner
    /// Every app's strings with the shell's.
    let catalogues: Catalogues
    /// The wall clock, for the cookie's issue day.
    let now: @Sendable () -> Date

    static let probePaths: Set<String> = [ShellRoutes.healthPath, OperatorRoutes.readyPath]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.probePaths.contains(request.uri.path) { return try await next(request, context) }
        return try await RequestDeadline.answering { try await identify(request, context: context, next: next) }
    }

    /// Everything the request asks of the stores, from here on, shares one deadline.
    private func identify(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let today = DeviceCookie.day(of: now())
        let presented = request.cookies[DeviceCookie.name].flatMap { cookies.read($0.value) }
        context.deviceID = presented?.device ?? DeviceID.random()
        context.devicePresented = presented != nil
        if let known = presented?.device {
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
        if presented?.needsRenewal(today: today) ?? true {
            response.setCookie(Cookie(
                name: DeviceCookie.name, value: cookies.value(for: context.device, issuedOn: today),
                maxAge: DeviceCookie.lifetime, path: "/",
                secure: request.headers[.xForwardedProto] == "https",
                httpOnly: true, sameSite: .lax))
        }
        response.headers[.vary] = "Cookie, Accept-Language"
        return response
    }
}
