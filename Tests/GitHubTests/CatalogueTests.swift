import Localization
import Testing

@Suite("GitHub strings in the catalogue (GH-7)")
struct GitHubCatalogueTests {
    func githubKeys(_ language: Language) -> Set<String> {
        Set(Catalogues.github[language].strings.keys.filter { $0.hasPrefix("github.") })
    }

    @Test("English, Russian and Polish have the same GitHub keys")
    func sameKeys() {
        let english = githubKeys(.en)
        #expect(english.count > 50)
        #expect(githubKeys(.ru) == english)
        #expect(githubKeys(.pl) == english)
    }

    @Test("Russian and Polish are translations, not English left over", arguments: [Language.ru, .pl])
    func translated(language: Language) {
        let english = Catalogues.github[.en].strings
        let translated = Catalogues.github[language].strings
        // Strings that are rightly the same: README; Polish says "1 fork" too; a token's prefix;
        // Polish writes sizes, "Folder" and "Commit" as English does (issue 49).
        let same = githubKeys(language).filter { english[$0] == translated[$0] }
        let alike: Set<String> = [
            "github.detail.readme.title", "github.count.forks.one", "github.tileName", "github.signIn.placeholder", "github.size.bytes",
            "github.size.kilobytes", "github.size.megabytes", "github.code.kind.folder", "github.commit.title",
        ]
        #expect(same.subtracting(alike).isEmpty, "\(same)")
    }

    @Test("every counted phrase has all four plural forms")
    func pluralForms() {
        let keys = githubKeys(.en)
        let counted = Set(keys.filter { $0.hasSuffix(".few") }.map { String($0.dropLast(".few".count)) })
        #expect(counted.count == 17)  // 7, and issue 49's lines, files changed, additions, deletions, ago's minutes, hours, days, comments, search results and the device code's minutes
        for base in counted {
            for form in ["one", "few", "many", "other"] {
                #expect(keys.contains("\(base).\(form)"), "\(base).\(form)")
            }
        }
    }
}
