import Foundation
import Localization
import Testing

@Suite("String catalogues")
struct CatalogueTests {
    @Test("every language has every key another language has")
    func cataloguesAreComplete() throws {
        let missing = Catalogues.shell.missingKeys()
        let report = missing.map { "\($0.key.rawValue) lacks \($0.value.sorted())" }.sorted()
        #expect(missing.isEmpty, "\(report)")
    }

    @Test("an app's strings merge over the shell's; the shell's stay")
    func merging() {
        let app = Catalogues(byLanguage: [.en: Catalogue(language: .en, strings: ["demo.tileName": "Demo", "shell.language.label": "Mine"])])
        let merged = Catalogues.shell.merging(app)
        #expect(merged[.en].text("demo.tileName") == "Demo")
        #expect(merged[.en].text("shell.language.label") == "Mine", "the later catalogue wins")
        #expect(merged[.ru].text("shell.action.cancel") == "Отменить")
        #expect(merged[.ru].text("demo.tileName") == "demo.tileName", "a language the app lacks shows the key")
    }

    @Test("a catalogue lacking a key is reported")
    func missingKeyIsDetected() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalogues-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        for language in Language.allCases {
            let folder = directory.appendingPathComponent(language.rawValue)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let json = language == .pl ? #"{"a": "x"}"# : #"{"a": "x", "b": {"c": "y"}}"#
            try Data(json.utf8).write(to: folder.appendingPathComponent("demo.json"))
        }
        let catalogues = try Catalogues.load(from: directory)
        #expect(catalogues.missingKeys() == [.pl: ["demo.b.c"]])
        #expect(catalogues[.ru].text("demo.b.c") == "y")
    }

    @Test("shell strings exist in all three languages")
    func shellStrings() {
        #expect(Catalogues.shell[.en].text("shell.language.label") == "Language")
        #expect(Catalogues.shell[.ru].text("shell.action.cancel") == "Отменить")
        #expect(Catalogues.shell[.pl].text("shell.language.label") == "Język")
    }

    @Test("placeholders are filled and a missing key shows itself")
    func placeholders() {
        let catalogue = Catalogue(language: .en, strings: ["greet": "Hello, {name}! {name}."])
        #expect(catalogue.text("greet", ["name": "Ann"]) == "Hello, Ann! Ann.")
        #expect(catalogue.text("nope") == "nope")
    }

    @Test("filling is one pass: values are not searched again, unknown and unclosed braces stay")
    func fillingIsOnePass() {
        let catalogue = Catalogue(language: .en, strings: [
            "pair": "{a} and {b}", "twice": "{a}{a}!", "odd": "{ {a} {unknown} {a", "cyrillic": "Удалить «{car}»?",
        ])
        #expect(catalogue.text("pair", ["a": "{b}", "b": "x"]) == "{b} and x")
        #expect(catalogue.text("twice", ["a": "ab"]) == "abab!")
        #expect(catalogue.text("odd", ["a": "1"]) == "{ 1 {unknown} {a")
        #expect(catalogue.text("cyrillic", ["car": "Лада & <Нива>"]) == "Удалить «Лада & <Нива>»?")
        #expect(catalogue.text("pair") == "{a} and {b}")
        #expect(catalogue.text("pair", ["c": "x"]) == "{a} and {b}")
        let many = ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "f": "6"]
        #expect(catalogue.text("pair", many) == "1 and 2")
        #expect(catalogue.text("twice", ["a": ""]) == "!")
    }

    @Test("plural forms follow each language's rules", arguments: [
        (Language.en, 1, "1 car"), (.en, 2, "2 cars"), (.en, 0, "0 cars"),
        (.ru, 1, "1 машина"), (.ru, 3, "3 машины"), (.ru, 5, "5 машин"), (.ru, 11, "11 машин"),
        (.ru, 21, "21 машина"), (.ru, 22, "22 машины"), (.ru, 12, "12 машин"),
        (.pl, 1, "1 samochód"), (.pl, 2, "2 samochody"), (.pl, 5, "5 samochodów"), (.pl, 22, "22 samochody"),
        (.pl, 12, "12 samochodów"), (.ru, -21, "-21 машина"),
        (.en, 12_345, "12,345 cars"), (.ru, 12_345, "12\u{00A0}345 машин"), (.pl, 1_002, "1\u{00A0}002 samochody"),
        (.en, Int.min, "-9,223,372,036,854,775,808 cars"), (.ru, Int.min, "-9\u{00A0}223\u{00A0}372\u{00A0}036\u{00A0}854\u{00A0}775\u{00A0}808 машин"),
        (.ru, Int.max, "9\u{00A0}223\u{00A0}372\u{00A0}036\u{00A0}854\u{00A0}775\u{00A0}807 машин"),
    ])
    func plurals(language: Language, count: Int, expected: String) {
        let forms: [Language: [String: String]] = [
            .en: ["n.one": "{count} car", "n.other": "{count} cars"],
            .ru: ["n.one": "{count} машина", "n.few": "{count} машины", "n.many": "{count} машин"],
            .pl: ["n.one": "{count} samochód", "n.few": "{count} samochody", "n.many": "{count} samochodów"],
        ]
        let catalogue = Catalogue(language: language, strings: forms[language]!)
        #expect(catalogue.plural("n", count: count) == expected)
        #expect(catalogue.plural("n", count: count, ["count": "№"]).hasPrefix("№ "), "a {count} given by the caller wins")
    }
}

@Suite("Language negotiation")
struct LanguageTests {
    @Test("Accept-Language picks the best supported language", arguments: [
        (nil, Language.en), ("", .en), ("ru-RU,ru;q=0.9,en;q=0.8", .ru), ("de-DE,pl;q=0.7,en;q=0.5", .pl),
        ("en;q=0.2, ru;q=0.8", .ru), ("fr, de", .en), ("ru;q=0, pl", .pl), ("PL", .pl),
        ("en-GB;q=0.9,ru;q=0.9", .en),
    ] as [(String?, Language)])
    func negotiate(header: String?, expected: Language) {
        #expect(Language.negotiate(acceptLanguage: header) == expected)
    }

    @Test("POSIX locales and tags parse", arguments: [
        ("ru_RU.UTF-8", Language.ru), ("pl-PL", .pl), ("en", .en), (" ru ", .ru),
    ])
    func tags(tag: String, expected: Language) {
        #expect(Language(tag: tag) == expected)
    }

    @Test("unknown tags are refused")
    func unknownTags() {
        #expect(Language(tag: "C") == nil)
        #expect(Language(tag: "de_DE.UTF-8") == nil)
        #expect(Language(tag: "") == nil)
    }
}

@Suite("Catalogue templates")
struct CatalogueTemplateTests {
    static let catalogue = Catalogue(language: .en, strings: [
        "one": "Track {name} today", "start": "{name} first", "end": "last {name}", "only": "{name}",
        "twice": "{name} and {name}", "other": "{name} at {time}", "plain": "no placeholders", "braces": "{a{name} {open",
        "empty": "",
    ])

    @Test("a template fills exactly as Catalogue.text does", arguments: ["one", "start", "end", "only", "twice", "other", "plain", "braces", "empty", "missing"])
    func sameAsText(key: String) {
        for value in ["Read", "", "{name}", "Ёжик & <b>", "🙂 x"] {
            #expect(Self.catalogue.template(key).text("name", value) == Self.catalogue.text(key, ["name": value]), "\(key) with \(value)")
        }
    }

    @Test("a placeholder it is not given stays as written, and a value is never searched for placeholders")
    func unknownAndNested() {
        #expect(Self.catalogue.template("other").text("name", "{time}") == "{time} at {time}")
        #expect(Self.catalogue.template("other").text("time", "7:30") == "{name} at 7:30")
    }

    @Test("filled in pieces (a writer writing the value itself), a template writes what text(_:_:) returns", arguments: ["one", "start", "end", "only", "twice", "other", "plain", "braces", "empty", "missing"])
    func piecesAsText(key: String) {
        var written = ""
        Self.catalogue.template(key).forEachPiece(filling: "name") { literal in written += literal ?? "Ёжик & <b>" }
        #expect(written == Self.catalogue.template(key).text("name", "Ёжик & <b>"))
    }

    @Test("a plural template counts exactly as Catalogue.plural does, in every category and without one")
    func pluralAsPlural() {
        let russian = Catalogue(language: .ru, strings: [
            "days.one": "{count} день", "days.few": "{count} дня", "days.many": "{count} дней", "days.other": "{count} дня",
            "bare.other": "{count} раз",
        ])
        for key in ["days", "bare", "missing"] {
            let template = russian.pluralTemplate(key)
            for count in [0, 1, 2, 5, 11, 21, 22, 25, 111, 12_345] {
                #expect(template.text(count: count) == russian.plural(key, count: count), "\(key) \(count)")
            }
        }
        #expect(russian.pluralTemplate("days").text(count: 12_345) == russian.plural("days", count: 12_345))
        #expect(russian.pluralTemplate("days").text(count: 22) == "22 дня")
    }

    @Test("a template fills several placeholders at once, each as Catalogue.text does; one it is not given stays")
    func severalAtOnce() {
        let catalogue = Catalogue(language: .en, strings: ["progress": "{value} / {target} {unit} {other}"])
        let values = ["value": "3.5", "target": "{unit}", "unit": "km"]
        #expect(catalogue.template("progress").text { values[$0] } == catalogue.text("progress", values))
        #expect(catalogue.template("progress").text { values[$0] } == "3.5 / {unit} km {other}")
    }

    @Test("numbers are grouped by thousands as each language writes them, short ones left as they are")
    func grouping() {
        #expect(Language.en.grouped(0) == "0")
        #expect(Language.en.grouped(999) == "999")
        #expect(Language.en.grouped(-999) == "-999")
        #expect(Language.en.grouped(1_000) == "1,000")
        #expect(Language.en.grouped(-1_234_567) == "-1,234,567")
        #expect(Language.ru.grouped(12_345) == "12\u{00A0}345")
        #expect(Language.pl.grouped(1_000_000) == "1\u{00A0}000\u{00A0}000")
    }

    @Test("a catalogue cuts a phrase once and its copies share it; another catalogue cuts its own")
    func cutOnce() {
        let english = Catalogue(language: .en, strings: ["days.one": "{count} day", "days.other": "{count} days", "hi": "Hi {name}"])
        let copy = english
        #expect(english.template("hi") == copy.template("hi"))
        #expect(copy.pluralTemplate("days").text(count: 2) == "2 days")
        let other = Catalogue(language: .en, strings: ["days.one": "{count} item", "days.other": "{count} items", "hi": "Hello {name}"])
        #expect(other.template("hi").text("name", "Ann") == "Hello Ann")
        #expect(other.pluralTemplate("days").text(count: 2) == "2 items")
        #expect(english.template("hi").text("name", "Ann") == "Hi Ann")
    }
}
