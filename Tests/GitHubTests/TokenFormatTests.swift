import GitHub
import Testing

@Suite("Token formats (GH-1)")
struct TokenFormatTests {
    @Test("every classic prefix with 36 letters and digits is a classic token", arguments: TokenFormat.ClassicKind.allCases)
    func classic(kind: TokenFormat.ClassicKind) throws {
        let text = kind.rawValue + String(repeating: "aZ09", count: 9)
        let token = try GitHubToken(text)
        #expect(token.format == .classic(kind))
        #expect(token.secret == text)
    }

    @Test("fine-grained and legacy tokens are recognised")
    func otherFormats() throws {
        #expect(try GitHubToken(Tokens.fineGrained).format == .fineGrained)
        #expect(try GitHubToken(Tokens.legacy).format == .legacy)
        #expect(Tokens.fineGrained.count == "github_pat_".count + 82)
        #expect(Tokens.legacy.count == 40)
    }

    @Test("surrounding whitespace and line breaks are trimmed")
    func trimmed() throws {
        let token = try GitHubToken("  \n\t\(Tokens.classic) \r\n")
        #expect(token.secret == Tokens.classic)
    }

    @Test("empty and blank texts are .empty", arguments: ["", " ", "\n\t  \r\n"])
    func empty(text: String) {
        #expect(throws: TokenProblem.empty) { try GitHubToken(text) }
    }

    @Test("whitespace inside is .containsSpaces", arguments: [
        "ghp_abc def", String(Tokens.classic.prefix(20)) + " " + String(Tokens.classic.dropFirst(20)),
        String(Tokens.classic.prefix(10)) + "\n" + String(Tokens.classic.dropFirst(10)), "a\u{00A0}b",
    ])
    func spaces(text: String) {
        #expect(throws: TokenProblem.containsSpaces) { try GitHubToken(text) }
    }

    @Test("wrong lengths, prefixes and characters are .unrecognised", arguments: [
        "ghp_" + String(repeating: "a", count: 35),  // one short
        "ghp_" + String(repeating: "a", count: 37),  // one long
        "ghx_" + String(repeating: "a", count: 36),  // no such prefix
        "GHP_" + String(repeating: "a", count: 36),  // prefixes are lower-case
        "ghp_" + String(repeating: "a", count: 35) + "-",
        "ghp_" + String(repeating: "a", count: 35) + "_",  // classic bodies have no underscore
        "ghp_" + String(repeating: "a", count: 35) + "а",  // a Cyrillic а
        "github_pat_" + String(repeating: "a", count: 81),
        "github_pat_" + String(repeating: "a", count: 83),
        "github_pat_" + String(repeating: "a", count: 81) + "-",
        String(repeating: "a", count: 39),  // legacy: one short
        String(repeating: "A", count: 40),  // legacy: lower-case hex only
        String(repeating: "g", count: 40),  // legacy: hex only
        "password", "Bearer",
    ])
    func unrecognised(text: String) {
        #expect(throws: TokenProblem.unrecognised) { try GitHubToken(text) }
    }

    @Test("a token never prints itself: description, interpolation, reflection, dump, mirror")
    func redacted() throws {
        for text in [Tokens.classic, Tokens.fineGrained, Tokens.legacy] {
            let token = try GitHubToken(text)
            var dumped = ""
            dump(token, to: &dumped)
            var dumpedInArray = ""
            dump([token], to: &dumpedInArray)
            let renderings = [
                token.description, token.debugDescription, "\(token)", String(describing: token), String(reflecting: token),
                "\([token])", "\(Optional(token) as Any)", dumped, dumpedInArray, "\(Mirror(reflecting: token).children.map(\.value))",
            ]
            for rendering in renderings {
                #expect(!rendering.contains(text))
                #expect(!rendering.contains(String(text.suffix(12))))
            }
            #expect(token.description == "GitHubToken(redacted)")
            #expect(String(reflecting: token) == "GitHubToken(redacted)")
            #expect(dumped.contains("GitHubToken(redacted)"))
            #expect(Mirror(reflecting: token).children.isEmpty)
        }
    }

    @Test("a token problem never carries the text")
    func problemsCarryNothing() {
        #expect(throws: TokenProblem.containsSpaces) { try GitHubToken("ghp_secret part") }
        #expect("\(TokenProblem.containsSpaces)" == "containsSpaces")
    }
}
