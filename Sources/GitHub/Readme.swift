import Foundation

/// A repository's README, from `GET /repos/{owner}/{repo}/readme` (GH-3). GitHub sends the file
/// base64-encoded in `content`, with a line break every 60 characters; decoding joins and decodes
/// it into `text`, the Markdown as written (a leading byte-order mark dropped, bytes that are not
/// UTF-8 replaced rather than refused).
public struct Readme: Codable, Sendable, Hashable {
    /// The Markdown source.
    public let text: String
    /// Where the file lives in the repository: `README.md`, `docs/README.rst`.
    public let path: String
    /// The file's page on github.com.
    public let htmlURL: URL?
    /// The raw file.
    public let downloadURL: URL?

    public init(text: String, path: String, htmlURL: URL?, downloadURL: URL?) {
        self.text = text
        self.path = path
        self.htmlURL = htmlURL
        self.downloadURL = downloadURL
    }

    enum CodingKeys: String, CodingKey {
        case content, encoding, path
        case htmlURL = "html_url"
        case downloadURL = "download_url"
    }

    /// Accepts `encoding` `base64` (what GitHub sends for files up to 1 MB) and `utf-8`; any other
    /// (`none`, for larger files, whose `content` is empty) is `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
        downloadURL = try container.decodeIfPresent(URL.self, forKey: .downloadURL)
        let content = try container.decode(String.self, forKey: .content)
        let encoding = try container.decodeIfPresent(String.self, forKey: .encoding) ?? "base64"
        switch encoding.lowercased() {
        case "base64":
            guard let bytes = Data(base64Encoded: content.filter { !$0.isWhitespace }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .content, in: container, debugDescription: "content is not base64")
            }
            text = Self.text(from: bytes)
        case "utf-8", "utf8":
            text = content
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .encoding, in: container, debugDescription: "unsupported encoding \(encoding)")
        }
    }

    /// Writes GitHub's shape: `content` base64 with a line break every 60 characters.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let base64 = Data(text.utf8).base64EncodedString()
        try container.encode(Self.wrapped(base64, every: 60), forKey: .content)
        try container.encode("base64", forKey: .encoding)
        try container.encode(path, forKey: .path)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(downloadURL, forKey: .downloadURL)
    }

    static func text(from bytes: Data) -> String {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = bytes.starts(with: bom) ? bytes.dropFirst(bom.count) : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }

    static func wrapped(_ text: String, every width: Int) -> String {
        var lines: [Substring] = []
        var rest = text[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(width))
            rest = rest.dropFirst(width)
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}
