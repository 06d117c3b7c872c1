import Foundation
import Persistence

/// Writes and reads `BackupFile`s (issue 36). The sections it knows (each app's id and the type of
/// its section) come from the composition root, which knows the apps; reading is strict: a file is
/// one complete UTF-8 JSON object of at most `maxBytes`, nesting at most `maxDepth`, no key twice,
/// whole numbers only, this format and version, only known sections, each valid
/// (`AppBackupSection.validate()`), its days and times within `BackupBounds` and its language one
/// this server speaks (issue 46, item 11: a restore refuses what the habit import refuses).
public struct BackupFormat: Sendable {
    public static let maxBytes = 20 * 1024 * 1024
    /// Our files nest four levels (file, sections, a section, a habit); this leaves room.
    public static let maxDepth = 32

    /// Each app's id and its section's type, in the order the file lists them.
    public let sections: [(id: String, type: any AppBackupSection.Type)]

    public init(sections: [(id: String, type: any AppBackupSection.Type)]) {
        self.sections = sections
    }

    public func encode(_ file: BackupFile) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(BackupTimestamp.string(date))
        }
        return try encoder.encode(Document(file: file, order: sections.map(\.id)))
    }

    /// The file in `data`, read and checked; `bounds` are the restore's (`BackupBounds(now:timeZone:)`).
    public func decode(_ data: Data, bounds: BackupBounds) throws(BackupFileError) -> BackupFile {
        guard !data.isEmpty else { throw .empty }
        guard data.count <= Self.maxBytes else { throw .tooLarge(limitBytes: Self.maxBytes) }
        guard String(validating: data, as: UTF8.self) != nil else { throw .notUTF8 }
        do {
            try JSONShape.check(data, maxDepth: Self.maxDepth)
        } catch .tooDeep {
            throw .tooDeep(limit: Self.maxDepth)
        } catch .duplicateKey(let key) {
            throw .duplicateKey(key)
        } catch .notWholeNumber(let key, let literal) {
            throw .notWholeNumber(key: key, literal: literal)
        } catch {
            throw .notJSON
        }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch is DecodingError {
            // Valid JSON that is not an object with our header, or no JSON at all.
            throw (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil ? .notJSON : .notABackup
        } catch {
            throw .notJSON
        }
        guard header.format == BackupFile.format else { throw .notABackup }
        guard header.version == BackupFile.version else { throw .otherVersion(header.version ?? 0) }
        guard let day = header.day, CalendarDate.isValid(day), let exportedText = header.exportedAt,
              let exportedAt = BackupTimestamp.date(exportedText)
        else { throw .notABackup }
        guard bounds.contains(day: day) else { throw .exportDateOutOfRange(day) }
        guard bounds.contains(time: exportedAt) else { throw .exportDateOutOfRange(exportedText) }
        decoder.dateDecodingStrategy = Self.times(within: bounds)
        decoder.userInfo[BackupBounds.latestDayKey] = bounds.latestDay
        decoder.userInfo[SectionsDocument.typesKey] = SectionTypes(byID: Dictionary(uniqueKeysWithValues: sections.map { ($0.id, $0.type) }))
        let decoded: [String: any AppBackupSection]
        do {
            decoded = try decoder.decode(SectionsDocument.self, from: data).sections
        } catch let error as BackupFileError {
            throw error
        } catch {
            throw .notABackup
        }
        for id in sections.map(\.id) {
            guard let section = decoded[id] else { continue }
            do {
                try section.validate()
            } catch let rejected as BackupRejected {
                throw .rejected(rejected)
            } catch {
                throw .malformedSection(id)
            }
        }
        try BackupLanguage.check(decoded)
        return BackupFile(exportedAt: exportedAt, day: day, timeZone: header.timeZone, sections: decoded)
    }

    /// Reads a section's times (`BackupTimestamp`); a time outside `bounds` is a `TimeOutOfRange`
    /// (issue 46, item 11: a habit made in year 1 or 9999).
    private static func times(within bounds: BackupBounds) -> JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = BackupTimestamp.date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a time: \(text)")
            }
            guard bounds.contains(time: date) else { throw TimeOutOfRange(text: text) }
            return date
        }
    }

    private struct TimeOutOfRange: Error {
        let text: String
    }

    private struct Header: Decodable {
        let format: String?
        let version: Int?
        /// Read as text, so that a refusal quotes it as the file has it.
        let exportedAt: String?
        let day: String?
        let timeZone: String?
    }

    private struct SectionTypes: Sendable {
        let byID: [String: any AppBackupSection.Type]
    }

    /// The file's sections, each decoded as its app's type (an app this server lacks, or a section
    /// that does not decode, is a `BackupFileError`).
    private struct SectionsDocument: Decodable {
        static var typesKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "backup.sections")! }
        let sections: [String: any AppBackupSection]

        private enum Keys: String, CodingKey { case sections }

        init(from decoder: any Decoder) throws {
            guard let types = decoder.userInfo[Self.typesKey] as? SectionTypes else { throw BackupFileError.notABackup }
            let container = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: AnyKey.self, forKey: .sections)
            var sections: [String: any AppBackupSection] = [:]
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                guard let type = types.byID[key.stringValue] else { throw BackupFileError.unknownSection(key.stringValue) }
                do {
                    sections[key.stringValue] = try Self.decode(type, key: key, in: container)
                } catch let outOfRange as TimeOutOfRange {
                    throw BackupFileError.timeOutOfRange(section: key.stringValue, value: outOfRange.text)
                } catch let rejected as BackupRejected {
                    // A section that checks the restore's bounds as it is read (Habits' days).
                    throw BackupFileError.rejected(rejected)
                } catch {
                    throw BackupFileError.malformedSection(key.stringValue)
                }
            }
            self.sections = sections
        }

        private static func decode<Section: AppBackupSection>(
            _ type: Section.Type, key: AnyKey, in container: KeyedDecodingContainer<AnyKey>
        ) throws -> Section {
            try container.decode(Section.self, forKey: key)
        }
    }

    private struct Document: Encodable {
        let file: BackupFile
        let order: [String]

        private enum Keys: String, CodingKey { case format, version, exportedAt, day, timeZone, sections }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(BackupFile.format, forKey: .format)
            try container.encode(BackupFile.version, forKey: .version)
            try container.encode(file.exportedAt, forKey: .exportedAt)
            try container.encode(file.day, forKey: .day)
            try container.encodeIfPresent(file.timeZone, forKey: .timeZone)
            var sections = container.nestedContainer(keyedBy: AnyKey.self, forKey: .sections)
            for id in order {
                guard let section = file.sections[id] else { continue }
                try sections.encode(section, forKey: AnyKey(id))
            }
        }
    }
}

/// A coding key for names known only at run time (the apps' ids).
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// `YYYY-MM-DD` naming a day that exists in the proleptic Gregorian calendar (the one habits'
/// days are counted in), year 0000 included: so that a message can tell a day out of place
/// (`0000-01-01`, issue 46, item 11) from no day at all (`2023-02-30`).
enum CalendarDate {
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (48...57).contains($0) }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
