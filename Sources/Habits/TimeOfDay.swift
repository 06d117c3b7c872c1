/// When a habit is due each day, as the time picker gives it.
public struct TimeOfDay: Hashable, Comparable, Sendable {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:mm` (and `HH:mm:ss`, which a time input sends when it has a step in seconds).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        if parts.count == 3 { guard let second = Int(parts[2]), (0...59).contains(second) else { return nil } }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:mm`, the value of an `<input type=time>`.
    public var value: String {
        "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))"
    }

    /// `7:05 PM`: the course's English format (`h:mm a`).
    public var twelveHour: String {
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(hour12):\(Self.twoDigits(minute)) \(hour < 12 ? "AM" : "PM")"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
