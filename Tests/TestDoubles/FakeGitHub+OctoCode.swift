import Foundation
import GitHub

extension FakeGitHub {
    /// `octo/hello`'s code and history (issue 49): on `main`, folders and files whose names sort
    /// differently by case, a Swift file of 60 lines (line 2 carries markup, line 3 is 400
    /// characters long), Markdown with a picture and a script, a picture, a ZIP, a text file with
    /// a NUL byte, one of 2 MB, a submodule, a folder with a README (`docs/api/readme.md`: a
    /// relative link, a picture, a script); a `dev` branch and a `v1.0` tag; 35 commits on
    /// `main`, the first changing a text file, adding a picture and renaming a guide.
    public static func addOctoCode(to state: inout State) {
        var swift = ["import Foundation", #"let greeting = "<b>Hello</b> & \"you\"""#, "let long = \"" + String(repeating: "x", count: 400) + "\""]
        swift += (4...60).map { "let value\($0) = \($0)" }
        state.files["octo/hello@main"] = [
            "README.md": FakeFile("# Hello\n\n![Logo](images/logo.png)\n"),
            "Package.swift": FakeFile("// swift-tools-version:6.1\nimport PackageDescription\n"),
            "alpha.txt": FakeFile("alpha\n"),
            "Zeta.txt": FakeFile("zeta\r\nwith CRLF\r\n"),
            "Sources/App/main.swift": FakeFile(swift.joined(separator: "\n") + "\n"),
            "docs/guide.md": FakeFile("# Guide\n\nSee [the code](../Sources/App/main.swift).\n\n<script>alert(1)</script>\n"),
            "docs/api/index.md": FakeFile("# API\n"),
            "docs/api/readme.md": FakeFile(
                "# API notes\n\nSee [the index](index.md).\n\n![Diagram](diagram.png)\n\n<script>alert(2)</script>\n"),
            "images/logo.png": FakeFile(bytes: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])),
            "tools/archive.zip": FakeFile(bytes: Data([0x50, 0x4B, 0x03, 0x04, 0, 0])),
            "data/nul.txt": FakeFile(bytes: Data("before\u{0}after\n".utf8)),
            "data/large.txt": FakeFile(bytes: Data(), size: 2_000_000),
            "vendor/lib": FakeFile(bytes: Data(), kind: .submodule),
        ]
        state.files["octo/hello@dev"] = ["README.md": FakeFile("# Dev branch\n"), "dev.txt": FakeFile("dev\n")]
        state.files["octo/hello@v1.0"] = ["README.md": FakeFile("# Version 1.0\n")]
        state.branches["octo/hello"] = [GitReference(name: "dev", sha: sha(2)), GitReference(name: "main", sha: sha(1))]
        state.tags["octo/hello"] = [GitReference(name: "v1.0", sha: sha(3))]
        state.commits["octo/hello@main"] = octoCommits
        state.commits["octo/hello@dev"] = [octoCommits[1]]
    }

    /// A 40-digit hexadecimal SHA made from `number`.
    public static func sha(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: 40 - hex.count) + hex
    }

    public static let octoCommits: [CommitDetails] = {
        let first = CommitDetails(
            summary: CommitSummary(
                sha: sha(1), message: "Greet with <b>markup</b>\n\nThe body says more.", authorLogin: "octo", authorName: "Octo",
                date: Date(timeIntervalSince1970: 1_763_800_000), parentSHAs: [sha(2)]),
            additions: 3, deletions: 1,
            files: [
                ChangedFile(
                    filename: "Sources/App/main.swift", status: .modified, additions: 2, deletions: 1,
                    patch: "@@ -1,3 +1,4 @@\n import Foundation\n-let greeting = \"Hello\"\n+let greeting = \"<b>Hello</b>\"\n+let extra = 1\n let long = 2\n\\ No newline at end of file"),
                ChangedFile(filename: "images/logo.png", status: .added, additions: 0, deletions: 0, patch: nil),
                ChangedFile(
                    filename: "docs/guide.md", previousFilename: "docs/old.md", status: .renamed, additions: 1, deletions: 0,
                    patch: "@@ -3,0 +4 @@\n+<script>alert(1)</script>"),
            ])
        let second = CommitDetails(
            summary: CommitSummary(
                sha: sha(2), message: "Initial commit", authorLogin: nil, authorName: "Someone Else",
                date: Date(timeIntervalSince1970: 1_763_800_000 - 86_400 * 3)),
            additions: 1, deletions: 0, files: [ChangedFile(filename: "README.md", status: .added, additions: 1, deletions: 0, patch: "@@ -0,0 +1 @@\n+# Hello")])
        let older = (3...35).map { number in
            CommitDetails(
                summary: CommitSummary(
                    sha: sha(number), message: "Change number \(number)", authorLogin: "octo", authorName: "Octo",
                    date: Date(timeIntervalSince1970: 1_763_800_000 - 86_400 * Double(number + 2))),
                additions: 0, deletions: 0, files: [])
        }
        return [first, second] + older
    }()
}
