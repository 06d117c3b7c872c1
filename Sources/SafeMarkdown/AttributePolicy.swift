/// The attributes each allowed element keeps, rewritten into their safe form. Nothing else is
/// ever written: no `style` (our CSP forbids inline styles), no event handlers, no `class` but
/// the few generated here.
enum AttributePolicy {
    static let relForAbsoluteLinks = "nofollow noopener noreferrer"

    /// The attributes to write for `name`, or nil when the element must be left out (a link whose
    /// address is not allowed: its text stays, unlinked). Headings and images are handled by
    /// `SanitizedTreeBuilder` and `ImageMarkup`.
    static func attributes(
        for name: String,
        _ attributes: [HTMLAttribute],
        links: ReadmeLinks
    ) -> [(name: String, value: String)]? {
        switch name {
        case "a":
            return linkAttributes(attributes, links: links)
        case "code", "pre":
            return languageClass(attributes.value(of: "class")).map { [("class", $0)] } ?? []
        case "th", "td", "p", "div", "h1", "h2", "h3", "h4", "h5", "h6":
            return alignmentClass(attributes.value(of: "align")).map { [("class", $0)] } ?? []
        case "ol":
            return digits(attributes.value(of: "start"), maximumCount: 9).map { [("start", $0)] } ?? []
        case "details":
            return attributes.value(of: "open") != nil ? [("open", "")] : []
        default:
            return []
        }
    }

    private static func linkAttributes(_ attributes: [HTMLAttribute], links: ReadmeLinks) -> [(name: String, value: String)]? {
        var written = linkAttributes(href: attributes.value(of: "href"), title: attributes.value(of: "title"), links: links)
        guard written != nil else { return nil }
        for anchorAttribute in ["id", "name"] {
            if let anchor = attributes.value(of: anchorAttribute).flatMap(HeadingAnchors.anchor(forAttribute:)) {
                written?.append((anchorAttribute, anchor))
            }
        }
        return written
    }

    /// A link's `href`, `title` and `rel`, or nil when the address may not be linked to.
    static func linkAttributes(href: String?, title: String?, links: ReadmeLinks) -> [(name: String, value: String)]? {
        var written: [(name: String, value: String)] = []
        var isAbsolute = false
        if let href {
            switch URLPolicy.linkTarget(for: href, base: links.linkBase) {
            case nil:
                return nil
            case .fragment(let fragment):
                written.append(("href", fragment))
            case .absolute(let url):
                written.append(("href", links.folderLinks?.address(for: url) ?? url))
                isAbsolute = true
            }
        }
        if let title, !title.isEmpty {
            written.append(("title", title))
        }
        if isAbsolute {
            written.append(("rel", relForAbsoluteLinks))
        }
        return written
    }

    /// `language-…` from a fenced code block: the first class, if it is one.
    static func languageClass(_ value: String?) -> String? {
        guard let value else { return nil }
        let first = value.split(whereSeparator: \.isWhitespace).first ?? ""
        guard first.hasPrefix("language-"), first.count > "language-".count,
              first.dropFirst("language-".count).allSatisfy({ character in
                  character.isASCII && (character.isLetter || character.isNumber || "_+-".contains(character))
              })
        else { return nil }
        return String(first)
    }

    /// `align="left|center|right"` as a class, since our CSP forbids inline styles.
    static func alignmentClass(_ value: String?) -> String? {
        guard let alignment = value?.trimmingURLWhitespace().lowercased(),
              ["left", "center", "right"].contains(alignment) else { return nil }
        return "align-" + alignment
    }

    static func digits(_ value: String?, maximumCount: Int) -> String? {
        guard let value = value?.trimmingURLWhitespace(), !value.isEmpty, value.count <= maximumCount,
              value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return value
    }
}
