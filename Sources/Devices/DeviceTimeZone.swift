import Foundation

/// The time zone a device reports (HB-3's "today" is a calendar day in it).
///
/// Only what a browser's `Intl.DateTimeFormat().resolvedOptions().timeZone` names (issue 33): an
/// IANA region zone (`Area/Location`, e.g. `Europe/Warsaw`, `America/Argentina/Buenos_Aires`,
/// legacy names like `Asia/Calcutta` included), UTC (`UTC`, `Etc/UTC`, `GMT`, `Etc/GMT`) or one of
/// IANA's fixed offsets (`Etc/GMT-14` … `Etc/GMT+12`). Foundation also takes custom offsets such as
/// `GMT+18` or `GMT+1400`, POSIX rules such as `EST5EDT` and `Factory`; none of them is a place,
/// and an 18-hour offset would move a device's "today" two days relative to UTC, so they are refused.
public enum DeviceTimeZone {
    /// Identifiers longer than this are refused: IANA's longest is 32 characters.
    public static let maxLength = 64

    /// The farthest any place on Earth is from UTC (Kiribati's Line Islands, UTC+14; Baker Island, UTC−12).
    public static let maxOffsetSeconds = 14 * 3600

    /// The areas of IANA's region zones (the first part of `Area/Location`).
    static let regionAreas: Set<Substring> = [
        "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific",
    ]

    /// UTC by the names browsers and IANA give it.
    static let utcNames: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT"]

    /// `identifier` when it names a region zone, UTC or an IANA fixed offset this system knows,
    /// exactly as sent; nil otherwise. Control characters are refused before asking Foundation,
    /// which would stop reading at a NUL and accept `Europe/Warsaw\0junk` as Warsaw: what is stored
    /// must be what was checked.
    public static func validated(_ identifier: String?) -> String? {
        guard let identifier, !identifier.isEmpty, identifier.count <= maxLength,
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.generalCategory != .control && $0 != " " }),
              isRegionUTCOrFixedOffset(identifier),
              let zone = TimeZone(identifier: identifier),
              abs(zone.secondsFromGMT(for: Date())) <= maxOffsetSeconds
        else { return nil }
        return identifier
    }

    /// The shape of the names accepted: `Area/Location[/Sublocation]` in a region area, each part
    /// letters, digits, `_`, `-` or `+`; UTC's names; `Etc/GMT+N` or `Etc/GMT-N` with N of one or
    /// two digits (tzdata's own range, -14…+12, is what Foundation then knows).
    static func isRegionUTCOrFixedOffset(_ identifier: String) -> Bool {
        if utcNames.contains(identifier) { return true }
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0] == "Etc" {
            let name = parts[1]
            guard name.hasPrefix("GMT+") || name.hasPrefix("GMT-") else { return false }
            let hours = name.dropFirst(4)
            return (1...2).contains(hours.count) && hours.allSatisfy { $0.isASCII && $0.isNumber }
        }
        guard (2...3).contains(parts.count), regionAreas.contains(parts[0]) else { return false }
        return parts.dropFirst().allSatisfy { part in
            !part.isEmpty && part.first!.isLetter
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-+".contains($0)) }
        }
    }
}
