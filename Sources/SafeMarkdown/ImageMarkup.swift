/// Writes an image: through our image proxy when it gives an address, otherwise as a
/// placeholder of our own markup that shows the image's description.
enum ImageMarkup {
    /// A raw `<img>` from the README's HTML.
    static func write(_ attributes: [HTMLAttribute], links: ReadmeLinks, to writer: inout MarkupWriter) {
        let dimensions = ["width", "height"].compactMap { name in
            AttributePolicy.digits(attributes.value(of: name), maximumCount: 5).map { (name: name, value: $0) }
        }
        write(
            source: attributes.value(of: "src"), description: attributes.value(of: "alt") ?? "",
            title: attributes.value(of: "title"), dimensions: dimensions, links: links, to: &writer)
    }

    /// An image with this address, description (its plain text) and title.
    static func write(
        source: String?, description: String, title: String?,
        dimensions: [(name: String, value: String)] = [], links: ReadmeLinks, to writer: inout MarkupWriter
    ) {
        let description = description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let source,
              let url = URLPolicy.imageURL(for: source, base: links.imageBase),
              let proxied = links.proxiedImage(url), isPathOnOurOrigin(proxied)
        else {
            writePlaceholder(description: description, label: links.imagePlaceholderLabel, to: &writer)
            return
        }
        var written: [(name: String, value: String)] = [("src", proxied), ("alt", description)]
        if let title, !title.isEmpty {
            written.append(("title", title))
        }
        written += dimensions
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
}
