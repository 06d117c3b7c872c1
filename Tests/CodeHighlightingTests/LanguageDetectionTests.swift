import CodeHighlighting
import Testing

/// Issue 49: the language from the file name, by extension and by well-known names.
@Suite("Language from a file name")
struct LanguageDetectionTests {
    @Test("extensions and well-known names", arguments: [
        ("Sources/App/main.swift", SourceLanguage.swift), ("Package.swift", .swift), ("AppDelegate.m", .objectiveC),
        ("Bridge.mm", .objectiveC), ("main.c", .c), ("vector.hpp", .cPlusPlus), ("a.cc", .cPlusPlus), ("Main.kt", .kotlin),
        ("build.gradle.kts", .kotlin), ("Main.java", .java), ("app.js", .javaScript), ("app.mjs", .javaScript),
        ("app.ts", .typeScript), ("View.tsx", .typeScript), ("setup.py", .python), ("main.go", .go), ("lib.rs", .rust),
        ("app.rb", .ruby), ("Gemfile", .ruby), ("Podfile", .ruby), ("install.sh", .shell), (".bashrc", .shell),
        (".zshrc", .zsh), ("package.json", .json), ("ci.yml", .yaml), ("config.yaml", .yaml), ("README.md", .markdown),
        ("index.html", .html), ("style.css", .css), ("schema.sql", .sql), ("Makefile", .makefile), ("rules.mk", .makefile),
        ("Dockerfile", .dockerfile), ("Dockerfile.dev", .dockerfile), ("Info.plist", .xml), ("script.pl", .perl),
        ("UPPER.SWIFT", .swift),
    ])
    func known(fileName: String, language: SourceLanguage) {
        #expect(SourceLanguage.forFile(named: fileName) == language)
    }

    @Test("an extension only source-highlight's lang.map knows uses its definition")
    func languageMap() {
        #expect(SourceLanguage.forFile(named: "init.lua") == SourceLanguage(name: "lua", definition: "lua.lang", isBundled: false))
        #expect(SourceLanguage.forFile(named: "Main.hs")?.definition == "haskell.lang")
    }

    @Test("names that say nothing highlightable", arguments: ["LICENSE", "notes.txt", "a.unknown-extension", "archive.", ".gitignore", ""])
    func unknown(fileName: String) {
        #expect(SourceLanguage.forFile(named: fileName) == nil)
    }
}
