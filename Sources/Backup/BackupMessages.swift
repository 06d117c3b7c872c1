import Foundation
import Localization
import Persistence

extension BackupFileError {
    /// What a person reads when a restore is refused (`backup.error.*`).
    public func message(in catalogue: Catalogue) -> String {
        func text(_ key: String, _ arguments: [String: String] = [:]) -> String { catalogue.text("backup.error.\(key)", arguments) }
        switch self {
        case .empty: return text("empty")
        case .tooLarge(let limit): return text("tooLarge", ["megabytes": catalogue.language.grouped(limit / (1024 * 1024))])
        case .notUTF8: return text("notUTF8")
        case .notJSON: return text("notJSON")
        case .tooDeep(let limit): return text("tooDeep", ["limit": catalogue.language.grouped(limit)])
        case .duplicateKey(let key): return text("duplicateKey", ["key": BackupSectionName.excerpt(key)])
        case .notABackup: return text("notABackup")
        case .otherVersion(let version): return text("otherVersion", ["version": String(version), "supported": String(BackupFile.version)])
        case .unknownSection(let id): return text("unknownSection", ["section": BackupSectionName.excerpt(id)])
        case .malformedSection(let id): return text("malformedSection", ["section": BackupSectionName.name(id, in: catalogue)])
        case .notWholeNumber(let key, let literal):
            return text("notWholeNumber", ["key": BackupSectionName.excerpt(key), "value": BackupSectionName.excerpt(literal)])
        case .exportDateOutOfRange(let value): return text("exportDateOutOfRange", ["date": BackupSectionName.excerpt(value)])
        case .timeOutOfRange(let id, let value):
            return text("timeOutOfRange", ["section": BackupSectionName.name(id, in: catalogue), "value": BackupSectionName.excerpt(value)])
        case .unknownLanguage(let language):
            return text("unknownLanguage", [
                "language": BackupSectionName.excerpt(language), "languages": Language.allCases.map(\.nativeName).joined(separator: ", "),
            ])
        case .rejected(let rejected):
            let section = BackupSectionName.name(rejected.section, in: catalogue)
            switch rejected.problem {
            case .invalidDay(let item, let value) where CalendarDate.isValid(value):
                // A real date refused as a day is out of place: before 1970, after today or out of
                // order (issue 46, item 11); a value that is no date is refused as such.
                return text("dayOutOfPlace", ["item": BackupSectionName.excerpt(item), "value": value])
            case .invalidDay(let item, let value):
                return text("invalidDay", ["item": BackupSectionName.excerpt(item), "value": BackupSectionName.excerpt(value)])
            case .dayTwice(let item, let day): return text("dayTwice", ["item": BackupSectionName.excerpt(item), "day": day])
            case .duplicateID(let id): return text("duplicateID", ["section": section, "id": BackupSectionName.excerpt(id)])
            case .tooMany(let limit): return text("tooMany", ["section": section, "limit": catalogue.language.grouped(limit)])
            case .invalidValue(let value): return text("invalidValue", ["section": section, "value": BackupSectionName.excerpt(value)])
            }
        }
    }
}

/// An app's name as the backup screens say it (`backup.section.<id>`).
public enum BackupSectionName {
    public static func name(_ id: String, in catalogue: Catalogue) -> String {
        let key = "backup.section.\(id)"
        let name = catalogue.text(key)
        return name == key ? id : name
    }

    /// What a message quotes of a file's text, at most 40 characters.
    static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

extension BackupFile {
    /// The day it was exported, as the language writes a date ("November 27, 2026").
    public func exportedDay(in catalogue: Catalogue) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: ["en": "en_US", "ru": "ru_RU", "pl": "pl_PL"][catalogue.language.rawValue] ?? "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        guard let midnight = BackupTimestamp.date(day + "T00:00:00Z") else { return day }
        return formatter.string(from: midnight)
    }
}
