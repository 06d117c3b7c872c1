import Devices
import Foundation
import Hummingbird
import Localization
import Persistence

/// Identifies the browser by its signed cookie (issuing one on a first visit, renewing it once it is
/// a day old), finds its session and the owner the session shows (issue 36; a removed browser
/// becomes a new, empty device here), reads the owner's preferences, picks the language (the
/// owner's remembered choice, else Accept-Language) and the session's CSRF token.
///
/// The probes' endpoints (`/healthz`, `/readyz`) skip all of it: a load balancer's check must not
/// wait on one device's preferences (issue 33), and their answers carry no cookie. Every other
/// request's store calls share one deadline from here (`RequestDeadline`).
struct DeviceMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let preferences: DevicePreferencesCache
    let sessions: SessionDirectory
    /// What each cookie resolved to a moment ago (issue 47).
    let identities = IdentityCache()
    let cookies: SessionCookie
    let csrf: CSRFSigner
    /// Every app's strings with the shell's.
    let catalogues: Catalogues
    /// The wall clock, for the cookie's issue day and the session's last-seen time.
    let now: @Sendable () -> Date

    static let probePaths: Set<String> = [ShellRoutes.healthPath, OperatorRoutes.readyPath]
    /// Requests that store nothing of a browser not stored yet (issue 46, item 5).
    static let readingMethods: Set<HTTPRequest.Method> = [.get, .head, .options]

    /// A typed or bookmarked address, a Home Screen launch (`none`) or a link from another site
    /// (`cross-site`, `same-site`) brings no view transition with it, so its first frame waits for
    /// nothing but the stylesheet (issue 47); a browser that does not say is taken as same-origin.
    static func arrivesFromSameOrigin(_ secFetchSite: String?) -> Bool {
        switch secFetchSite {
        case "none", "cross-site", "same-site": false
        default: true
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.probePaths.contains(request.uri.path) { return try await next(request, context) }
        return try await RequestDeadline.answering { try await identify(request, context: context, next: next) }
    }

    /// Everything the request asks of the stores, from here on, shares one deadline.
    private func identify(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let date = now()
        let today = SessionCookie.day(of: date)
        let cookie = SessionCookie.presentedValue(in: request.headers)
        let writes = !Self.readingMethods.contains(request.method)
        // Read before resolving: a write here while this request resolves makes what it found stale.
        let generation = sessions.generation &+ preferences.generation
        var presented: SessionCookie.Reading?
        var wasRemoved = false
        /// When another browser removed this one: its next page says so (issue 46, item 8).
        var removedByAnother: Date?
        if let cookie, !writes, let known = identities.identity(of: cookie, at: .now, generation: generation),
           !known.reading.hasExpired(today: today)
        {
            // A page: the one lookup (issue 47). A write resolves afresh, so a reader's session is stored.
            presented = known.reading
            context.sessionID = known.session
            context.deviceID = known.owner
            context.preferences = known.preferences
            context.rememberedCSRF = known.csrf
        } else {
            presented = cookie.flatMap { cookies.read($0) }
            if presented?.hasExpired(today: today) == true { presented = nil }
            var owner = presented?.owner
            var sessionID = presented?.session
            var readAt = ContinuousClock.now
            /// Whether what was found may be remembered.
            var complete = true
            if let reading = presented {
                do {
                    var (session, sessionRead) = try await sessions.resolveDated(
                        reading.session, owner: reading.owner, userAgent: request.headers[.userAgent], writes: writes, at: date)
                    // A request that crossed this browser's linking (issue 36) carries the cookie of the
                    // session it replaced: it is the new session's (whose cookie it is given again),
                    // but only for a few seconds after the link (issue 46, item 2): later, that cookie
                    // is a copy, and a copy is no key to the linked owner's data.
                    if let replacement = session.replacement(at: date) {
                        let replaced = try await sessions.resolveDated(
                            replacement, owner: session.owner, userAgent: request.headers[.userAgent], writes: writes, at: date)
                        session = replaced.session
                        sessionRead = min(sessionRead, replaced.readAt)
                        complete = false  // not remembered: the forward lasts seconds, by the wall clock
                    }
                    readAt = min(readAt, sessionRead)
                    sessionID = session.id
                    if session.isRemoved {
                        presented = nil
                        wasRemoved = true
                        if session.wasRemovedByAnother { removedByAnother = session.removedAt }
                    } else {
                        owner = session.owner
                    }
                } catch is StoreUnavailable {
                    // The database is away for a moment: the cookie's own word stands until it is back.
                    complete = false
                }
            }
            context.sessionID = presented == nil ? SessionID.random() : sessionID
            context.deviceID = presented == nil ? DeviceID.random() : owner
            if let known = presented.flatMap({ _ in owner }) {
                do {
                    let (stored, preferencesRead) = try await preferences.datedPreferences(of: known)
                    context.preferences = stored
                    readAt = min(readAt, preferencesRead)
                } catch is StoreUnavailable {
                    // Pages that need no data (the layouts, the split view, the array) still show, in
                    // the browser's language; the rest say 503.
                    complete = false
                }
            }
            if let cookie, let reading = presented, complete {
                let token = IdentityCache.SignedToken(
                    session: context.session, owner: context.device, token: csrf.token(for: context.session, owner: context.device))
                identities.remember(
                    .init(reading: reading, session: context.session, owner: context.device, preferences: context.preferences, csrf: token),
                    of: cookie, readAt: readAt, generation: generation)
                context.rememberedCSRF = token
            }
        }
        context.arrivesFromSameOrigin = Self.arrivesFromSameOrigin(request.headers[.secFetchSite])
        context.devicePresented = presented != nil
        context.legacyCookie = presented?.isLegacy ?? false
        let chosen = context.preferences.language.flatMap(Language.init(rawValue:))
        context.language = chosen ?? Language.negotiate(acceptLanguage: request.headers[.acceptLanguage])
        context.languageIsChosen = chosen != nil
        context.csrfSigner = csrf
        context.catalogues = catalogues

        if let removedAt = removedByAnother, request.method == .get, request.uri.path != DevicesRoutes.removedPath,
           request.headers[.accept]?.contains("text/html") == true {
            // A page, not a file: say what happened, as the new, empty device it now is.
            var told = Response(status: .seeOther, headers: [
                .location: DevicesRoutes.removedPath + "?on=" + RemovedNoticeView.iso(removedAt), .cacheControl: "no-store",
                .xAppDeckBrowser: "removed",
            ])
            told.setCookie(cookies.cookie(for: context.session, owner: context.device, today: today, request: request))
            return told
        }

        var response = try await next(request, context)
        // Only pages are personal: static files and health checks stay cookie-free and cacheable.
        guard response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        // A route that changed the browser's session (linking it) set the cookie itself.
        let routeSetCookie = response.headers[values: .setCookie].contains { $0.hasPrefix(SessionCookie.name + "=") }
        let renew = presented.map { $0.needsRenewal(today: today) || $0.owner != context.device || $0.session != context.session } ?? true
        if renew, !routeSetCookie {
            response.setCookie(cookies.cookie(for: context.session, owner: context.device, today: today, request: request))
        }
        response.headers[.vary] = "Cookie, Accept-Language"
        // The offline worker drops the pages it saved for the removed browser (issue 36).
        if wasRemoved { response.headers[.xAppDeckBrowser] = "removed" }
        return response
    }
}
