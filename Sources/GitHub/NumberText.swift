import Localization

/// Whole numbers grouped by thousands the way each language writes them (CLDR), without asking
/// the system's locale: `12,345` in English; `12 345` in Russian and Polish (a no-break space),
/// where Polish leaves four-digit numbers ungrouped (`1234`, CLDR's minimum grouping digits of 2).
enum NumberText {
    static func format(_ number: Int, language: Language) -> String {
        let digits = Array(String(number.magnitude))
        let (separator, minimumGroupingDigits): (String, Int) =
            switch language {
            case .en: (",", 1)
            case .ru: ("\u{00A0}", 1)
            case .pl: ("\u{00A0}", 2)
            }
        var text = ""
        if digits.count - 3 >= minimumGroupingDigits {
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { text += separator }
                text.append(digit)
            }
        } else {
            text = String(digits)
        }
        return number < 0 ? "-" + text : text
    }
}
