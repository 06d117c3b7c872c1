import Testing
import WebShell

/// The escaping writer reads text a word (8 bytes) at a time and handles the last few bytes of a
/// text, and texts under 8 bytes, as a word of their own. These tests put every character that
/// needs care, and every multi-byte neighbour of one, at every byte offset of a word and at every
/// distance from the end, so a fast path that misses a byte, splits a character or drops one too
/// many fails here.
@Suite("HTMLWriter: escaping at every offset")
struct HTMLWriterEscapeTests {
    /// What `escape` must write for each piece alone.
    static let pieces: [(input: String, output: String)] = [
        // The five escaped characters.
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
        // Their ASCII neighbours, which the word test may flag in passing: they stay as they are.
        ("!", "!"), ("#", "#"), ("$", "$"), ("%", "%"), ("(", "("), (";", ";"), ("=", "="), ("?", "?"), (" ", " "), ("A", "A"),
        // C0 controls go, except tab, line feed and carriage return; DEL stays.
        ("\u{0}", ""), ("\u{1}", ""), ("\u{8}", ""), ("\u{B}", ""), ("\u{1B}", ""), ("\u{1F}", ""),
        ("\t", "\t"), ("\n", "\n"), ("\r", "\r"), ("\u{7F}", "\u{7F}"),
        // C1 controls (U+0080–U+009F, two bytes C2 80–C2 9F) go; the rest of the C2 block stays.
        ("\u{80}", ""), ("\u{85}", ""), ("\u{9F}", ""), ("\u{A0}", "\u{A0}"), ("«", "«"), ("»", "»"), ("\u{BF}", "\u{BF}"),
        // Bidi embeddings, overrides and isolates (three bytes E2 80 AA–AE, E2 81 A6–A9) go.
        ("\u{202A}", ""), ("\u{202B}", ""), ("\u{202C}", ""), ("\u{202D}", ""), ("\u{202E}", ""),
        ("\u{2066}", ""), ("\u{2067}", ""), ("\u{2068}", ""), ("\u{2069}", ""),
        // Their E2 neighbours stay: line and paragraph separators, narrow no-break space, U+2065,
        // U+206A, a dash, the euro sign.
        ("\u{2028}", "\u{2028}"), ("\u{2029}", "\u{2029}"), ("\u{202F}", "\u{202F}"), ("\u{2065}", "\u{2065}"),
        ("\u{206A}", "\u{206A}"), ("‐", "‐"), ("€", "€"),
        // Directional marks (LRM, RLM, the Arabic letter mark) are not embeddings: they stay, as
        // they always have.
        ("\u{200E}", "\u{200E}"), ("\u{200F}", "\u{200F}"), ("\u{061C}", "\u{061C}"),
        // Letters of two, three and four bytes.
        ("ж", "ж"), ("Ł", "Ł"), ("ó", "ó"), ("ć", "ć"), ("Ё", "Ё"), ("\u{E000}", "\u{E000}"), ("😀", "😀"),
    ]

    /// Paddings that shift a piece by one byte (`a`) or two (`ж`) at a time.
    static let paddings = ["a", "ж"]

    @Test("each piece, alone and between 0 to 17 bytes of padding on either side, is written as expected")
    func everyOffset() {
        for (input, output) in Self.pieces {
            for padding in Self.paddings {
                for before in 0...17 {
                    for after in 0...17 {
                        let prefix = String(repeating: padding, count: before / padding.utf8.count)
                            + String(repeating: "a", count: before % padding.utf8.count)
                        let suffix = String(repeating: padding, count: after / padding.utf8.count)
                            + String(repeating: "a", count: after % padding.utf8.count)
                        var writer = HTMLWriter(capacity: 8)
                        writer.escape(prefix + input + suffix)
                        let written = writer.string
                        #expect(written == prefix + output + suffix, "\(input.debugDescription) after \(before) bytes, before \(after)")
                        if written != prefix + output + suffix { return }  // one failure says it; thousands would drown it
                    }
                }
            }
        }
    }

    @Test("a run of pieces needing care, back to back, keeps every one")
    func piecesInARow() {
        let input = Self.pieces.map(\.input).joined()
        let output = Self.pieces.map(\.output).joined()
        for start in 0..<9 {
            let prefix = String(repeating: "z", count: start)
            var writer = HTMLWriter(capacity: 8)
            writer.escape(prefix + input)
            #expect(writer.string == prefix + output)
            writer = HTMLWriter(capacity: 8)
            writer.escape(input + prefix)
            #expect(writer.string == output + prefix)
        }
    }

    @Test("texts of every length made of realistic pieces match a character-by-character reference")
    func matchesReference() {
        var generator = SplitMix64(seed: 23)
        for length in 0..<48 {
            for _ in 0..<60 {
                var input = ""
                for _ in 0..<length {
                    input += Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]
                }
                var writer = HTMLWriter(capacity: 8)
                writer.escape(input)
                #expect(writer.string == Self.reference(input), "\(input.debugDescription)")
                if writer.string != Self.reference(input) { return }
            }
        }
    }

    @Test("a long text grows the buffer while it is escaped, several times over, and loses nothing")
    func growsWhileEscaping() {
        let input = String(repeating: #"Łódź & "Żółć" <Производитель> 'x' "# + "\u{202E}\u{85}\u{0}", count: 400)
        var writer = HTMLWriter(capacity: 8)
        writer.markup("<p>")
        writer.escape(input)
        writer.markup("</p>")
        #expect(writer.string == "<p>" + Self.reference(input) + "</p>")
    }

    @Test("page-like text: Cyrillic, Polish and the escaped characters in car names")
    func carNames() {
        let cases = [
            ("Производитель17 Модель17", "Производитель17 Модель17"),
            ("Łódź Żółć 17 Gęślą jaźń «17»", "Łódź Żółć 17 Gęślą jaźń «17»"),
            ("Maker17 & <Co> Модель17", "Maker17 &amp; &lt;Co&gt; Модель17"),
            (#""O'Brien" & Sons 17 SS <17> > 'Ą'"#, "&quot;O&#39;Brien&quot; &amp; Sons 17 SS &lt;17&gt; &gt; &#39;Ą&#39;"),
        ]
        for (input, output) in cases {
            var writer = HTMLWriter(capacity: 8)
            writer.escape(input)
            #expect(writer.string == output)
        }
    }

    /// The pieces of the random texts: every piece above, and plain runs.
    static let alphabet = pieces.map(\.input) + ["Maker", "Модель", "Łódź", "17", "  "]

    /// What `escape` does, one Unicode scalar at a time: the rule written plainly.
    static func reference(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "'": output.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n", "\r": output.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{80}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}

/// A small seeded generator, so the random texts are the same in every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
