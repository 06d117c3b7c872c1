import Foundation
import Stories

/// What Stories & Gallery shows: its items, and the folder whose `images/` holds their files.
public struct StoriesParts: Sendable {
    public let items: [StoryItem]
    public let contentFolder: URL?

    public init(items: [StoryItem], contentFolder: URL?) {
        self.items = items
        self.contentFolder = contentFolder
    }

    /// The content the Stories module ships; every drawing is parsed and checked here, so content
    /// that does not load stops the server at start, not a page later.
    public static var bundled: StoriesParts {
        get throws {
            StoriesParts(items: try StoriesContent.bundled, contentFolder: try StoriesContent.bundledContentURL.deletingLastPathComponent())
        }
    }
}
