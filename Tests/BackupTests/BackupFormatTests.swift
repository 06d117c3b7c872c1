import Backup
import Cars
import Devices
import Foundation
import Habits
import Localization
import Persistence
import Photos
import Stories
import Testing

@Suite("The backup file (issue 36)")
struct BackupFormatTests {
    static let format = BackupFormat(sections: [
        ("device", DevicePreferences.self), ("cars", CarsBackup.self), ("habits", HabitsBackup.self),
        ("stories", StoriesBackup.self), ("photos", PhotoFeed.self), ("github", NothingBackedUp.self),
    ])

    static let exportedAt = Date(timeIntervalSince1970: 1_764_243_600.123)
    /// A restore four days after the export, in Warsaw (issue 46, item 11: days and times after it are refused).
    static let bounds = BackupBounds(now: exportedAt.addingTimeInterval(4 * 86_400), timeZone: TimeZone(identifier: "Europe/Warsaw")!)
    static let file = BackupFile(exportedAt: exportedAt, day: "2025-11-27", timeZone: "Europe/Warsaw", sections: [
        "device": DevicePreferences(language: "pl", timeZone: "Europe/Warsaw"),
        "cars": CarsBackup(cars: [NewCar(manufacturer: "Fiat", model: "126p", body: .hatchback, yearOfIssue: 1985, carNumber: "WA 12345")]),
        "habits": HabitsBackup(habits: [
            BackedUpHabit(name: "Read, \"slowly\"", time: "21:30", color: "#FF9F0A", createdAt: Date(timeIntervalSince1970: 1_700_000_000.5),
                          days: ["2024-02-29", "2025-11-26"]),
        ]),
        "stories": StoriesBackup(settings: "v1;draw=0;color=#f3af22"),
        "photos": PhotoFeed(shownIDs: [3, 1, 2], cursor: 3),
        "github": NothingBackedUp(),
    ])

    static func json(_ file: BackupFile = file) throws -> String {
        String(decoding: try format.encode(file), as: UTF8.self)
    }

    static func refusal(_ text: String) -> BackupFileError? {
        refusal(Data(text.utf8))
    }

    static func refusal(_ data: Data) -> BackupFileError? {
        do {
            _ = try format.decode(data, bounds: bounds)
            return nil
        } catch {
            return error
        }
    }

    @Test("a file is written with its format, version, day and zone, and reads back section by section")
    func roundTrip() throws {
        let text = try Self.json()
        #expect(text.hasPrefix("{\"day\":\"2025-11-27\",\"exportedAt\":\"2025-11-27T11:40:00.123Z\",\"format\":\"appdeck-backup\""))
        #expect(text.contains("\"version\":1"))
        #expect(text.contains("\"timeZone\":\"Europe/Warsaw\""))
        let read = try Self.format.decode(Data(text.utf8), bounds: Self.bounds)
        #expect(read.day == "2025-11-27")
        #expect(read.exportedAt == Self.exportedAt.addingTimeInterval(0) || abs(read.exportedAt.timeIntervalSince(Self.exportedAt)) < 0.001)
        #expect(read.sections["habits"] as? HabitsBackup == Self.file.sections["habits"] as? HabitsBackup)
        #expect(read.sections["cars"] as? CarsBackup == Self.file.sections["cars"] as? CarsBackup)
        #expect(read.sections["photos"] as? PhotoFeed == PhotoFeed(shownIDs: [3, 1, 2], cursor: 3))
        #expect(read.sections["device"] as? DevicePreferences == DevicePreferences(language: "pl", timeZone: "Europe/Warsaw"))
        #expect(read.sections["stories"] as? StoriesBackup == StoriesBackup(settings: "v1;draw=0;color=#f3af22"))
        // Written again, the same text: times keep their milliseconds.
        #expect(try Self.json(read) == text)
    }

    @Test("a section the file leaves out is absent, not an error (restoring empties that app)")
    func missingSection() throws {
        let text = try Self.json().replacingOccurrences(of: "\"github\":{},", with: "")
        #expect(try Self.format.decode(Data(text.utf8), bounds: Self.bounds).sections["github"] == nil)
    }

    @Test("another version is refused, saying which")
    func otherVersion() throws {
        #expect(Self.refusal(try Self.json().replacingOccurrences(of: "\"version\":1", with: "\"version\":2")) == .otherVersion(2))
    }

    @Test("another format, or JSON that is no backup, is refused")
    func notABackup() throws {
        #expect(Self.refusal(try Self.json().replacingOccurrences(of: "appdeck-backup", with: "loop-backup")) == .notABackup)
        #expect(Self.refusal("[1, 2, 3]") == .notABackup)
        #expect(Self.refusal("{\"format\": \"appdeck-backup\", \"version\": 1}") == .notABackup)
        #expect(Self.refusal("") == .empty)
    }

    @Test("truncated JSON is refused, wherever it is cut")
    func truncated() throws {
        let text = try Self.json()
        for length in [1, 20, text.count / 2, text.count - 1] {
            #expect(Self.refusal(String(text.prefix(length))) == .notJSON, "cut at \(length)")
        }
    }

    @Test("a file over 20 MB is refused before it is read")
    func tooLarge() {
        let data = Data(repeating: UInt8(ascii: " "), count: BackupFormat.maxBytes + 1)
        #expect(Self.refusal(data) == .tooLarge(limitBytes: 20 * 1024 * 1024))
    }

    @Test("invalid UTF-8 is refused")
    func invalidUTF8() throws {
        var data = Data(try Self.json().utf8)
        data[data.count / 2] = 0xFF
        #expect(Self.refusal(data) == .notUTF8)
    }

    @Test("a 10,000-level nesting is refused by depth, without recursion")
    func deepNesting() {
        let deep = "{\"format\":\"appdeck-backup\",\"version\":1,\"x\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(Self.refusal(deep) == .tooDeep(limit: BackupFormat.maxDepth))
    }

    @Test("a key twice in one object is refused, however it is spelled; the same key in two objects is fine")
    func duplicateKeys() throws {
        let text = try Self.json()
        #expect(Self.refusal(text.replacingOccurrences(of: "\"github\":{}", with: "\"github\":{},\"github\":{}")) == .duplicateKey("github"))
        #expect(Self.refusal(text.replacingOccurrences(of: "\"github\":{}", with: "\"github\":{},\"\\u0067ithub\":{}")) == .duplicateKey("github"))
        #expect(Self.refusal(text.replacingOccurrences(of: "\"cursor\":3", with: "\"cursor\":3,\"cursor\":4")) == .duplicateKey("cursor"))
    }

    @Test("duplicate ids (a photo shown twice) are refused")
    func duplicateIDs() throws {
        let text = try Self.json().replacingOccurrences(of: "\"shownIDs\":[3,1,2]", with: "\"shownIDs\":[3,1,3]")
        guard case .rejected(let rejected) = Self.refusal(text) else { Issue.record("not refused as a section"); return }
        #expect(rejected.section == "photos")
        #expect(rejected.problem == .duplicateID("3"))
    }

    @Test("one habit ticked twice on a day is refused")
    func dayTwice() throws {
        let text = try Self.json().replacingOccurrences(of: "\"2024-02-29\",\"2025-11-26\"", with: "\"2024-02-29\",\"2024-02-29\"")
        guard case .rejected(let rejected) = Self.refusal(text) else { Issue.record("not refused as a section"); return }
        #expect(rejected.problem == .dayTwice(item: "Read, \"slowly\"", day: "2024-02-29"))
    }

    @Test("a date like 2023-02-30 is refused, as are other days that do not exist")
    func impossibleDate() throws {
        for day in ["2023-02-30", "2023-02-29", "2023-13-01", "2023-1-01", "tomorrow"] {
            let text = try Self.json().replacingOccurrences(of: "\"2024-02-29\"", with: "\"\(day)\"")
            guard case .rejected(let rejected) = Self.refusal(text) else { Issue.record("\(day) not refused"); continue }
            #expect(rejected.problem == .invalidDay(item: "Read, \"slowly\"", value: day))
        }
        #expect(Self.refusal(try Self.json().replacingOccurrences(of: "\"day\":\"2025-11-27\"", with: "\"day\":\"2023-02-30\"")) == .notABackup)
    }

    @Test("a section of an unknown app, or one with missing or mistyped fields, is refused")
    func badSections() throws {
        let text = try Self.json()
        #expect(Self.refusal(text.replacingOccurrences(of: "\"github\":{}", with: "\"github\":{},\"quotes\":{}")) == .unknownSection("quotes"))
        #expect(Self.refusal(text.replacingOccurrences(of: "\"cursor\":3", with: "\"cursor\":\"3\"")) == .malformedSection("photos"))
        #expect(Self.refusal(text.replacingOccurrences(of: ",\"time\":\"21:30\"", with: "")) == .malformedSection("habits"))
    }

    @Test("values no store can hold are refused: a colour, a time zone, a car's year, Stories' settings")
    func invalidValues() throws {
        let text = try Self.json()
        for (from, to, section) in [
            ("#FF9F0A", "#GG9F0A", "habits"), ("\"timeZone\":\"Europe/Warsaw\"}", "\"timeZone\":\"Mars/Olympus\"}", "device"),
            ("\"yearOfIssue\":1985", "\"yearOfIssue\":1700", "cars"), ("v1;draw=0;color=#f3af22", "v1;draw=2", "stories"),
        ] {
            guard case .rejected(let rejected) = Self.refusal(text.replacingOccurrences(of: from, with: to)) else {
                Issue.record("\(to) not refused"); continue
            }
            #expect(rejected.section == section)
        }
    }

    @Test("every refusal has a message in each language, none left as a key")
    func messages() throws {
        let errors: [BackupFileError] = [
            .empty, .tooLarge(limitBytes: 20 * 1024 * 1024), .notUTF8, .notJSON, .tooDeep(limit: 32), .duplicateKey("github"), .notABackup,
            .otherVersion(2), .unknownSection("quotes"), .malformedSection("photos"),
            .rejected(BackupRejected(section: "habits", reason: "", problem: .dayTwice(item: "Read", day: "2024-02-29"))),
            .rejected(BackupRejected(section: "habits", reason: "", problem: .invalidDay(item: "Read", value: "2023-02-30"))),
            .rejected(BackupRejected(section: "photos", reason: "", problem: .duplicateID("3"))),
            .rejected(BackupRejected(section: "cars", reason: "", problem: .tooMany(limit: 10_000))),
            .rejected(BackupRejected(section: "stories", reason: "", problem: .invalidValue("v9"))),
        ]
        for language in Language.allCases {
            let catalogue = Catalogues.backup[language]
            for error in errors {
                let message = error.message(in: catalogue)
                #expect(!message.hasPrefix("backup.") && !message.contains("{"), "\(language) \(error): \(message)")
            }
        }
        #expect(BackupFileError.tooLarge(limitBytes: 20 * 1024 * 1024).message(in: Catalogues.backup[.en]) == "The file is larger than 20 MB.")
        #expect(BackupFileError.otherVersion(2).message(in: Catalogues.backup[.pl]) == "To kopia w wersji 2; ten AppDeck czyta wersję 1.")
    }

    @Test("the file name is the export day")
    func fileName() {
        #expect(Self.file.fileName == "appdeck-backup-2025-11-27.json")
    }
}
