/// A story: cover, title, type, a row of line drawings and a text (SG-3, SG-8).
public struct Story: Identifiable, Hashable, Sendable {
    public let id: String
    public let cover: ImageAsset
    public let title: LocalizedText
    /// The item's kind as the cell shows it under the title ("Story" in the document's data).
    public let type: LocalizedText
    public let text: LocalizedText
    /// Drawn one path after another, in order (SG-3, `DrawingTimeline`).
    public let drawings: [LineDrawing]

    public init(id: String, cover: ImageAsset, title: LocalizedText, type: LocalizedText, text: LocalizedText,
                drawings: [LineDrawing]) {
        self.id = id
        self.cover = cover
        self.title = title
        self.type = type
        self.text = text
        self.drawings = drawings
    }
}

/// A gallery: cover, title, type and images that keep their aspect ratio (SG-4, SG-8).
public struct Gallery: Identifiable, Hashable, Sendable {
    public let id: String
    public let cover: ImageAsset
    public let title: LocalizedText
    public let type: LocalizedText
    public let images: [ImageAsset]

    public init(id: String, cover: ImageAsset, title: LocalizedText, type: LocalizedText, images: [ImageAsset]) {
        self.id = id
        self.cover = cover
        self.title = title
        self.type = type
        self.images = images
    }
}

/// One cell of the Items collection (SG-2); both kinds open the same screen template (SG-9),
/// which reads what they share from here.
public enum StoryItem: Identifiable, Hashable, Sendable {
    case story(Story)
    case gallery(Gallery)

    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case story, gallery
    }

    public var kind: Kind {
        switch self {
        case .story: .story
        case .gallery: .gallery
        }
    }

    public var id: String {
        switch self {
        case .story(let story): story.id
        case .gallery(let gallery): gallery.id
        }
    }

    public var cover: ImageAsset {
        switch self {
        case .story(let story): story.cover
        case .gallery(let gallery): gallery.cover
        }
    }

    public var title: LocalizedText {
        switch self {
        case .story(let story): story.title
        case .gallery(let gallery): gallery.title
        }
    }

    public var type: LocalizedText {
        switch self {
        case .story(let story): story.type
        case .gallery(let gallery): gallery.type
        }
    }
}
