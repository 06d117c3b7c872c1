/// Whether an `&` starts a character reference whose whole text is letters, digits and `#`.
/// Ink skips from an `&` to the next `;` in its word; such references are the only ones left in
/// the text it reads, so that skip is short and hides nothing.
enum CharacterReferenceShape {
    static func length(in characters: [Character], at start: Int) -> Int? {
        var index = start + 1
        var isNumeric = false
        var isHexadecimal = false
        if index < characters.count, characters[index] == "#" {
            isNumeric = true
            index += 1
            if index < characters.count, characters[index] == "x" || characters[index] == "X" {
                isHexadecimal = true
                index += 1
            }
        }
        let bodyStart = index
        while index < characters.count, index - bodyStart <= 32 {
            let character = characters[index]
            if character == ";" {
                return index > bodyStart ? index + 1 - start : nil
            }
            guard character.isASCII else { return nil }
            let fits = isHexadecimal ? character.isHexDigit
                : isNumeric ? character.isWholeNumber
                : character.isLetter || character.isNumber
            guard fits else { return nil }
            index += 1
        }
        return nil
    }
}
