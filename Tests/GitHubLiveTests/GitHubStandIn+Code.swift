import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LoopbackSupport

/// The stand-in's code and history endpoints (issue 49), in GitHub's documented shapes (API
/// version 2022-11-28): `GET /repos/{owner}/{repo}`, `/contents/{path}?ref=` (a folder's entries,
/// or a file with base64 `content` broken every 60 characters, or `encoding: none` and no content
/// over 1 MB), `/branches`, `/tags`, `/commits?sha=&per_page=&page=` (409 for an empty
/// repository) and `/commits/{sha}` (422 for a SHA it does not know). The same ETags and 304s as
/// every other answer.
extension GitHubStandIn {
    static func addCodeRoutes(to router: Router<BasicRequestContext>, _ reference: StandInReference<GitHubStandIn>) {
        router.get("/repos/:owner/:repo") { request, context in
            let (owner, repo) = names(context)
            return try await reference.value.answer(request) { standIn, account in
                standIn.fixture(account, owner, repo).map { Answer(status: .ok, json: repositoryJSON($0, full: true)) } ?? notFound
            }
        }
        router.get("/repos/:owner/:repo/contents") { request, context in
            let (owner, repo) = names(context)
            return try await reference.value.answer(request) { $0.contents($1, owner, repo, path: "", request) }
        }
        router.get("/repos/:owner/:repo/contents/**") { request, context in
            let (owner, repo) = names(context)
            let path = context.parameters.getCatchAll().map { decoded(String($0)) }.joined(separator: "/")
            return try await reference.value.answer(request) { $0.contents($1, owner, repo, path: path, request) }
        }
        router.get("/repos/:owner/:repo/branches") { request, context in
            let (owner, repo) = names(context)
            return try await reference.value.answer(request) { $0.branches($1, owner, repo, request) }
        }
        router.get("/repos/:owner/:repo/tags") { request, context in
            let (owner, repo) = names(context)
            return try await reference.value.answer(request) { $0.tags($1, owner, repo, request) }
        }
        router.get("/repos/:owner/:repo/commits") { request, context in
            let (owner, repo) = names(context)
            return try await reference.value.answer(request) { $0.commits($1, owner, repo, request) }
        }
        router.get("/repos/:owner/:repo/commits/:sha") { request, context in
            let (owner, repo) = names(context)
            let sha = decoded(context.parameters.get("sha"))
            return try await reference.value.answer(request) { $0.commit($1, owner, repo, sha: sha) }
        }
    }

    private static func names(_ context: BasicRequestContext) -> (String, String) {
        (decoded(context.parameters.get("owner")), decoded(context.parameters.get("repo")))
    }

    private static func decoded(_ text: String?) -> String {
        text.map { $0.removingPercentEncoding ?? $0 } ?? ""
    }

    func fixture(_ account: Account, _ owner: String, _ repo: String) -> RepositoryFixture? {
        account.repositories.first { $0.owner.lowercased() == owner.lowercased() && $0.name.lowercased() == repo.lowercased() }
    }

    static func sha(_ text: String) -> String {
        Insecure.SHA1.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func query(_ request: Request, _ name: String) -> String? {
        request.uri.queryParameters[name[...]].map { String($0).removingPercentEncoding ?? String($0) }
    }

    // MARK: Contents

    func contents(_ account: Account, _ owner: String, _ repo: String, path: String, _ request: Request) -> Answer {
        guard let repository = fixture(account, owner, repo) else { return Self.notFound }
        let ref = Self.query(request, "ref") ?? repository.defaultBranch
        guard let files = repository.files[ref] else {
            return Answer(status: .notFound, json: ["message": "No commit found for the ref \(ref)", "documentation_url": "https://docs.github.com/rest/repos/contents#get-repository-content", "status": "404"])
        }
        if files.contains(path) { return Answer(status: .ok, json: fileJSON(repository, ref: ref, path: path)) }
        let prefix = path.isEmpty ? "" : path + "/"
        var entries: [String: Bool] = [:]  // path → is a folder
        for file in files where file.hasPrefix(prefix) {
            let rest = file.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") { entries[prefix + rest[..<slash]] = true } else { entries[file] = false }
        }
        guard !entries.isEmpty else { return Self.notFound }
        return Answer(status: .ok, json: entries.sorted { $0.key < $1.key }.map { entryJSON(repository, ref: ref, path: $0.key, isFolder: $0.value) })
    }

    private func text(_ repository: RepositoryFixture, _ path: String) -> String {
        repository.texts[path] ?? "contents of \(path)\n"
    }

    private func entryJSON(_ repository: RepositoryFixture, ref: String, path: String, isFolder: Bool) -> [String: Any] {
        let full = "\(repository.owner)/\(repository.name)"
        let sha = Self.sha(isFolder ? "tree \(path)" : text(repository, path))
        let api = "https://api.github.com/repos/\(full)"
        let html = "https://github.com/\(full)/\(isFolder ? "tree" : "blob")/\(ref)/\(path)"
        let size = isFolder ? 0 : repository.largeFiles.contains(path) ? 2_500_000 : text(repository, path).utf8.count
        return [
            "type": isFolder ? "dir" : "file", "size": size, "name": String(path.split(separator: "/").last ?? ""), "path": path, "sha": sha,
            "url": "\(api)/contents/\(path)?ref=\(ref)", "git_url": "\(api)/git/\(isFolder ? "trees" : "blobs")/\(sha)", "html_url": html,
            "download_url": isFolder ? NSNull() : "https://raw.githubusercontent.com/\(full)/\(ref)/\(path)" as Any,
            "_links": ["self": "\(api)/contents/\(path)?ref=\(ref)", "git": "\(api)/git/blobs/\(sha)", "html": html],
        ]
    }

    private func fileJSON(_ repository: RepositoryFixture, ref: String, path: String) -> [String: Any] {
        var object = entryJSON(repository, ref: ref, path: path, isFolder: false)
        if repository.largeFiles.contains(path) {
            object["encoding"] = "none"
            object["content"] = ""
        } else {
            object["encoding"] = "base64"
            object["content"] = Self.wrappedBase64(text(repository, path))
        }
        return object
    }

    // MARK: Branches and tags

    func branches(_ account: Account, _ owner: String, _ repo: String, _ request: Request) -> Answer {
        guard let repository = fixture(account, owner, repo) else { return Self.notFound }
        let count = min(max(Int(Self.query(request, "per_page") ?? "") ?? 30, 1), 100)
        let full = "\(repository.owner)/\(repository.name)"
        let list = repository.files.keys.sorted().prefix(count).map { name -> [String: Any] in
            let sha = repository.commits[name]?.first?.sha ?? Self.sha(name)
            return ["name": name, "commit": ["sha": sha, "url": "https://api.github.com/repos/\(full)/commits/\(sha)"], "protected": false]
        }
        return Answer(status: .ok, json: Array(list))
    }

    func tags(_ account: Account, _ owner: String, _ repo: String, _ request: Request) -> Answer {
        guard let repository = fixture(account, owner, repo) else { return Self.notFound }
        let full = "\(repository.owner)/\(repository.name)"
        let list = repository.tags.map { name -> [String: Any] in
            let sha = Self.sha("tag \(name)")
            return [
                "name": name, "zipball_url": "https://api.github.com/repos/\(full)/zipball/refs/tags/\(name)",
                "tarball_url": "https://api.github.com/repos/\(full)/tarball/refs/tags/\(name)",
                "commit": ["sha": sha, "url": "https://api.github.com/repos/\(full)/commits/\(sha)"], "node_id": "MDM6UmVm\(name)",
            ]
        }
        return Answer(status: .ok, json: list)
    }

    // MARK: Commits

    func commits(_ account: Account, _ owner: String, _ repo: String, _ request: Request) -> Answer {
        guard let repository = fixture(account, owner, repo) else { return Self.notFound }
        let ref = Self.query(request, "sha") ?? repository.defaultBranch
        guard let files = repository.files[ref] else { return Self.notFound }
        if files.isEmpty {
            return Answer(status: .conflict, json: ["message": "Git Repository is empty.", "documentation_url": "https://docs.github.com/rest/commits/commits#list-commits", "status": "409"])
        }
        let perPage = min(max(Int(Self.query(request, "per_page") ?? "") ?? 30, 1), 100)
        let page = max(Int(Self.query(request, "page") ?? "") ?? 1, 1)
        let list = (repository.commits[ref] ?? []).dropFirst((page - 1) * perPage).prefix(perPage)
        return Answer(status: .ok, json: list.map { commitJSON(repository, $0, full: false) })
    }

    func commit(_ account: Account, _ owner: String, _ repo: String, sha: String) -> Answer {
        guard let repository = fixture(account, owner, repo) else { return Self.notFound }
        guard let found = repository.commits.values.joined().first(where: { $0.sha == sha }) else {
            return Answer(status: .unprocessableContent, json: ["message": "No commit found for SHA: \(sha)", "documentation_url": "https://docs.github.com/rest/commits/commits#get-a-commit", "status": "422"])
        }
        return Answer(status: .ok, json: commitJSON(repository, found, full: true))
    }

    private func commitJSON(_ repository: RepositoryFixture, _ commit: CommitFixture, full: Bool) -> [String: Any] {
        let name = "\(repository.owner)/\(repository.name)"
        let api = "https://api.github.com/repos/\(name)"
        let signature: [String: Any] = ["name": commit.name, "email": "\(commit.name.lowercased().replacingOccurrences(of: " ", with: "."))@example.com", "date": commit.date]
        let account: Any = commit.login.map { login in
            ["login": login, "id": 583231, "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4", "html_url": "https://github.com/\(login)", "type": "User", "site_admin": false] as [String: Any]
        } ?? NSNull()
        var object: [String: Any] = [
            "sha": commit.sha, "node_id": "C_\(commit.sha.prefix(8))", "url": "\(api)/commits/\(commit.sha)",
            "html_url": "https://github.com/\(name)/commit/\(commit.sha)", "comments_url": "\(api)/commits/\(commit.sha)/comments",
            "commit": [
                "author": signature, "committer": signature, "message": commit.message,
                "tree": ["sha": Self.sha("tree \(commit.sha)"), "url": "\(api)/git/trees/\(Self.sha("tree \(commit.sha)"))"],
                "url": "\(api)/git/commits/\(commit.sha)", "comment_count": 0,
                "verification": ["verified": false, "reason": "unsigned", "signature": NSNull(), "payload": NSNull()],
            ] as [String: Any],
            "author": account, "committer": account, "parents": [] as [Any],
        ]
        if full {
            let additions = commit.files.reduce(0) { $0 + $1.additions }
            let deletions = commit.files.reduce(0) { $0 + $1.deletions }
            object["stats"] = ["total": additions + deletions, "additions": additions, "deletions": deletions]
            object["files"] = commit.files.map { file -> [String: Any] in
                var entry: [String: Any] = [
                    "sha": Self.sha(file.filename), "filename": file.filename, "status": file.status, "additions": file.additions,
                    "deletions": file.deletions, "changes": file.additions + file.deletions,
                    "blob_url": "https://github.com/\(name)/blob/\(commit.sha)/\(file.filename)",
                    "raw_url": "https://github.com/\(name)/raw/\(commit.sha)/\(file.filename)",
                    "contents_url": "\(api)/contents/\(file.filename)?ref=\(commit.sha)",
                ]
                if let patch = file.patch { entry["patch"] = patch }
                return entry
            }
        }
        return object
    }
}
