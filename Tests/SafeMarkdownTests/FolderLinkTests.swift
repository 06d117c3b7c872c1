import Foundation
import Testing
import SafeMarkdown

/// Relative links to folders open GitHub's folder page (`tree/`), files their file page
/// (`blob/`) (GH-3, issue 22).
@Suite("Folder links")
struct FolderLinkTests {
    static func links(readmeFolder: String = "", folders: Set<String>) -> ReadmeLinks {
        ReadmeLinks(
            linkBase: URL(string: "https://github.com/octo/hello/blob/main/" + readmeFolder),
            folderLinks: FolderLinks(
                fileRoot: "https://github.com/octo/hello/blob/main/", folderRoot: "https://github.com/octo/hello/tree/main/",
                folders: folders),
            imageBase: Fixtures.imageBase)
    }

    private func href(_ markdown: String, _ links: ReadmeLinks) -> String? {
        OutputInspector(render(markdown, links: links)).tags.first { $0.name == "a" }?.attributes["href"]
    }

    @Test func aFolderTheTreeNamesOpensUnderTree() {
        let links = Self.links(folders: ["docs", "docs/api"])
        #expect(href("[d](docs)", links) == "https://github.com/octo/hello/tree/main/docs")
        #expect(href("[a](./docs/api)", links) == "https://github.com/octo/hello/tree/main/docs/api")
        #expect(href("[a](/docs/api#top)", links) == "https://github.com/octo/hello/tree/main/docs/api#top")
    }

    @Test func aFileStaysUnderBlob() {
        let links = Self.links(folders: ["docs"])
        #expect(href("[f](docs/a.md)", links) == "https://github.com/octo/hello/blob/main/docs/a.md")
        #expect(href("[f](docsx)", links) == "https://github.com/octo/hello/blob/main/docsx")
    }

    @Test func aTrailingSlashIsAFolderWithoutTheTree() {
        #expect(href("[e](examples/)", Self.links(folders: [])) == "https://github.com/octo/hello/tree/main/examples/")
    }

    @Test func anUnknownPathStaysUnderBlobForGitHubToRedirect() {
        #expect(href("[e](examples)", Self.links(folders: [])) == "https://github.com/octo/hello/blob/main/examples")
    }

    @Test func linksResolveAgainstTheReadmesOwnFolder() {
        let links = Self.links(readmeFolder: "docs/", folders: ["docs/api", "src"])
        #expect(href("[a](api)", links) == "https://github.com/octo/hello/tree/main/docs/api")
        #expect(href("[s](../src)", links) == "https://github.com/octo/hello/tree/main/src")
        #expect(href("[r](../README.md)", links) == "https://github.com/octo/hello/blob/main/README.md")
    }

    @Test func foldersWithEncodedNamesMatch() {
        let links = Self.links(folders: ["my docs"])
        #expect(href("[m](my%20docs)", links) == "https://github.com/octo/hello/tree/main/my%20docs")
        #expect(href("<a href=\"my docs\">m</a>", links) == "https://github.com/octo/hello/tree/main/my%20docs")
    }

    @Test func otherSitesAreNotTouched() {
        let links = Self.links(folders: ["docs"])
        #expect(href("[o](https://example.com/docs/)", links) == "https://example.com/docs/")
    }
}
