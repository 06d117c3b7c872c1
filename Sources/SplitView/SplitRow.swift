/// One row of the split view's list (SPLIT-2/3) and what its detail shows (SPLIT-4).
/// Texts live in the string catalogue under `split.rows.<id>.*`; the row only says which parts it has.
public struct SplitRow: Sendable, Hashable, Identifiable {
    /// URL-safe id, e.g. `harbour` in `/split/harbour`.
    public let id: String
    /// Whether the row shows a text under its title.
    public let hasText: Bool
    /// Whether the row shows a time to the right of its text.
    public let hasTime: Bool
    /// The two illustrations of the detail, by name (`harbour-boats`); a face maps a name to its picture.
    public let images: [String]

    public init(id: String, hasText: Bool, hasTime: Bool, images: [String]) {
        precondition(!hasTime || hasText, "a time sits to the right of a text")
        precondition(images.count == 2, "SPLIT-4 shows two images per row")
        self.id = id
        self.hasText = hasText
        self.hasTime = hasTime
        self.images = images
    }

    public var titleKey: String { "split.rows.\(id).title" }
    public var textKey: String { "split.rows.\(id).text" }
    public var timeKey: String { "split.rows.\(id).time" }
    /// Machine-readable time of the row (`<time datetime>`), same in every language.
    public var timeValueKey: String { "split.rows.\(id).datetime" }
    /// The detail's paragraphs: `split.rows.<id>.detail.p1`, `.p2`.
    public var detailKeys: [String] { ["split.rows.\(id).detail.p1", "split.rows.\(id).detail.p2"] }
    /// Alternative text of each image: `split.rows.<id>.image1`, `.image2`.
    public var imageAltKeys: [String] { ["split.rows.\(id).image1", "split.rows.\(id).image2"] }
}

extension SplitRow {
    /// The five rows of SPLIT-3, in order:
    /// 1. one-line title and text, time shown;
    /// 2. two-line title, otherwise as 1;
    /// 3. one-line title, no time, the text runs to the right edge;
    /// 4. one-line title, two-line text, time shown;
    /// 5. title only.
    /// How many lines a title or text takes is the texts' and the stylesheet's business; the
    /// browser suite measures it at every viewport.
    public static let all: [SplitRow] = [
        SplitRow(id: "harbour", hasText: true, hasTime: true,
                 images: ["harbour-boats", "harbour-lighthouse"]),
        SplitRow(id: "pass", hasText: true, hasTime: true,
                 images: ["pass-peaks", "pass-lake"]),
        SplitRow(id: "forest", hasText: true, hasTime: false,
                 images: ["forest-path", "forest-campfire"]),
        SplitRow(id: "dunes", hasText: true, hasTime: true,
                 images: ["dunes-sun", "dunes-night"]),
        SplitRow(id: "city", hasText: false, hasTime: false,
                 images: ["city-skyline", "city-bridge"]),
    ]
}
