/// Decodes HTML character references (`&amp;`, `&#106;`, `&#x6A;`) as browsers do.
///
/// Numeric references need no `;` (browsers read `&#106avascript:` as `javascript:`). Named
/// references need their `;`, except the four that browsers also accept without it, and in an
/// attribute only when no letter, digit or `=` follows. A reference this decoder does not know
/// stays as it is written, and the output escapes its `&`, so the browser shows it as text:
/// what is not decoded here is never decoded later either.
enum HTMLCharacterReference {
    struct Decoded {
        var scalars: [Unicode.Scalar]
        /// How many input scalars the reference took, from its `&`.
        var length: Int
    }

    static func decode(_ scalars: [Unicode.Scalar], at start: Int, inAttribute: Bool) -> Decoded? {
        guard start + 1 < scalars.count else { return nil }
        if scalars[start + 1] == "#" {
            return decodeNumeric(scalars, at: start)
        }
        return decodeNamed(scalars, at: start, inAttribute: inAttribute)
    }

    private static func decodeNumeric(_ scalars: [Unicode.Scalar], at start: Int) -> Decoded? {
        var index = start + 2
        var isHexadecimal = false
        if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
            isHexadecimal = true
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let digit: UInt32
            if scalar.isASCIIDigit {
                digit = scalar.value - 0x30
            } else if isHexadecimal, scalar.isASCIIHexDigit {
                digit = (scalar.value | 0x20) - 0x61 + 10
            } else {
                break
            }
            // Saturate: anything past U+10FFFF is invalid anyway.
            value = min(value * (isHexadecimal ? 16 : 10) + digit, 0x110000)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < scalars.count, scalars[index] == ";" {
            index += 1
        }
        return Decoded(scalars: [scalar(forCodePoint: value)], length: index - start)
    }

    private static func decodeNamed(_ scalars: [Unicode.Scalar], at start: Int, inAttribute: Bool) -> Decoded? {
        var index = start + 1
        var name = ""
        while index < scalars.count, index - start <= 32, scalars[index].isASCIILetter || scalars[index].isASCIIDigit {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard !name.isEmpty, let replacement = HTMLNamedCharacters.table[name] else { return nil }
        if index < scalars.count, scalars[index] == ";" {
            return Decoded(scalars: Array(replacement.unicodeScalars), length: index + 1 - start)
        }
        guard HTMLNamedCharacters.acceptedWithoutSemicolon.contains(name) else { return nil }
        if inAttribute, index < scalars.count, scalars[index] == "=" {
            return nil
        }
        return Decoded(scalars: Array(replacement.unicodeScalars), length: index - start)
    }

    /// The character a numeric reference stands for; NUL, surrogates and values past Unicode
    /// become U+FFFD, as in browsers.
    private static func scalar(forCodePoint value: UInt32) -> Unicode.Scalar {
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }
}
