import Foundation

/// Decides where a README's links and images may point, and writes the address to emit.
///
/// The scheme is read the way an attacker hopes a browser will not: after character references
/// are decoded (the tokenizer did that) and with every ASCII control character and all whitespace
/// removed, so `java&#x09;script:`, ` javascript:` and `JaVaScRiPt:` all read as `javascript`.
/// Only an address whose scheme is allowed, or that has none (a relative path), goes on; the
/// address emitted is then the one Foundation resolved and re-serialized, never the input.
enum URLPolicy {
    enum LinkTarget: Equatable {
        /// `#…` on the same page; the anchor name already carries the `user-content-` prefix.
        case fragment(String)
        /// An absolute http, https or mailto URL.
        case absolute(String)
    }

    private static let linkSchemes: Set<String> = ["http", "https", "mailto"]
    private static let imageSchemes: Set<String> = ["http", "https"]

    /// Where a link may point; nil when it must not be a link (its text is kept).
    static func linkTarget(for address: String, base: URL?) -> LinkTarget? {
        let probe = schemeProbe(address)
        if probe.hasPrefix("#") {
            return .fragment(HeadingAnchors.fragmentLink(forAddress: browserCleaned(address)))
        }
        return resolved(address, base: base, allowedSchemes: linkSchemes).map { .absolute($0.absoluteString) }
    }

    /// The absolute http(s) URL of an image, or nil when it has none that may be loaded.
    static func imageURL(for address: String, base: URL?) -> URL? {
        resolved(address, base: base, allowedSchemes: imageSchemes)
    }

    private static func resolved(_ address: String, base: URL?, allowedSchemes: Set<String>) -> URL? {
        let probe = schemeProbe(address)
        guard !probe.isEmpty else { return nil }
        let cleaned = browserCleaned(address)
        let url: URL?
        if let scheme = scheme(of: probe) {
            guard allowedSchemes.contains(scheme) else { return nil }
            url = URL(string: percentEncoded(cleaned))
        } else {
            guard let base else { return nil }
            url = URL(string: percentEncoded(repositoryRelative(cleaned)), relativeTo: base)?.absoluteURL
        }
        guard let url, let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme) else { return nil }
        if scheme != "mailto" {
            guard let host = url.host, !host.isEmpty else { return nil }
        }
        return url
    }

    /// The address with all ASCII controls and all whitespace removed, lowercased, up to its
    /// first `:`, `/`, `?` or `#` (a scheme ends before any of them): only for finding the scheme,
    /// never emitted.
    static func schemeProbe(_ address: String) -> String {
        var probe = String.UnicodeScalarView()
        for scalar in address.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F || (scalar.value > 0x7F && scalar.properties.isWhitespace) {
                continue
            }
            probe.append(scalar.asciiLowercased)
            if scalar == ":" || scalar == "/" || scalar == "?" || scalar == "#" { break }
        }
        return String(probe)
    }

    /// The scheme before the first `:`, if the text before it is a scheme name.
    private static func scheme(of probe: String) -> String? {
        guard let colon = probe.firstIndex(of: ":") else { return nil }
        let candidate = probe[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
              candidate.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return String(candidate)
    }

    /// What a browser reads: controls and spaces trimmed from the ends, tabs and line breaks
    /// removed everywhere.
    private static func browserCleaned(_ address: String) -> String {
        let trimmed = address.trimmingURLWhitespace()
        guard trimmed.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return trimmed }
        var cleaned = String.UnicodeScalarView()
        for scalar in trimmed.unicodeScalars where !"\t\n\r".unicodeScalars.contains(scalar) {
            cleaned.append(scalar)
        }
        return String(cleaned)
    }

    /// GitHub reads `/docs/a.md` in a README as the repository's `docs/a.md`.
    private static func repositoryRelative(_ path: String) -> String {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return path }
        return String(path.drop(while: { $0 == "/" }))
    }

    private static let urlCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#@!$&'()*+,;=%".utf8)

    /// Percent-encodes everything outside the characters URLs allow (spaces, quotes, `<`, `>`,
    /// backslashes, non-ASCII…), a `%` not followed by two hex digits, and every `#` after the first.
    static func percentEncoded(_ address: String) -> String {
        let allowed = urlCharacters
        let bytes = Array(address.utf8)
        var result = ""
        var seenFragment = false
        for (index, byte) in bytes.enumerated() {
            let isValidPercent = byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
            let isSecondHash = byte == UInt8(ascii: "#") && seenFragment
            if byte == UInt8(ascii: "#") { seenFragment = true }
            if allowed.contains(byte), byte != UInt8(ascii: "%") || isValidPercent, !isSecondHash {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
