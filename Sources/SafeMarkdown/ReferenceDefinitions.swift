/// Link reference definitions (`[name]: url`) shared between blocks.
///
/// Ink resolves `[text][name]` only against definitions in the same text, and each block is
/// a text of its own, while READMEs usually define their badge links once at the bottom. Each
/// block gets the definitions it uses written in front of it; Ink renders nothing for them.
struct ReferenceDefinitions {
    private var lineByName: [String: String] = [:]

    /// Collects definitions from blocks already prepared by `InkBlockGuard`.
    init(collectingFrom blocks: [(text: String, isFencedCode: Bool)]) {
        for block in blocks where !block.isFencedCode && block.text.contains("]:") {
            for line in block.text.split(separator: "\n") {
                guard let name = Self.definedName(in: line) else { continue }
                if lineByName[name] == nil {
                    lineByName[name] = line.drop(while: \.isWhitespace).trimmingTrailingWhitespace()
                }
            }
        }
    }

    /// The block with the definitions it refers to written in front of it.
    func prefixingDefinitions(to block: String) -> String {
        guard !lineByName.isEmpty, block.contains("][") else { return block }
        var seen = Set<String>()
        var definitions = ""
        for name in Self.referencedNames(in: block) where seen.insert(name).inserted {
            if let line = lineByName[name] {
                definitions += line + "\n"
            }
        }
        return definitions.isEmpty ? block : definitions + "\n" + block
    }

    /// Mirrors Ink's `URLDeclaration`: `[name]:`, whitespace, then the rest of the line.
    private static func definedName(in line: Substring) -> String? {
        let text = line.drop(while: \.isWhitespace)
        guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
        let afterName = text[text.index(after: close)...]
        guard afterName.first == ":", afterName.dropFirst().first?.isWhitespace == true else { return nil }
        return text[text.index(after: text.startIndex)..<close].lowercased()
    }

    /// The names in `][name]`, lowercased as Ink looks them up.
    private static func referencedNames(in block: String) -> [String] {
        var names: [String] = []
        var previous: Character?
        var nameStart: String.Index?
        var index = block.startIndex
        while index < block.endIndex {
            let character = block[index]
            if let start = nameStart {
                if character == "]" {
                    names.append(block[start..<index].lowercased())
                    nameStart = nil
                } else if character == "\n" {
                    nameStart = nil
                }
            } else if character == "[", previous == "]" {
                nameStart = block.index(after: index)
            }
            previous = character
            index = block.index(after: index)
        }
        return names
    }
}
