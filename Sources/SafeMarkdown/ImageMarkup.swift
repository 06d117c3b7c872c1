/// Writes an image: through our image proxy when it gives an address, otherwise as a
/// placeholder of our own markup that shows the image's description.
enum ImageMarkup {
    static func write(_ attributes: [HTMLAttribute], links: ReadmeLinks, to writer: inout MarkupWriter) {
        let destination = attributes.value(of: "src").map(LinkDestination.init(parsing:))
        let description = plainText(attributes.value(of: "alt") ?? "")
        guard let destination,
              let url = URLPolicy.imageURL(for: destination.address, base: links.imageBase),
              let proxied = links.proxiedImage(url), isPathOnOurOrigin(proxied)
        else {
            writePlaceholder(description: description, label: links.imagePlaceholderLabel, to: &writer)
            return
        }
        var written: [(name: String, value: String)] = [("src", proxied), ("alt", description)]
        if let title = attributes.value(of: "title") ?? destination.title, !title.isEmpty {
            written.append(("title", title))
        }
        for dimension in ["width", "height"] {
            if let value = AttributePolicy.digits(attributes.value(of: dimension), maximumCount: 5) {
                written.append((dimension, value))
            }
        }
        written += [("loading", "lazy"), ("decoding", "async")]
        writer.startTag("img", written)
    }

    /// `<span class="readme-image-placeholder" role="img" aria-label="Image: alt">`, with the
    /// label and the description as escaped text.
    static func writePlaceholder(description: String, label: String, to writer: inout MarkupWriter) {
        let accessibleName = description.isEmpty ? label : label + ": " + description
        writer.startTag("span", [("class", "readme-image-placeholder"), ("role", "img"), ("aria-label", accessibleName)])
        writer.startTag("span", [("class", "readme-image-placeholder-label")])
        writer.text(label)
        writer.endTag("span")
        if !description.isEmpty {
            writer.text(" " + description)
        }
        writer.endTag("span")
    }

    /// The proxy must answer with a path on our origin: `/…`, but not `//host` or `/\host`,
    /// which browsers read as another host.
    static func isPathOnOurOrigin(_ address: String) -> Bool {
        address.hasPrefix("/") && !address.hasPrefix("//") && !address.hasPrefix("/\\")
            && !address.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" })
    }

    /// Ink writes an image's description as HTML (`alt="a <em>b</em>"`): keep its text only,
    /// on one line.
    private static func plainText(_ html: String) -> String {
        var text = ""
        for case .text(let part) in HTMLTokenizer.tokenize(html) {
            text += part
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
