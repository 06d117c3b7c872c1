/// CommonMark autolinks (`<https://example.com>`, `<octo@example.com>`), which Ink 0.6.0 does
/// not know: it reads them as an HTML element that is never closed, and the URL is lost.
///
/// An autolink is rewritten into an ordinary Markdown link whose text and destination cannot
/// contain anything Ink would read as Markup, so Ink always accepts it as one link.
enum MarkdownAutolink {
    struct Match {
        /// The Markdown link replacing the autolink.
        var markdown: String
        /// The index just past the autolink's `>`.
        var end: Int
    }

    private static let maximumLength = 2048

    static func match(in characters: [Character], at start: Int) -> Match? {
        var index = start + 1
        var address = ""
        while index < characters.count, index - start <= maximumLength {
            let character = characters[index]
            if character == ">" {
                return link(for: address, end: index + 1)
            }
            guard isAddressCharacter(character) else { return nil }
            address.append(character)
            index += 1
        }
        return nil
    }

    private static func link(for address: String, end: Int) -> Match? {
        let lowercased = address.lowercased()
        let destination: String
        if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") || lowercased.hasPrefix("mailto:") {
            destination = address
        } else if isEmailAddress(address) {
            destination = "mailto:" + address
        } else {
            return nil
        }
        let markdown = "[" + InkText.literal(address) + "](" + InkText.literal(destination) + ")"
        return Match(markdown: markdown, end: end)
    }

    private static func isAddressCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#@!$&'()*+,;=%".utf8.contains(ascii)
        }
    }

    private static func isEmailAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
              !parts[1].hasSuffix(".") else { return false }
        let localAllowed: (Character) -> Bool = { $0.isLetter || $0.isNumber || "._%+-".contains($0) }
        let domainAllowed: (Character) -> Bool = { $0.isLetter || $0.isNumber || ".-".contains($0) }
        return parts[0].allSatisfy(localAllowed) && parts[1].allSatisfy(domainAllowed)
    }
}
