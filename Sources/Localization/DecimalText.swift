import Foundation

/// Numbers with a fraction as a language writes and reads them (issue 48: a habit's "3.5 km" in
/// English is "3,5 km" in Russian and Polish), to a thousandth: Loop Habit Tracker keeps a
/// number's value in thousandths too.
public enum DecimalText {
    /// The decimal separator `language` writes.
    public static func separator(_ language: Language) -> String {
        language == .en ? "." : ","
    }

    /// `value` with up to three decimals, no trailing zeros, thousands grouped: "1,234.5" in
    /// English, "1 234,5" (a no-break space) in Russian and Polish.
    public static func format(_ value: Double, language: Language) -> String {
        let thousandths = Int((value * 1000).rounded())
        let whole = language.grouped(thousandths / 1000)
        var fraction = String(abs(thousandths % 1000))
        guard fraction != "0" else { return thousandths < 0 && thousandths > -1000 ? "-" + whole : whole }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (thousandths < 0 && thousandths > -1000 ? "-" : "") + whole + separator(language) + fraction
    }

    /// The number `text` says, rounded to a thousandth, or nil. A point is a decimal separator in
    /// every language (a phone's numeric keyboard may offer only that one); a comma is one in
    /// Russian and Polish and groups thousands in English ("1,500"); spaces group thousands.
    /// No sign, no exponent: a habit's numbers are counts.
    public static func parse(_ text: String, language: Language) -> Double? {
        var digits = ""
        var separators = 0
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if language == .en, trimmed.contains(",") {
            guard isGroupedWithCommas(trimmed) else { return nil }
        }
        for character in trimmed {
            switch character {
            case "0"..."9": digits.append(character)
            case ".": digits.append("."); separators += 1
            case "," where language != .en: digits.append("."); separators += 1
            case ",", " ", "\u{00A0}", "\u{202F}": continue
            default: return nil
            }
        }
        guard separators <= 1, digits.contains(where: \.isNumber), digits.count <= 20, let value = Double(digits) else { return nil }
        return (value * 1000).rounded() / 1000
    }

    /// "1,500" or "12,345.25": commas every three digits of the whole part.
    private static func isGroupedWithCommas(_ text: String) -> Bool {
        let whole = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        return (1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }
    }
}
