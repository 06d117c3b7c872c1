import Foundation

/// The time zone a device reports (HB-3's "today" is a calendar day in it).
public enum DeviceTimeZone {
    /// Identifiers longer than this are refused: IANA's longest is 32 characters.
    public static let maxLength = 64

    /// `identifier` when it names a zone this system knows, exactly as sent; nil otherwise.
    /// Control characters are refused before asking Foundation, which would stop reading at a NUL
    /// and accept `Europe/Warsaw\0junk` as Warsaw: what is stored must be what was checked.
    public static func validated(_ identifier: String?) -> String? {
        guard let identifier, !identifier.isEmpty, identifier.count <= maxLength,
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.generalCategory != .control && $0 != " " }),
              TimeZone(identifier: identifier) != nil
        else { return nil }
        return identifier
    }
}
