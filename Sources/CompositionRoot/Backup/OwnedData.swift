import Devices
import GitHub
import Persistence
import PostgresStorage
import SecretSealing
import Storage

/// Whether an owner keeps any data of its own, for linking's question (issue 50: it says what
/// happens to this browser's data only when there is some): any app's section of the backup that
/// is not empty, a chosen language, or a GitHub sign-in (never in a backup). The time zone a
/// browser reports by itself is no data a person made.
enum OwnedData {
    static func check(_ stores: StoreBackend, sealer: SecretSealer) -> @Sendable (DeviceID) async throws -> Bool {
        { owner in
            for (id, section) in try await stores.backup(of: owner).sections {
                if id == "device" {
                    if (section as? DevicePreferences)?.language != nil { return true }
                } else if !isEmpty(section) {
                    return true
                }
            }
            let tokens: any KeyValueStorage = switch stores {
            case .sqlite(let database): database.githubTokenStore(owner: owner, sealer: sealer)
            case .postgres(let database): database.githubTokenStore(owner: owner, sealer: sealer)
            }
            return try await tokens.string(forKey: GitHubService.tokenKey) != nil
        }
    }

    private static func isEmpty<Section: AppBackupSection>(_ section: Section) -> Bool { section == Section.empty }
}
