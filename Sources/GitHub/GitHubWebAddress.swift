import Foundation

/// Links made from GitHub's data go to GitHub's website only: a repository's `html_url` is used as
/// "Open on GitHub" when it is `https://github.com/…`, and is otherwise rebuilt from the owner and
/// name, so an answer naming `javascript:alert(1)`, `data:…` or `//evil.example/x` (a compromised
/// or impersonated API) never becomes a link on our page.
public enum GitHubWebAddress {
    public static let origin = URL(string: "https://github.com")!

    /// `htmlURL` when it is a page of github.com over https, else `https://github.com/owner/name`.
    public static func repositoryPage(htmlURL: URL?, owner: String, name: String) -> URL {
        if let htmlURL, isGitHubPage(htmlURL) { return htmlURL }
        let segments = [owner, name].map { $0.addingPercentEncoding(withAllowedCharacters: pathSegment) ?? "" }
        return URL(string: "https://github.com/\(segments.joined(separator: "/"))") ?? origin
    }

    /// `htmlURL` when it is a page of github.com over https, else the page GitHub shows for
    /// `kind` (`blob`, `tree`, `commit`, `commits`) of the repository, followed by `rest` (a ref
    /// and a path, or a SHA), each piece percent-encoded (issue 49).
    public static func page(htmlURL: URL?, owner: String, name: String, kind: String, rest: [String]) -> URL {
        if let htmlURL, isGitHubPage(htmlURL) { return htmlURL }
        let pieces = [owner, name, kind] + rest.flatMap { $0.split(separator: "/").map(String.init) }
        let path = pieces.map { $0.addingPercentEncoding(withAllowedCharacters: pathSegment) ?? "" }.joined(separator: "/")
        return URL(string: "https://github.com/\(path)") ?? origin
    }

    /// Whether `url` is `https://github.com/…`: no other scheme, host, port or user info.
    public static func isGitHubPage(_ url: URL) -> Bool {
        url.scheme == "https" && url.host == "github.com" && url.port == nil && url.user == nil && url.password == nil
            && url.path.hasPrefix("/") && !url.absoluteString.hasPrefix("https://github.com//")
            && url.absoluteString.hasPrefix("https://github.com/")
    }

    private static let pathSegment: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return allowed
    }()
}
