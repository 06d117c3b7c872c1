import Foundation
import GitHub
import Localization
import Testing

/// The code browser's screens (issue 49) as pure values: order, titles and breadcrumbs, sizes,
/// what a file shows and why not, failures explained, in English, Russian and Polish.
@Suite("Code screens (issue 49)")
struct CodeScreensTests {
    let details = sampleDetails(sampleRepository(id: 7, name: "hello", owner: "octo"))

    func location(_ path: String = "", ref: String? = nil) -> CodeLocation {
        CodeLocation(owner: "octo", name: "hello", ref: ref, path: path)!
    }

    func entry(_ path: String, _ kind: ContentEntry.Kind = .file, size: Int = 10) -> ContentEntry {
        ContentEntry(name: String(path.split(separator: "/").last!), path: path, kind: kind, size: size)
    }

    func tree(_ path: String = "", entries: [ContentEntry], _ language: Language = .en) -> CodeTreeScreen {
        CodeTreeScreen(
            location: location(path), repository: .loaded(details), contents: .loaded(.folder(entries)), catalogue: catalogue(language),
            timeZone: utc, now: now)
    }

    func rows(_ screen: CodeTreeScreen) -> [CodeTreeScreen.Row] {
        if case .loaded(let rows) = screen.content { return rows }
        Issue.record("not loaded: \(screen.content)")
        return []
    }

    @Test("folders first, then files, each alphabetical whatever the case; links, submodules and files together")
    func order() {
        let screen = tree(entries: [
            entry("zeta.txt"), entry("Docs", .folder), entry("README.md"), entry("alpha.txt"), entry("src", .folder), entry("lib", .submodule),
            entry("Assets", .folder), entry("link", .symlink),
        ])
        #expect(rows(screen).map(\.name) == ["Assets", "Docs", "src", "alpha.txt", "lib", "link", "README.md", "zeta.txt"])
        #expect(rows(screen).map(\.kindName).prefix(4) == ["Folder", "Folder", "Folder", "File"])
        #expect(rows(screen).first { $0.name == "README.md" }?.location == location("README.md"))
    }

    @Test("the root is titled Code and goes back to the repository; a folder is titled by its name and goes back to its parent")
    func breadcrumbs() {
        let root = tree(entries: [])
        #expect(root.title == "Code")
        #expect(root.back == CodeBack(title: "hello", destination: .repository(id: 7)))
        let docs = tree("docs", entries: [])
        #expect(docs.title == "docs")
        #expect(docs.back == CodeBack(title: "Code", destination: .folder(location())))
        let api = tree("docs/api", entries: [])
        #expect(api.back == CodeBack(title: "docs", destination: .folder(location("docs"))))
        #expect(tree("docs", entries: [], .ru).back.title == "Код")
        #expect(tree("docs", entries: [], .pl).back.title == "Kod")
    }

    @Test("without the repository the root goes back to the list")
    func backToList() {
        let screen = CodeTreeScreen(
            location: location(), repository: .failed(.offline), contents: .loading, catalogue: catalogue(.en), timeZone: utc, now: now)
        #expect(screen.back == CodeBack(title: "Repositories", destination: .list))
        guard case .failed(let notice) = screen.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.message == "There is no connection to GitHub. Check your network and try again.")
    }

    @Test("the branch shown: the one asked for, else the default; its name in the picker's accessible name")
    func reference() {
        #expect(tree(entries: []).referenceName == "main")
        #expect(tree(entries: []).referenceLabel == "Branch or tag: main")
        let tag = CodeTreeScreen(
            location: location(ref: "v1.0"), repository: .loaded(details), contents: .loaded(.folder([])), catalogue: catalogue(.ru),
            timeZone: utc, now: now)
        #expect(tag.referenceLabel == "Ветка или тег: v1.0")
    }

    @Test("sizes as GitHub counts them, in each language's way", arguments: [
        (Language.en, 512, "512 B"), (.en, 1234, "1.2 KB"), (.en, 20_000, "20 KB"), (.en, 3_500_000, "3.3 MB"),
        (.ru, 1234, "1,2 КБ"), (.ru, 512, "512 Б"), (.pl, 1234, "1,2 KB"), (.pl, 3_500_000, "3,3 MB"),
    ])
    func sizes(language: Language, bytes: Int, text: String) {
        #expect(rows(tree(entries: [entry("a.txt", size: bytes)], language)).first?.sizeText == text)
    }

    @Test("a folder's README: README.md first whatever the case, then the other Markdown names, then a bare README; never a folder or a link")
    func readmeEntry() {
        #expect(FolderReadme.entry(in: [entry("a/README"), entry("a/Readme.MD"), entry("a/readme.markdown")])?.name == "Readme.MD")
        #expect(FolderReadme.entry(in: [entry("a/README"), entry("a/readme.markdown")])?.name == "readme.markdown")
        #expect(FolderReadme.entry(in: [entry("a/README")])?.name == "README")
        #expect(FolderReadme.entry(in: [entry("a/README.md", .folder), entry("a/readme.md", .symlink), entry("a/README.txt")]) == nil)
    }

    @Test("a folder's README under its entries, titled by its name; its failure said there; none when the listing failed")
    func readmeSection() {
        let entries = [entry("docs/index.md"), entry("docs/ReadMe.md")]
        let file = Readme(text: "# Docs\n", path: "docs/ReadMe.md", htmlURL: nil, downloadURL: nil)
        func screen(_ contents: Loadable<RepositoryContents>, _ readme: Loadable<Readme?>) -> CodeTreeScreen {
            CodeTreeScreen(
                location: location("docs"), repository: .loaded(details), contents: contents, readme: readme, catalogue: catalogue(.en),
                timeZone: utc, now: now)
        }
        #expect(screen(.loaded(.folder(entries)), .loaded(file)).readme == .markdown(title: "ReadMe.md", file: file))
        guard case .failed(let title, let notice)? = screen(.loaded(.folder(entries)), .failed(.server(status: 503))).readme else {
            Issue.record("the README's failure is not said")
            return
        }
        #expect(title == "ReadMe.md" && notice.title == "Could Not Load README")
        #expect(screen(.loaded(.folder(entries)), .loaded(nil)).readme == nil)
        #expect(screen(.failed(.notFound), .loaded(file)).readme == nil)
        #expect(tree("docs", entries: entries).readme == nil)  // not asked: nothing to show
    }

    @Test("folders show no size; an empty folder says so; over 1,000 entries GitHub's limit is said")
    func emptyAndTruncated() {
        #expect(rows(tree(entries: [entry("src", .folder)])).first?.sizeText == nil)
        #expect(tree(entries: []).content == .empty("This folder is empty."))
        let many = (1...1000).map { entry("file\($0).txt") }
        #expect(tree(entries: many).truncationNote == "GitHub lists only the first 1,000 entries of a folder.")
        #expect(tree(entries: [entry("a.txt")]).truncationNote == nil)
    }

    @Test("a folder GitHub cannot find says so, not that the repository is missing")
    func folderNotFound() {
        let screen = CodeTreeScreen(
            location: location("gone"), repository: .loaded(details), contents: .failed(.notFound), catalogue: catalogue(.pl), timeZone: utc,
            now: now)
        guard case .failed(let notice) = screen.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == "Nie udało się wczytać plików")
        #expect(notice.message == Catalogues.github[.pl].text("github.failure.notFoundPath"))
    }

    // MARK: Files

    func file(_ path: String, _ content: CodeFile.Content, size: Int = 1234, view: CodeFileScreen.View? = nil, _ language: Language = .en) -> CodeFileScreen {
        CodeFileScreen(
            location: location(path), repository: .loaded(details), file: .loaded(CodeFile(entry: entry(path, size: size), content: content)),
            view: view, catalogue: catalogue(language), timeZone: utc, now: now)
    }

    @Test("a text file: its name as the title, its folder as the back item, its lines and size", arguments: [
        (Language.en, "3 lines · 1.2 KB"), (.ru, "3 строки · 1,2 КБ"), (.pl, "3 wiersze · 1,2 KB"),
    ])
    func text(language: Language, facts: String) {
        let screen = file("Sources/main.swift", .text("a\nb\nc\n"), language)
        #expect(screen.title == "main.swift")
        #expect(screen.back == CodeBack(title: "Sources", destination: .folder(location("Sources"))))
        #expect(screen.facts == facts)
        #expect(screen.content == .text("a\nb\nc\n"))
        #expect(!screen.isMarkdown)
        #expect(screen.view == .code)
    }

    @Test("Markdown is previewed unless its code is asked for")
    func markdown() {
        let preview = file("docs/guide.md", .text("# Guide\n"))
        #expect(preview.isMarkdown)
        #expect(preview.view == .preview)
        #expect([preview.previewTitle, preview.codeTitle] == ["Preview", "Code"])
        #expect(file("docs/guide.md", .text("# Guide\n"), view: .code).view == .code)
        #expect(file("docs/guide.md", .binary).isMarkdown == false)
    }

    @Test("binary, too large, a submodule and a link say why they are not shown, and link to GitHub")
    func notShown() {
        #expect(file("a.zip", .binary).content == .notShown(
            title: "Binary File", message: "This file is not text, so it is not shown here. Open it on GitHub to see or download it."))
        #expect(file("big.log", .tooLarge, size: 2_000_000, .ru).content == .notShown(
            title: "Файл слишком большой", message: "Этот файл слишком большой, чтобы показать его здесь. Откройте его на GitHub."))
        #expect(file("big.log", .tooLarge, size: 2_000_000).facts == "1.9 MB")
        #expect(file("lib", .link(target: nil)).content == .notShown(
            title: "Submodule", message: "This is a submodule: a link to another repository. Open it on GitHub to see where it leads."))
        #expect(file("link", .link(target: "../elsewhere")).content == .notShown(
            title: "Symbolic Link", message: "This is a symbolic link to ../elsewhere."))
        #expect(file("a.zip", .binary).webLink.url.absoluteString == "https://github.com/octo/hello/blob/main/a.zip")
    }

    @Test("the link to GitHub is rebuilt when GitHub's address is not github.com's, each piece encoded")
    func webLink() {
        let hostile = CodeFile(
            entry: ContentEntry(name: "x y.txt", path: "dir/x y.txt", kind: .file, size: 1, htmlURL: URL(string: "javascript:alert(1)")),
            content: .text("x"))
        let screen = CodeFileScreen(
            location: CodeLocation(owner: "octo", name: "hello", ref: "feature/one", path: "dir/x y.txt")!, repository: .loaded(details),
            file: .loaded(hostile), view: nil, catalogue: catalogue(.en), timeZone: utc, now: now)
        #expect(screen.webLink.url.absoluteString == "https://github.com/octo/hello/blob/feature/one/dir/x%20y.txt")
    }

    @Test("a path that is a folder is said so (the web face sends the person there); a missing file explains itself")
    func folderAndMissing() {
        #expect(file("docs", .folder).isFolder)
        let missing = CodeFileScreen(
            location: location("gone.txt"), repository: .loaded(details), file: .failed(.notFound), view: nil, catalogue: catalogue(.en),
            timeZone: utc, now: now)
        guard case .failed(let notice) = missing.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == "Could Not Load File")
        #expect(notice.message == "GitHub cannot find this file or folder on this branch, or the token has no access to it.")
        let limited = CodeFileScreen(
            location: location("a.txt"), repository: .loaded(details), file: .failed(.rateLimited(resetsAt: now.addingTimeInterval(600))),
            view: nil, catalogue: catalogue(.en), timeZone: utc, now: now)
        guard case .failed(let rate) = limited.content else {
            Issue.record("not failed")
            return
        }
        #expect(rate.message == "GitHub’s request limit is used up. Try again after 12:10 PM.")
    }

    // MARK: Picker

    @Test("the picker: the default branch first and marked, the one shown checked, each row at its root")
    func picker() {
        let screen = ReferencesScreen(
            current: location("docs", ref: "v1.0"), repository: .loaded(details),
            branches: .loaded([GitReference(name: "dev", sha: "1"), GitReference(name: "main", sha: "2")]),
            tags: .loaded([GitReference(name: "v1.0", sha: "3")]), catalogue: catalogue(.en), timeZone: utc, now: now)
        guard case .loaded(let branches) = screen.branches, case .loaded(let tags) = screen.tags else {
            Issue.record("not loaded")
            return
        }
        #expect(branches.map(\.name) == ["main", "dev"])
        #expect(branches.map(\.badge) == ["Default", nil])
        #expect(branches.map(\.isCurrent) == [false, false])
        #expect(tags.map(\.isCurrent) == [true])
        #expect(tags[0].location == location(ref: "v1.0"))
        #expect(screen.back == CodeBack(title: "Code", destination: .folder(location(ref: "v1.0"))))
        #expect(screen.branchesNote == nil)
        let none = ReferencesScreen(
            current: location(), repository: .loaded(details), branches: .loaded([]), tags: .loaded([]), catalogue: catalogue(.pl),
            timeZone: utc, now: now)
        #expect(none.tags == .empty("To repozytorium nie ma tagów."))
    }

    // MARK: Places

    @Test("a place in the code is only one GitHub could name", arguments: [
        ("", "", nil as String?, "", false), ("octo", "", nil, "", false), ("octo", "..", nil, "", false), ("octo", "a/b", nil, "", false),
        ("octo", "hello", nil, "a/../b", false), ("octo", "hello", nil, "a//b", false), ("octo", "hello", "..", "", false),
        ("octo", "hello", "x\u{0}", "", false), ("octo", "hello", nil, "a\nb", false), ("octo", "hello", nil, "/docs/", true),
        ("octo", "hello", "", "", true), ("octo", "hello", "feature/x", "docs/api", true), ("octo", "тестовый-проект", nil, "", true),
    ])
    func places(owner: String, name: String, ref: String?, path: String, valid: Bool) {
        #expect((CodeLocation(owner: owner, name: name, ref: ref, path: path) != nil) == valid)
    }

    @Test("a place's parent, last piece and root")
    func parents() {
        let place = location("docs/api/index.md", ref: "dev")
        #expect(place.lastComponent == "index.md")
        #expect(place.parent == location("docs/api", ref: "dev"))
        #expect(place.parent?.parent?.parent == location(ref: "dev"))
        #expect(location(ref: "dev").parent == nil)
        #expect(CodeLocation(owner: "octo", name: "hello", path: "/docs/")?.path == "docs")
        #expect(CodeLocation(owner: "octo", name: "hello", ref: "")?.ref == nil)
    }

    @Test("lines are split at LF and CRLF; a last line break adds no line; an empty text has none")
    func lines() {
        #expect(SourceLines.split("a\r\nb\nc").map(String.init) == ["a", "b", "c"])
        #expect(SourceLines.split("a\n\n").map(String.init) == ["a", ""])
        #expect(SourceLines.split("").isEmpty)
        #expect(SourceLines.split("\n").map(String.init) == [""])
    }

    @Test("what a file's name says of it")
    func kinds() {
        #expect(FileKind.of(name: "README.md") == .markdown)
        #expect(FileKind.of(name: "Logo.PNG") == .image)
        #expect(FileKind.of(name: "app.zip") == .binary)
        #expect(FileKind.of(name: "main.swift") == .text)
        #expect(FileKind.of(name: ".gitignore") == .text)
        #expect(FileKind.of(name: "Makefile") == .text)
        #expect(FileKind.looksBinary(Data([0x61, 0, 0x62])))
        #expect(!FileKind.looksBinary(Data("plain".utf8)))
    }
}
