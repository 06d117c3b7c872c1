import Foundation

/// The Stories & Gallery content AppDeck ships (SG-8): `Content/content.json` and the images
/// under `Content/images`, decoded into the content model.
///
/// The file holds `{"items": [...]}` in display order; each item has a `kind` (`story` or
/// `gallery`), an `id`, a `cover` image, a `title` and a `type` (`{"en": …, "ru": …, "pl": …}`),
/// and either a `text` and `drawings` (`[{"paths": ["M0 0 L10 10", …], "strokeWidth": 2?}]`) or
/// `images`. An image is `{"file": "name.jpg", "width": …, "height": …, "widths": [320, 640, …]}`:
/// the size of the largest file and the widths stored, the files being `name-<width>.jpg`.
public enum StoriesContent {
    /// Why content did not load. Decoding errors of the JSON itself are rethrown as they are.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Path `path` of drawing `drawing` of item `item` does not parse (offset into its UTF-8).
        case invalidPath(item: String, drawing: Int, path: Int, SVGPathError)
        /// Drawing `drawing` of item `item` is not a drawing (no path draws anything, …).
        case invalidDrawing(item: String, drawing: Int, LineDrawing.Failure)
        /// An image of item `item` has a non-positive size or an empty file name.
        case invalidImage(item: String, file: String)
        /// `kind` is neither `story` nor `gallery`.
        case unknownKind(item: String, kind: String)
        /// A story without text or drawings, or a gallery without images.
        case missingField(item: String, field: String)
        /// Two items share an id.
        case duplicateID(String)
        /// The bundled `content.json` is not in the module's resources.
        case bundledContentMissing

        public var description: String {
            switch self {
            case .invalidPath(let item, let drawing, let path, let error):
                "item \(item), drawing \(drawing), path \(path): \(error)"
            case .invalidDrawing(let item, let drawing, let failure):
                "item \(item), drawing \(drawing): \(failure)"
            case .invalidImage(let item, let file): "item \(item): invalid image \(file)"
            case .unknownKind(let item, let kind): "item \(item): unknown kind \(kind)"
            case .missingField(let item, let field): "item \(item): missing \(field)"
            case .duplicateID(let id): "duplicate item id \(id)"
            case .bundledContentMissing: "content.json is missing from the Stories bundle"
            }
        }
    }

    /// The items of the content file at `url`, in order.
    public static func load(from url: URL) throws -> [StoryItem] {
        try decode(Data(contentsOf: url))
    }

    /// The items of content JSON `data`, in order.
    public static func decode(_ data: Data) throws -> [StoryItem] {
        let file = try JSONDecoder().decode(FileDTO.self, from: data)
        var seen = Set<String>()
        return try file.items.map { dto in
            guard seen.insert(dto.id).inserted else { throw Failure.duplicateID(dto.id) }
            return try item(dto)
        }
    }

    /// The content shipped in this module's resources.
    public static var bundled: [StoryItem] {
        get throws { try load(from: bundledContentURL) }
    }

    /// `content.json` in the module's resources.
    public static var bundledContentURL: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "content", withExtension: "json", subdirectory: "Content")
            else { throw Failure.bundledContentMissing }
            return url
        }
    }

    /// The folder of the bundled images (`<name>-<width>.<ext>` files).
    public static var bundledImagesURL: URL {
        get throws { try bundledContentURL.deletingLastPathComponent().appendingPathComponent("images", isDirectory: true) }
    }

    // MARK: - Decoding

    private struct FileDTO: Decodable {
        let items: [ItemDTO]
    }

    private struct ItemDTO: Decodable {
        let kind: String
        let id: String
        let cover: ImageDTO
        let title: [String: String]
        let type: [String: String]
        let text: [String: String]?
        let drawings: [DrawingDTO]?
        let images: [ImageDTO]?
    }

    private struct DrawingDTO: Decodable {
        let paths: [String]
        let strokeWidth: Double?
    }

    private struct ImageDTO: Decodable {
        let file: String
        let width: Int
        let height: Int
        let widths: [Int]?
    }

    private static func item(_ dto: ItemDTO) throws -> StoryItem {
        let cover = try image(dto.cover, item: dto.id)
        let title = LocalizedText(dto.title), type = LocalizedText(dto.type)
        switch dto.kind {
        case "story":
            guard let text = dto.text else { throw Failure.missingField(item: dto.id, field: "text") }
            guard let drawings = dto.drawings else { throw Failure.missingField(item: dto.id, field: "drawings") }
            return .story(Story(id: dto.id, cover: cover, title: title, type: type, text: LocalizedText(text),
                                drawings: try drawings.enumerated().map { try drawing($1, index: $0, item: dto.id) }))
        case "gallery":
            guard let images = dto.images else { throw Failure.missingField(item: dto.id, field: "images") }
            return .gallery(Gallery(id: dto.id, cover: cover, title: title, type: type,
                                    images: try images.map { try image($0, item: dto.id) }))
        default:
            throw Failure.unknownKind(item: dto.id, kind: dto.kind)
        }
    }

    private static func drawing(_ dto: DrawingDTO, index: Int, item: String) throws -> LineDrawing {
        do {
            return try LineDrawing(pathData: dto.paths, strokeWidth: dto.strokeWidth ?? LineDrawing.defaultStrokeWidth)
        } catch .invalidPath(let path, let error) {
            throw Failure.invalidPath(item: item, drawing: index, path: path, error)
        } catch {
            throw Failure.invalidDrawing(item: item, drawing: index, error)
        }
    }

    private static func image(_ dto: ImageDTO, item: String) throws -> ImageAsset {
        guard !dto.file.isEmpty, let size = PixelSize(width: dto.width, height: dto.height),
              (dto.widths ?? []).allSatisfy({ $0 > 0 && $0 <= dto.width })
        else { throw Failure.invalidImage(item: item, file: dto.file) }
        return ImageAsset(name: dto.file, size: size, widths: (dto.widths ?? []).sorted())
    }
}
