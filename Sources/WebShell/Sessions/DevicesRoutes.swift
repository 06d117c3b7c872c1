import Devices
import Foundation
import Hummingbird

/// The Devices screen and linking (issue 36, "Linked browsers"): `GET /devices` lists this browser
/// and every other one showing the same owner's data, each with Remove (asked first, on the
/// server, so it works without a script); `POST /devices/link` shows a one-time code and link;
/// `GET /link` takes a code, `GET /link/<token>` opens a link, and `POST /link` confirms either,
/// after a page that says what linking does (and, when this browser keeps data, to that data).
struct DevicesRoutes: Sendable {
    let shell: Shell
    /// What the composition root adds below the browsers (`DevicesSection`).
    let sections: [DevicesSection]
    /// Whether an owner keeps any data of its own (the composition root asks its stores): linking's
    /// question says what happens to this browser's data only when it has some (issue 50).
    let ownsData: @Sendable (DeviceID) async throws -> Bool
    let limiter: LinkAttemptLimiter
    let trustedProxies: Set<String>

    static let path = DevicesSection.screenPath
    static let makeLinkPath = DevicesSection.linkPath
    static let linkPath = DevicesSection.enterCodePath

    static func removePath(_ session: SessionID) -> String { "/devices/\(session.rawValue)/remove" }
    /// Where a browser's new name is posted (issue 50); `this` for this browser.
    static func renamePath(_ session: String) -> String { "/devices/\(session)/rename" }
    /// Where a browser another one removed lands on its next page (issue 46, item 8).
    static let removedPath = "/devices/removed"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(RouterPath(Self.path), use: devices)
        router.get(RouterPath(Self.removedPath), use: removed)
        router.post("/devices/:session/remove", use: remove)
        router.post("/devices/:session/rename", use: rename)
        router.post(RouterPath(Self.makeLinkPath), use: makeLink)
        router.get(RouterPath(Self.linkPath), use: linkForm)
        router.get("/link/:token", use: openLink)
        router.post(RouterPath(Self.linkPath), use: confirmLink)
    }

    @Sendable func devices(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        try await screen(request, context: context, renaming: request.uri.queryParameters.get("rename").map { String($0) }, typed: nil, error: nil)
    }

    /// The Devices screen; with `renaming` (a session's id, or `this`), that browser's name field
    /// at the top, holding `typed` (its given name when nil) and saying `error`.
    private func screen(
        _ request: Request, context: AppRequestContext, renaming: String?, typed: String?, error: String?,
        status: HTTPResponse.Status = .ok
    ) async throws -> HTMLPage {
        let all = try await shell.sessions.sessions(of: context.device)
        let others = all.filter { $0.id != context.session }
        let asked = request.uri.queryParameters.get("remove").map { $0 == "this" ? context.session : SessionID($0) } ?? nil
        let removing: DevicesScreen.Removing? = asked.flatMap { id in
            id == context.session ? .this : others.first { $0.id == id }.map { .other($0) }
        }
        let this = all.first { $0.id == context.session }
        let renamed: DevicesScreen.Renaming? = renaming.flatMap { key in
            if key == "this" || key == context.session.rawValue {
                return DevicesScreen.Renaming(key: "this", session: this, typed: typed ?? this?.givenName ?? "", error: error)
            }
            return others.first { $0.id.rawValue == key }.map {
                DevicesScreen.Renaming(key: key, session: $0, typed: typed ?? $0.givenName ?? "", error: error)
            }
        }
        let screen = DevicesScreen(
            this: this, currentName: BrowserName(userAgent: request.headers[.userAgent]),
            others: others, removals: try await shell.sessions.removals(of: context.device, at: shell.now()), removing: removing,
            renaming: renamed, timeZone: context.timeZone)
        let query = request.uri.queryParameters
        return DevicesView(screen: screen, sections: sections, query: { query[Substring($0)].map(String.init) }).page(shell.page(context), status: status)
    }

    struct RenameForm: Decodable {
        let name: String?
    }

    /// A browser's own name (issue 50): trimmed, at most 40 characters; empty gives back the
    /// User-Agent's. A name refused comes back in its field, as typed, with why (422).
    @Sendable func rename(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let key = context.parameters.get("session"), let id = key == "this" ? context.session : SessionID(key) else {
            throw HTTPError(.notFound)
        }
        let typed = String(try context.decodeForm(RenameForm.self).name?.prefix(200) ?? "")
        let name: String?
        do {
            name = try GivenBrowserName.read(typed)
        } catch {
            let page = shell.page(context)
            let message = switch error {
            case .tooLong: page.t("devices.rename.error.tooLong")
            case .controlCharacter: page.t("devices.rename.error.controlCharacter")
            }
            return try await screen(
                request, context: context, renaming: key, typed: typed, error: message, status: .unprocessableContent
            ).response(from: request, context: context)
        }
        guard try await shell.sessions.rename(id, of: context.device, to: name) else { throw HTTPError(.notFound) }
        return SeeOther(Self.path).response(from: request, context: context)
    }

    /// What happened to a browser another one removed, with a way to start fresh: it no longer
    /// shows that data, and without a word it would look like data lost (issue 46, item 8).
    /// The page says `X-AppDeck-Browser: removed` too: the offline worker cannot read the redirect
    /// that led here (a navigation's redirect is opaque to it), and must drop the pages it saved of
    /// the data this browser no longer shows.
    @Sendable func removed(_ request: Request, context: AppRequestContext) throws -> Response {
        guard let on = request.uri.queryParameters.get("on"), let day = RemovedNoticeView.day(iso: on) else { throw HTTPError(.notFound) }
        var response = RemovedNoticeView(day: day).page(shell.page(context)).response(from: request, context: context)
        response.headers[.xAppDeckBrowser] = "removed"
        return response
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let named = context.parameters.get("session")
        guard let id = named == "this" ? context.session : named.flatMap(SessionID.init) else { throw HTTPError(.notFound) }
        _ = try await shell.sessions.remove(id, of: context.device, by: context.session, at: shell.now())
        // "Forget this browser": its next request is a new, empty device, whose home screen is the place to be.
        return SeeOther(id == context.session ? "/" : Self.path)
    }

    @Sendable func makeLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let now = shell.now()
        let link = try await shell.sessions.makeLink(for: context.device, at: now)
        let url = Self.origin(of: request) + "/link/" + link.token.rawValue
        let secondsLeft = Int(link.expiresAt.timeIntervalSince(now).rounded(.down))
        var response = LinkCodeView(code: link.code, url: url, secondsLeft: secondsLeft).page(shell.page(context))
            .response(from: request, context: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func linkForm(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        LinkFormView(typed: "", error: nil).page(shell.page(context))
    }

    @Sendable func openLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = shell.page(context)
        guard let token = context.parameters.get("token").flatMap(LinkToken.init) else {
            return LinkFormView(typed: "", error: page.t("link.error.expired")).page(page, status: .notFound)
                .response(from: request, context: context)
        }
        return try await confirmation(.token(token), typed: "", request: request, context: context)
    }

    struct LinkForm: Decodable {
        let code: String?
        let token: String?
        let confirm: String?
    }

    @Sendable func confirmLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(LinkForm.self)
        let page = shell.page(context)
        let typed = String((form.code ?? "").prefix(64))
        let secret: LinkSecret
        if let token = form.token.flatMap(LinkToken.init) {
            secret = .token(token)
        } else if let code = LinkCode(typed: typed) {
            secret = .code(code)
        } else {
            // Not the shape of a code: refused before any lookup, so it spends no try.
            let key = typed.trimmingCharacters(in: .whitespaces).isEmpty ? "link.error.empty" : "link.error.format"
            return LinkFormView(typed: typed, error: page.t(key)).page(page, status: .unprocessableContent).response(from: request, context: context)
        }
        guard form.confirm == "1" else {
            return try await confirmation(secret, typed: typed, request: request, context: context)
        }
        return try await guarded(secret, typed: typed, request: request, context: context) {
            let session: BrowserSession
            switch try await shell.sessions.redeem(secret, replacing: context.session, userAgent: request.headers[.userAgent], at: shell.now()) {
            case .found(let redeemed): session = redeemed
            case .notFound: return .notFound
            case .spent: return .spent
            }
            // Home, with a word of what happened, naming the browser whose data this one shows now.
            let other = try await Self.linkedPartner(of: session, in: shell.sessions)
            var response = SeeOther(LinkedBanner.path(naming: other)).response(from: request, context: context)
            response.setCookie(shell.cookies.cookie(
                for: session.id, owner: session.owner, today: SessionCookie.day(of: shell.now()), request: request))
            return .found(response)
        }
    }

    /// The browser a newly linked `session` most likely took its code from: of the data's other
    /// browsers, the one seen last (the code's maker was just there); nil when it has none.
    static func linkedPartner(of session: BrowserSession, in sessions: SessionDirectory) async throws -> SessionID? {
        try await sessions.sessions(of: session.owner).filter { $0.id != session.id }.max { $0.lastSeenAt < $1.lastSeenAt }?.id
    }

    /// The page that says what linking does to this browser's data, with the form that does it.
    private func confirmation(_ secret: LinkSecret, typed: String, request: Request, context: AppRequestContext) async throws -> Response {
        try await guarded(secret, typed: typed, request: request, context: context) {
            let owner: DeviceID
            switch try await shell.sessions.linkOwner(secret, at: shell.now()) {
            case .found(let found): owner = found
            case .notFound: return .notFound
            case .spent: return .spent
            }
            let alreadyLinked = owner == context.device
            let hasData = alreadyLinked ? false : try await ownsData(context.device)
            return .found(LinkConfirmView(secret: secret, alreadyLinked: alreadyLinked, hasData: hasData).page(shell.page(context))
                .response(from: request, context: context))
        }
    }

    /// `attempt` unless this client has guessed too much (429, with what was typed); a try that finds
    /// no good link spends one of its tries and says why, with what was typed (a code whose link
    /// has had its wrong tries says so: a new one is needed).
    private func guarded(
        _ secret: LinkSecret, typed: String, request: Request, context: AppRequestContext,
        _ attempt: () async throws -> LinkAnswer<Response>
    ) async throws -> Response {
        let page = shell.page(context)
        let client = ClientAddress.of(peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor], trustedProxies: trustedProxies)
            .map(ClientAddress.init)
        let isCode = if case .code = secret { true } else { false }
        if let wait = limiter.wait(address: client, isCode: isCode) {
            var response = LinkFormView(typed: typed, error: page.t("link.error.tooMany")).page(page, status: .tooManyRequests)
                .response(from: request, context: context)
            response.headers[.retryAfter] = String(Int(wait))
            return response
        }
        let answer = try await attempt()
        if case .found(let response) = answer { return response }
        limiter.failed(address: client, isCode: isCode)
        let spent = if case .spent = answer { true } else { false }
        let error = page.t(spent ? "link.error.spent" : isCode ? "link.error.unknown" : "link.error.expired")
        return LinkFormView(typed: typed, error: error).page(page, status: isCode ? .unprocessableContent : .notFound)
            .response(from: request, context: context)
    }

    /// `scheme://host` as the browser asked for it (behind a proxy, the scheme it says).
    static func origin(of request: Request) -> String {
        let scheme = request.headers[.xForwardedProto] == "https" ? "https" : "http"
        return scheme + "://" + (request.head.authority ?? "localhost")
    }
}

/// What the Devices screen shows: this browser, the others, and the one being asked about.
struct DevicesScreen: Sendable {
    enum Removing: Sendable {
        case this
        case other(BrowserSession)
    }

    /// This browser's stored session (nil for a first page, not stored yet).
    let this: BrowserSession?
    /// What this browser's User-Agent says, for a session not stored yet.
    let currentName: BrowserName
    let others: [BrowserSession]
    /// Browsers removed in the last 30 days, with who removed them (issue 46, item 8).
    var removals: [BrowserRemoval] = []
    let removing: Removing?
    /// The browser whose name field is open (issue 50).
    var renaming: Renaming?
    let timeZone: TimeZone

    struct Renaming: Sendable {
        /// `this`, or the session's id, as the form posts it.
        let key: String
        /// nil for this browser before it is stored.
        let session: BrowserSession?
        let typed: String
        let error: String?
    }
}
