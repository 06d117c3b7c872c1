import Foundation

/// Where a README's relative links and images point, and how its images reach the page.
///
/// A README is written for GitHub, so its relative paths mean "inside this repository". The
/// renderer needs the repository's addresses to turn them into absolute URLs, and a way to load
/// images through our own server, because the page's Content-Security-Policy allows images from
/// our origin only.
public struct ReadmeLinks: Sendable {
    /// Where relative links point: the repository's web page for the branch, e.g.
    /// https://github.com/octo/hello/blob/main/ (relative `docs/a.md` → that + `docs/a.md`).
    public var linkBase: URL?
    /// Which resolved links are folders and where those point (`tree/`); nil: every relative
    /// link stays under `linkBase`.
    public var folderLinks: FolderLinks?
    /// Where relative image paths point, e.g. https://raw.githubusercontent.com/octo/hello/main/
    public var imageBase: URL?
    /// Turns an absolute http(s) image URL into a same-origin URL our server proxies, or nil for
    /// a placeholder. (The GitHub app may pass `{ _ in nil }` at first.)
    ///
    /// The answer must be a path on our origin (it starts with a single `/`); anything else is
    /// treated as nil, so a mistake here cannot make the page load a third-party image.
    public var proxiedImage: @Sendable (URL) -> String?
    /// The localized word drawn in an image placeholder, e.g. "Image" / "Изображение" / "Obraz".
    public var imagePlaceholderLabel: String

    public init(
        linkBase: URL? = nil,
        folderLinks: FolderLinks? = nil,
        imageBase: URL? = nil,
        imagePlaceholderLabel: String = "Image",
        proxiedImage: @escaping @Sendable (URL) -> String? = { _ in nil }
    ) {
        self.linkBase = linkBase
        self.folderLinks = folderLinks
        self.imageBase = imageBase
        self.imagePlaceholderLabel = imagePlaceholderLabel
        self.proxiedImage = proxiedImage
    }
}
