import GitHub
import Testing

@Suite("Language colours (GH-2)")
struct LanguageColorsTests {
    @Test("linguist's colours for common languages", arguments: [
        ("Swift", "#f05138"), ("JavaScript", "#f1e05a"), ("TypeScript", "#3178c6"), ("Python", "#3572a5"),
        ("Java", "#b07219"), ("Kotlin", "#a97bff"), ("Go", "#00add8"), ("Rust", "#dea584"), ("C", "#555555"),
        ("C++", "#f34b7d"), ("C#", "#178600"), ("Objective-C", "#438eff"), ("Ruby", "#701516"), ("PHP", "#4f5d95"),
        ("Shell", "#89e051"), ("HTML", "#e34c26"), ("CSS", "#663399"), ("Dart", "#00b4ab"), ("Jupyter Notebook", "#da5b0b"),
    ])
    func known(language: String, color: String) {
        #expect(LanguageColors.color(for: language) == color)
        #expect(LanguageColors.isKnown(language))
    }

    @Test("names match without regard to case")
    func caseInsensitive() {
        #expect(LanguageColors.color(for: "swift") == "#f05138")
        #expect(LanguageColors.color(for: "VIM SCRIPT") == "#199f4b")
    }

    @Test("any other language is neutral grey")
    func neutral() {
        #expect(LanguageColors.color(for: "Brainfuck") == LanguageColors.neutral)
        #expect(LanguageColors.color(for: "") == LanguageColors.neutral)
        #expect(!LanguageColors.isKnown("COBOL"))
    }

    @Test("at least 30 languages, every colour a lower-case #rrggbb")
    func table() {
        #expect(LanguageColors.table.count >= 30)
        for color in Array(LanguageColors.table.values) + [LanguageColors.neutral] {
            #expect(color.count == 7 && color.hasPrefix("#"), "\(color)")
            #expect(color.dropFirst().allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }, "\(color)")
        }
    }
}
