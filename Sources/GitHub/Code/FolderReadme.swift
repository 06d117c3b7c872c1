import Foundation

/// A folder's README, shown under its listing as GitHub shows it (issue 49). At the root the
/// repository's page already shows the README, so only a folder inside the repository asks.
public enum FolderReadme {
    /// The names GitHub renders as a folder's README, in the order one is preferred when a folder
    /// holds more than one, compared ignoring case. Markdown only: the README pipeline renders
    /// Markdown, and a bare `README` reads as Markdown's plain paragraphs.
    static let names = ["readme.md", "readme.markdown", "readme.mdown", "readme.mkdn", "readme"]

    /// The listing's README file, if it has one; a link, a folder or a submodule so named is not one.
    public static func entry(in entries: [ContentEntry]) -> ContentEntry? {
        let files = entries.filter { $0.kind == .file }
        for name in names {
            if let found = files.first(where: { $0.name.lowercased() == name }) { return found }
        }
        return nil
    }

    /// What the README's contents answer gives to render: its text when GitHub sent it whole and
    /// it is text; nil for one over 1 MB or one that is not text.
    static func readme(from contents: RepositoryContents) -> Readme? {
        guard case .file(let file) = contents, case .text(let text) = CodeFile.content(of: file) else { return nil }
        return Readme(text: text, path: file.entry.path, htmlURL: file.entry.htmlURL, downloadURL: file.entry.downloadURL)
    }
}
