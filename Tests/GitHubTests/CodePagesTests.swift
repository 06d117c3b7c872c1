import Foundation
import GitHub
import TestDoubles
import Testing
import Upstream

/// The code browser's loading (issue 49) over `FakeGitHub.octo()`'s `octo/hello`: what is asked
/// of GitHub for each kind of file, and what is not.
@Suite("Code pages: what is fetched (issue 49)")
struct CodePagesTests {
    func service(_ api: FakeGitHub = FakeGitHub.octo()) async -> GitHubService {
        GitHubService(api: api, storage: InMemoryKeyValueStorage([GitHubService.tokenKey: FakeGitHub.token]))
    }

    func location(_ path: String, ref: String? = nil) -> CodeLocation {
        CodeLocation(owner: "octo", name: "hello", ref: ref, path: path)!
    }

    func file(_ path: String, api: FakeGitHub = FakeGitHub.octo()) async throws -> CodeFile {
        let page = try await service(api).codeFilePage(location(path))
        guard case .loaded(let file) = page.file else {
            Issue.record("\(path) did not load: \(page.file)")
            throw CancellationError()
        }
        return file
    }

    @Test("a folder: the repository and its entries, asked at once; the default branch when no ref is given")
    func folder() async throws {
        let api = FakeGitHub.octo()
        let page = try await service(api).codeTreePage(location("docs"))
        guard case .loaded(.folder(let entries)) = page.contents, case .loaded(let repository) = page.repository else {
            Issue.record("not loaded")
            return
        }
        #expect(repository.repository.fullName == "octo/hello")
        #expect(entries.map(\.path) == ["docs/api", "docs/guide.md"])
        #expect(Set(api.calls) == ["repository(octo/hello)", "contents(octo/hello@:docs)"])
    }

    @Test("a folder's README: asked once its listing names one; not at the root (the repository's page shows it), not where there is none")
    func folderReadme() async throws {
        let api = FakeGitHub.octo()
        let withReadme = try await service(api).codeTreePage(location("docs/api"))
        guard case .loaded(let readme?) = withReadme.readme else {
            Issue.record("no README: \(withReadme.readme)")
            return
        }
        #expect(readme.path == "docs/api/readme.md" && readme.text.hasPrefix("# API notes\n"))
        #expect(readme.downloadURL?.absoluteString == "https://raw.githubusercontent.com/octo/hello/main/docs/api/readme.md")
        let contents = api.calls.filter { $0.hasPrefix("contents") }
        #expect(contents == ["contents(octo/hello@:docs/api)", "contents(octo/hello@:docs/api/readme.md)"])  // after its listing

        let plain = FakeGitHub.octo()
        let docs = try await service(plain).codeTreePage(location("docs"))
        let root = try await service(plain).codeTreePage(location(""))
        #expect(docs.readme == .loaded(nil) && root.readme == .loaded(nil))
        #expect(plain.calls.filter { $0.hasPrefix("contents") } == ["contents(octo/hello@:docs)", "contents(octo/hello@:)"])
    }

    @Test("a folder's README that fails is its own failure; the listing stands")
    func folderReadmeFails() async throws {
        let api = FakeGitHub.octo()
        api.update { state in
            state.during = { [api] in
                api.update { if $0.calls.contains("contents(octo/hello@:docs/api)") { $0.contentsFailure = .server(status: 503) } }
            }
        }
        let page = try await service(api).codeTreePage(location("docs/api"))
        guard case .loaded(.folder) = page.contents else {
            Issue.record("the listing did not load: \(page.contents)")
            return
        }
        #expect(page.readme == .failed(.server(status: 503)))
    }

    @Test("a text file: the folder's listing (a 304 on a visit from it), then the file; its text decoded")
    func textFile() async throws {
        let api = FakeGitHub.octo()
        let loaded = try await file("Sources/App/main.swift", api: api)
        guard case .text(let text) = loaded.content else {
            Issue.record("not text: \(loaded.content)")
            return
        }
        #expect(text.hasPrefix("import Foundation\n"))
        #expect(api.calls.filter { $0.hasPrefix("contents") } == ["contents(octo/hello@:Sources/App)", "contents(octo/hello@:Sources/App/main.swift)"])
    }

    @Test("a picture is shown from its raw address through the proxy: its bytes are never asked of the API")
    func picture() async throws {
        let api = FakeGitHub.octo()
        let loaded = try await file("images/logo.png", api: api)
        #expect(loaded.content == .image(URL(string: "https://raw.githubusercontent.com/octo/hello/main/images/logo.png")!))
        #expect(!api.calls.contains("contents(octo/hello@:images/logo.png)"))
    }

    @Test("a binary file by its name, and a file over 1 MB by the listing's size, are named without being fetched")
    func notFetched() async throws {
        let api = FakeGitHub.octo()
        #expect(try await file("tools/archive.zip", api: api).content == .binary)
        #expect(try await file("data/large.txt", api: api).content == .tooLarge)
        #expect(try await file("vendor/lib", api: api).content == .link(target: nil))
        #expect(!api.calls.contains { $0.hasSuffix(":tools/archive.zip)") || $0.hasSuffix(":data/large.txt)") || $0.hasSuffix(":vendor/lib)") })
    }

    @Test("a text file holding a NUL byte is binary: judged by its bytes once fetched")
    func sniffed() async throws {
        #expect(try await file("data/nul.txt").content == .binary)
    }

    @Test("a file its folder's listing leaves out is asked for itself, and GitHub's answer decides: over 1 MB it sent no content")
    func unlisted() async throws {
        let api = FakeGitHub.octo()
        api.update { state in
            state.files["octo/hello@main"]?["data/huge.txt"] = FakeFile(bytes: Data(), size: 3_000_000)
            state.files["octo/hello@main"]?["data/photo.png"] = FakeFile(bytes: Data([0x89, 0x50, 0x4E, 0x47]))
            state.unlisted = ["data/huge.txt", "data/photo.png"]  // a folder of over 1,000 entries
        }
        #expect(try await file("data/huge.txt", api: api).content == .tooLarge)
        #expect(try await file("data/photo.png", api: api).content == .image(URL(string: "https://raw.githubusercontent.com/octo/hello/main/data/photo.png")!))
        #expect(api.calls.contains("contents(octo/hello@:data/huge.txt)"))
    }

    @Test("a path naming a folder is a folder, a path GitHub does not know fails as notFound")
    func folderOrMissing() async throws {
        #expect(try await file("docs").content == .folder)
        let page = try await service().codeFilePage(location("nothing/here.txt"))
        #expect(page.file == .failed(.notFound))
    }

    @Test("another branch's files; a ref GitHub does not know is notFound")
    func otherRef() async throws {
        let page = try await service().codeTreePage(location("", ref: "dev"))
        guard case .loaded(.folder(let entries)) = page.contents else {
            Issue.record("dev's root did not load")
            return
        }
        #expect(entries.map(\.name) == ["README.md", "dev.txt"])
        let missing = try await service().codeTreePage(location("", ref: "nope"))
        #expect(missing.contents == .failed(.notFound))
    }

    @Test("a refused token needs sign-in, and is forgotten")
    func refused() async throws {
        let api = FakeGitHub.octo()
        api.update { $0.failure = .badCredentials }
        let page = try await service(api).codeTreePage(location(""))
        #expect(page.signInNeeded == .badCredentials)
    }

    @Test("branches and tags, asked at once")
    func references() async throws {
        let page = try await service().referencesPage(owner: "octo", name: "hello")
        #expect(page.branches == .loaded([GitReference(name: "dev", sha: FakeGitHub.sha(2)), GitReference(name: "main", sha: FakeGitHub.sha(1))]))
        #expect(page.tags == .loaded([GitReference(name: "v1.0", sha: FakeGitHub.sha(3))]))
    }
}
