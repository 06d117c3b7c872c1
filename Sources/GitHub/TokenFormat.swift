/// Why a pasted text is not a GitHub personal access token (GH-1). Checked before any request, so
/// a typo costs no round trip and no rate limit. Carries nothing of the text itself.
public enum TokenProblem: Error, Sendable, Hashable, CaseIterable {
    /// Nothing but whitespace.
    case empty
    /// Whitespace inside the token (a space, a tab, a line break from a careless copy).
    case containsSpaces
    /// None of the formats GitHub issues.
    case unrecognised
}

/// The token formats GitHub issues (its 2021 token format, plus the legacy one), recognised by
/// shape alone: a check that something *can* be a token, not that GitHub accepts it.
///
/// - classic: a prefix naming the kind, then 36 characters `[A-Za-z0-9]`
/// - fine-grained personal access token: `github_pat_`, then 82 characters `[A-Za-z0-9_]`
/// - legacy (issued before April 2021): 40 lower-case hexadecimal digits
public enum TokenFormat: Sendable, Hashable {
    case classic(ClassicKind)
    case fineGrained
    case legacy

    /// The prefix of a classic token: what issued it.
    public enum ClassicKind: String, Sendable, Hashable, CaseIterable {
        /// `ghp_`: a personal access token (classic), the one GH-1 asks for.
        case personal = "ghp_"
        /// `gho_`: an OAuth app's access token.
        case oauth = "gho_"
        /// `ghu_`: a GitHub App's user-to-server token.
        case userToServer = "ghu_"
        /// `ghs_`: a GitHub App's server-to-server (installation) token.
        case serverToServer = "ghs_"
        /// `ghr_`: a GitHub App's refresh token.
        case refresh = "ghr_"
    }

    static let fineGrainedPrefix = "github_pat_"
    static let classicBodyLength = 36
    static let fineGrainedBodyLength = 82
    static let legacyLength = 40

    /// The format of `text` (already trimmed), or nil.
    public static func recognise(_ text: String) -> TokenFormat? {
        let bytes = Array(text.utf8)
        for kind in ClassicKind.allCases where text.hasPrefix(kind.rawValue) {
            let body = bytes.dropFirst(kind.rawValue.utf8.count)
            return body.count == classicBodyLength && body.allSatisfy(isAlphanumeric) ? .classic(kind) : nil
        }
        if text.hasPrefix(fineGrainedPrefix) {
            let body = bytes.dropFirst(fineGrainedPrefix.utf8.count)
            return body.count == fineGrainedBodyLength && body.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
                ? .fineGrained : nil
        }
        if bytes.count == legacyLength && bytes.allSatisfy(isLowerHex) { return .legacy }
        return nil
    }

    /// Trims surrounding whitespace and line breaks, then checks the shape: the token and its
    /// format, or why it is not one.
    public static func check(_ text: String) -> Result<(token: String, format: TokenFormat), TokenProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(.empty) }
        if trimmed.contains(where: \.isWhitespace) { return .failure(.containsSpaces) }
        guard let format = recognise(trimmed) else { return .failure(.unrecognised) }
        return .success((trimmed, format))
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
