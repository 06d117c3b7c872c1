import Foundation

/// A browser removed from an owner's linked browsers, as every browser's Devices screen lists it
/// for `shownFor` (issue 46, item 8: a linked browser may remove the owner's first one; equal
/// rights, but nobody is removed unseen).
public struct BrowserRemoval: Sendable, Hashable {
    /// How long a removal stays listed.
    public static let shownFor: TimeInterval = 30 * 86_400

    public let removed: BrowserSession
    /// The name of the browser that removed it; nil when unknown (removed before this was kept).
    public let removerName: String?

    public init(removed: BrowserSession, removerName: String?) {
        self.removed = removed
        self.removerName = removerName
    }

    /// Whether the browser removed itself ("Forget this browser").
    public var removedItself: Bool { removed.removedBy == removed.id }
}
