import Persistence

/// A backup carries the feed as it is (issue 35): what was shown, in order, and where "Add
/// element" goes on.
extension PhotoFeed: AppBackupSection {
    public static var empty: PhotoFeed { PhotoFeed() }
}
