import Foundation
import Storage

/// Everything the routes need, built once at start-up.
struct WebEnvironment: Sendable {
    let database: AppDatabase
    let pages: PageRenderer
    let assets: AssetCatalog
    let csrf: CSRFSigner
    let preferences: DevicePreferencesCache
    /// The current calendar year, read at request time (validation allows up to next year).
    let currentYear: @Sendable () -> Int
}
