import Devices
import Hummingbird

/// The word after a link (issue 50): "This browser now shows the same data as Chrome on Linux",
/// the other browser named as the Devices screen names it. Linking's answer asks for it in the
/// home screen's query (`linked=<session>`), so it shows once, after the redirect; a session that
/// is not one of this data's browsers asks for nothing.
public struct LinkedBanner: Sendable {
    static let queryKey = "linked"

    let session: BrowserSession

    /// Where linking lands: home, naming `other`, the browser whose data this one now shows.
    static func path(naming other: SessionID?) -> String {
        other.map { "/?\(queryKey)=\($0.rawValue)" } ?? "/"
    }

    /// The banner `request` asks for, when the session it names is another browser of this data.
    public static func requested(by request: Request, context: AppRequestContext, shell: Shell) async throws -> LinkedBanner? {
        guard let id = request.uri.queryParameters.get(queryKey).flatMap(SessionID.init), id != context.session else { return nil }
        guard let other = try await shell.sessions.sessions(of: context.device).first(where: { $0.id == id }) else { return nil }
        return LinkedBanner(session: other)
    }

    public func html(_ page: PageContext) -> HTML {
        .div(.class("link-banner"), .attr("role", "status"), .attr("data-linked", "")) {
            HTML.p(.class("link-banner__text")) {
                page.catalogue.text("link.done.banner", ["name": DevicesView.displayName(session, page)])
            }
        }
    }
}
