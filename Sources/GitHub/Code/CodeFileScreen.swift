import Foundation
import Localization

/// What a file of the code browser shows (issue 49): its text (the web face numbers the lines and
/// highlights them), a Markdown file rendered with a "Code" toggle, a picture, or, for a binary
/// file, one over 1 MB, a submodule or a link, why it is not shown, with the way to GitHub. A pure
/// value the web face draws.
public struct CodeFileScreen: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case loading(String)
        /// The file's text.
        case text(String)
        /// A picture at this address (the web face shows it through its image proxy), described by the file's name.
        case image(URL)
        /// Why the file is not shown here.
        case notShown(title: String, message: String)
        case failed(FailureNotice)
    }

    /// How a Markdown file is shown: rendered, or as code.
    public enum View: String, Sendable, Hashable, CaseIterable {
        case preview, code
    }

    public struct Link: Sendable, Hashable {
        public let title: String
        public let url: URL
    }

    public let location: CodeLocation
    /// The file's name.
    public let title: String
    public let back: CodeBack
    /// "42 lines · 1.2 KB" for text, the size alone for anything else; nil until known.
    public let facts: String?
    /// Whether the file is Markdown: rendered, with the toggle.
    public let isMarkdown: Bool
    /// How it is shown (`.code` for every file but Markdown's preview).
    public let view: View
    /// The toggle's name and its two segments.
    public let viewLabel: String
    public let previewTitle: String
    public let codeTitle: String
    /// "Code of main.swift": the code block's accessible name.
    public let codeLabel: String
    /// "Open on GitHub", to the file's page there.
    public let webLink: Link
    /// The path names a folder: the web face sends the person to it.
    public let isFolder: Bool
    /// "This file is empty.", for a text without a line.
    public let emptyNote: String
    public let content: Content

    public init(
        location: CodeLocation, repository: Loadable<RepositoryDetails>, file: Loadable<CodeFile>, view requested: View?,
        catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) {
        self.location = location
        title = location.lastComponent
        back = CodeBack.folder(of: location, repository: repository, catalogue: catalogue)
        viewLabel = catalogue.text("github.file.view.label")
        previewTitle = catalogue.text("github.file.view.preview")
        codeTitle = catalogue.text("github.file.view.code")
        codeLabel = catalogue.text("github.file.codeLabel", ["name": title])
        emptyNote = catalogue.text("github.file.empty")
        var defaultBranch: String?
        if case .loaded(let details) = repository { defaultBranch = details.defaultBranch }
        var entry: ContentEntry?
        if case .loaded(let loaded) = file { entry = loaded.entry }
        webLink = Link(
            title: catalogue.text("github.detail.openOnGitHub"),
            url: GitHubWebAddress.page(
                htmlURL: entry?.htmlURL, owner: location.owner, name: location.name, kind: "blob",
                rest: [location.ref ?? defaultBranch ?? "HEAD", location.path]))
        let size = entry.map { ByteCountText.text($0.size, catalogue: catalogue) }
        switch (repository, file) {
        case (.failed(let failure), _):
            content = .failed(
                FailureNotice(failure, titleKey: "github.file.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
            facts = nil
            isFolder = false
        case (_, .failed(let failure)):
            content = .failed(
                FailureNotice(
                    failure, titleKey: "github.file.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now,
                    notFoundKey: "github.failure.notFoundPath"))
            facts = nil
            isFolder = false
        case (.loading, _), (_, .loading):
            content = .loading(catalogue.text("github.file.loading"))
            facts = nil
            isFolder = false
        case (.loaded, .loaded(let loaded)):
            isFolder = loaded.content == .folder
            (content, facts) = Self.content(loaded.content, size: size, catalogue: catalogue)
        }
        var isText = false
        if case .text = content { isText = true }
        isMarkdown = isText && FileKind.of(name: title) == .markdown
        view = isMarkdown ? (requested ?? .preview) : .code
    }

    private static func content(_ content: CodeFile.Content, size: String?, catalogue: Catalogue) -> (Content, String?) {
        switch content {
        case .text(let text):
            let lines = catalogue.plural("github.file.lines", count: SourceLines.split(text).count)
            return (.text(text), [lines, size].compactMap { $0 }.joined(separator: " · "))
        case .image(let url):
            return (.image(url), size)
        case .tooLarge:
            return (notShown("tooLarge", catalogue: catalogue), size)
        case .binary:
            return (notShown("binary", catalogue: catalogue), size)
        case .link(let target?):
            return (.notShown(title: catalogue.text("github.file.symlink.title"),
                              message: catalogue.text("github.file.symlink.message", ["target": target])), nil)
        case .link(nil):
            return (notShown("submodule", catalogue: catalogue), nil)
        case .folder:
            return (.loading(catalogue.text("github.file.loading")), nil)
        }
    }

    private static func notShown(_ reason: String, catalogue: Catalogue) -> Content {
        .notShown(title: catalogue.text("github.file.\(reason).title"), message: catalogue.text("github.file.\(reason).message"))
    }
}
