import Foundation

/// How the code browser shows a file (issue 49), decided by its name before anything is fetched,
/// then by its bytes: pictures through the image proxy, Markdown rendered (with a "Code" toggle),
/// known binary formats and files over `maximumTextBytes` only named, everything else as text.
public enum FileKind: Sendable, Hashable {
    case text
    case markdown
    case image
    case binary

    /// What the contents API gives whole: files up to 1 MB.
    public static let maximumTextBytes = 1_000_000
    /// What the image proxy serves (its cap, as camo's).
    public static let maximumImageBytes = 5 << 20
    /// A NUL among the first this many bytes makes a file binary, as Git decides.
    static let sniffedBytes = 8000

    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn"]
    /// The formats the image proxy serves (`ReadmeImageRules.mediaTypes`).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "svg"]
    static let binaryExtensions: Set<String> = [
        "7z", "a", "aar", "apk", "bin", "bmp", "bz2", "class", "dat", "db", "dll", "dmg", "doc", "docx", "dylib", "eot",
        "exe", "flac", "gz", "heic", "ico", "icns", "iso", "jar", "lib", "mov", "mp3", "mp4", "o", "obj", "ogg", "otf",
        "pdf", "png8", "ppt", "pptx", "psd", "pyc", "rar", "so", "sqlite", "tar", "tgz", "tif", "tiff", "ttf", "wasm",
        "wav", "webm", "woff", "woff2", "xls", "xlsx", "xz", "zip", "zst",
    ]

    /// The kind a file's name says (`README.md` is Markdown, `logo.png` an image, `app.zip` binary).
    public static func of(name: String) -> FileKind {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .text }
        let suffix = name[name.index(after: dot)...].lowercased()
        if markdownExtensions.contains(suffix) { return .markdown }
        if imageExtensions.contains(suffix) { return .image }
        if binaryExtensions.contains(suffix) { return .binary }
        return .text
    }

    /// Whether `bytes` hold a NUL among their first `sniffedBytes`: not text, whatever the name.
    public static func looksBinary(_ bytes: Data) -> Bool {
        bytes.prefix(sniffedBytes).contains(0)
    }
}

/// A text's lines as the code view numbers them (issue 49): split at `\n` (a `\r` before it
/// dropped), the empty piece after a final line break not counted; an empty text has no lines.
public enum SourceLines {
    public static func split(_ text: String) -> [Substring] {
        guard !text.isEmpty else { return [] }
        // By scalars: `\r\n` is one `Character`, which a split at "\n" would not see.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in Substring(line.last == "\r" ? line.dropLast() : line) }
    }
}
