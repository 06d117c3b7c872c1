import Foundation
import GitHub
import Testing

/// GitHub's documented JSON (REST API 2022-11-28), trimmed to a realistic subset of its keys.
enum GitHubJSON {
    static let user = """
        {
          "login": "octocat", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
          "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4",
          "html_url": "https://github.com/octocat", "type": "User", "site_admin": false,
          "name": "The Octocat", "company": "@github", "blog": "https://github.blog", "location": "San Francisco",
          "email": null, "hireable": null, "bio": null, "public_repos": 8, "followers": 9000, "following": 9,
          "created_at": "2011-01-25T18:44:36Z", "updated_at": "2024-06-22T11:25:43Z"
        }
        """

    static func repository(id: Int = 1296269, updatedAt: String = "2025-03-08T09:30:00Z", extra: String = "") -> String {
        """
        {
          "id": \(id), "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5", "name": "Hello-World", "full_name": "octocat/Hello-World",
          "private": false,
          "owner": {
            "login": "octocat", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
            "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4", "html_url": "https://github.com/octocat",
            "type": "User", "site_admin": false
          },
          "html_url": "https://github.com/octocat/Hello-World", "description": "My first repository on GitHub!",
          "fork": false, "url": "https://api.github.com/repos/octocat/Hello-World",
          "created_at": "2011-01-26T19:01:12Z", "updated_at": "\(updatedAt)", "pushed_at": "2025-03-08T09:29:58Z",
          "homepage": "", "size": 1, "stargazers_count": 2648, "watchers_count": 2648, "language": null,
          "has_issues": true, "forks_count": 2461, "archived": false, "disabled": false, "open_issues_count": 1517,
          "license": null, "topics": [], "visibility": "public", "forks": 2461, "open_issues": 1517, "watchers": 2648,
          "default_branch": "master"\(extra)
        }
        """
    }

    static let fullRepository = repository(
        extra: """
            , "subscribers_count": 1729, "network_count": 2461,
            "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": "https://api.github.com/licenses/mit", "node_id": "MDc6TGljZW5zZTEz"}
            """
    ).replacingOccurrences(of: #""license": null, "#, with: "")

    static func readme(_ text: String) -> String {
        let base64 = Data(text.utf8).base64EncodedString()
        var lines: [String] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(60)))
            rest = rest.dropFirst(60)
        }
        let content = lines.joined(separator: "\\n") + "\\n"
        return """
            {
              "type": "file", "encoding": "base64", "size": \(text.utf8.count), "name": "README.md", "path": "README.md",
              "content": "\(content)", "sha": "3d21ec53a331a6f037a91c368710b99387d012c1",
              "url": "https://api.github.com/repos/octocat/Hello-World/contents/README.md",
              "git_url": "https://api.github.com/repos/octocat/Hello-World/git/blobs/3d21ec53a331a6f037a91c368710b99387d012c1",
              "html_url": "https://github.com/octocat/Hello-World/blob/master/README.md",
              "download_url": "https://raw.githubusercontent.com/octocat/Hello-World/master/README.md",
              "_links": {"self": "https://api.github.com/repos/octocat/Hello-World/contents/README.md"}
            }
            """
    }
}

@Suite("Models decode GitHub's JSON (GH-10)")
struct ModelDecodingTests {
    let decoder = JSONDecoder()

    @Test("a user, with the avatar's address (issue 37)")
    func user() throws {
        let user = try decoder.decode(GitHubUser.self, from: Data(GitHubJSON.user.utf8))
        #expect(user == sampleUser)
        #expect(user.avatarURL?.absoluteString == "https://avatars.githubusercontent.com/u/583231?v=4")
    }

    @Test("a user without avatar_url still decodes, without a picture")
    func userWithoutAvatar() throws {
        let json = #"{"login": "hubot", "id": 2, "name": null, "html_url": "https://github.com/hubot"}"#
        let user = try decoder.decode(GitHubUser.self, from: Data(json.utf8))
        #expect(user.login == "hubot" && user.avatarURL == nil)
    }

    @Test("a listed repository: owner login, private, ISO 8601 update time, null language")
    func repository() throws {
        let repository = try decoder.decode(Repository.self, from: Data(GitHubJSON.repository().utf8))
        #expect(repository.id == 1296269)
        #expect(repository.name == "Hello-World")
        #expect(repository.fullName == "octocat/Hello-World")
        #expect(repository.ownerLogin == "octocat")
        #expect(repository.description == "My first repository on GitHub!")
        #expect(repository.language == nil)
        #expect(repository.stargazersCount == 2648)
        #expect(repository.forksCount == 2461)
        #expect(repository.updatedAt == date("2025-03-08T09:30:00Z"))
        #expect(!repository.isPrivate)
        #expect(repository.htmlURL.absoluteString == "https://github.com/octocat/Hello-World")
        #expect(repository.defaultBranch == "master")
    }

    @Test("fractional seconds in a timestamp are accepted")
    func fractionalSeconds() throws {
        let json = GitHubJSON.repository(updatedAt: "2025-03-08T09:30:00.250Z")
        let repository = try decoder.decode(Repository.self, from: Data(json.utf8))
        #expect(repository.updatedAt == date("2025-03-08T09:30:00Z").addingTimeInterval(0.25))
    }

    @Test("a timestamp that is not ISO 8601 fails to decode")
    func badTimestamp() {
        let json = GitHubJSON.repository(updatedAt: "yesterday")
        #expect(throws: DecodingError.self) { try decoder.decode(Repository.self, from: Data(json.utf8)) }
    }

    @Test("a full repository: watchers are subscribers_count, not the watchers_count alias of stars; licence")
    func details() throws {
        let details = try decoder.decode(RepositoryDetails.self, from: Data(GitHubJSON.fullRepository.utf8))
        #expect(details.subscribersCount == 1729)
        #expect(details.watchersCount == 1729)
        #expect(details.stargazersCount == 2648)
        #expect(details.forksCount == 2461)
        #expect(details.license == License(name: "MIT License", spdxId: "MIT"))
        #expect(details.license?.isIdentified == true)
        #expect(details.ownerLogin == "octocat")
        #expect(details.name == "Hello-World")
        #expect(details.defaultBranch == "master")
        #expect(details.htmlURL.absoluteString == "https://github.com/octocat/Hello-World")
    }

    @Test("a listed repository lacks subscribers_count, so it is not a full one")
    func listItemIsNotDetails() {
        #expect(throws: DecodingError.self) {
            try decoder.decode(RepositoryDetails.self, from: Data(GitHubJSON.repository().utf8))
        }
    }

    @Test("licence: none, and one GitHub cannot identify")
    func licences() throws {
        let none = GitHubJSON.repository(extra: #", "subscribers_count": 1"#)
        #expect(try decoder.decode(RepositoryDetails.self, from: Data(none.utf8)).license == nil)
        let other = GitHubJSON.repository(
            extra: #", "subscribers_count": 1, "license": {"key": "other", "name": "Other", "spdx_id": "NOASSERTION", "url": null}"#
        ).replacingOccurrences(of: #""license": null, "#, with: "")
        let license = try #require(try decoder.decode(RepositoryDetails.self, from: Data(other.utf8)).license)
        #expect(license.spdxId == "NOASSERTION")
        #expect(!license.isIdentified)
    }

    @Test("a README: base64 with a line break every 60 characters, UTF-8 text")
    func readme() throws {
        let text = "# Hello-World\n\nПривет, świat! 👋\n\n" + String(repeating: "Long line of Markdown. ", count: 20)
        let readme = try decoder.decode(Readme.self, from: Data(GitHubJSON.readme(text).utf8))
        #expect(readme.text == text)
        #expect(readme.path == "README.md")
        #expect(readme.htmlURL?.absoluteString == "https://github.com/octocat/Hello-World/blob/master/README.md")
        #expect(readme.downloadURL?.absoluteString == "https://raw.githubusercontent.com/octocat/Hello-World/master/README.md")
    }

    @Test("a README's byte-order mark is dropped; content that is not base64 fails to decode")
    func readmeEdges() throws {
        let withBOM = Data([0xEF, 0xBB, 0xBF] + Array("# Title".utf8)).base64EncodedString()
        let json = #"{"path": "README.md", "encoding": "base64", "content": "\#(withBOM)\n"}"#
        #expect(try decoder.decode(Readme.self, from: Data(json.utf8)).text == "# Title")
        let broken = #"{"path": "README.md", "encoding": "base64", "content": "not base64!!"}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Readme.self, from: Data(broken.utf8)) }
        let tooLarge = #"{"path": "README.md", "encoding": "none", "content": ""}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Readme.self, from: Data(tooLarge.utf8)) }
    }

    @Test("every model encodes back to GitHub's shape and decodes to itself")
    func roundTrip() throws {
        let encoder = JSONEncoder()
        let details = try decoder.decode(RepositoryDetails.self, from: Data(GitHubJSON.fullRepository.utf8))
        #expect(try decoder.decode(RepositoryDetails.self, from: encoder.encode(details)) == details)
        #expect(try decoder.decode(Repository.self, from: encoder.encode(details.repository)) == details.repository)
        #expect(try decoder.decode(GitHubUser.self, from: encoder.encode(sampleUser)) == sampleUser)
        let readme = Readme(text: String(repeating: "# Readme ✓\n", count: 30), path: "README.md", htmlURL: nil, downloadURL: nil)
        let encoded = try encoder.encode(readme)
        #expect(try decoder.decode(Readme.self, from: encoded) == readme)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let content = try #require(object["content"] as? String)
        #expect(content.split(separator: "\n").allSatisfy { $0.count <= 60 })
        let repository = try #require(try JSONSerialization.jsonObject(with: encoder.encode(details.repository)) as? [String: Any])
        #expect((repository["owner"] as? [String: Any])?["login"] as? String == "octocat")
        #expect(repository["private"] as? Bool == false)
        #expect(repository["updated_at"] as? String == "2025-03-08T09:30:00Z")
    }
}
