import CompositionRoot
import Devices
import Foundation
import GRDB
import Habits
import Persistence
@testable import Storage
import Synchronization
import Testing

/// Issue 46, item 3: an import or a restore on SQLite is written under a staging owner in short
/// transactions, so another device's writes go in between them, and handed over in one, so the
/// owner sees all of it or none. Before, each was one transaction: every write of another device
/// waited for its end (32.7 s for a Loop export of 1,000 × 1,000 days), and no write ever saw a
/// staged row. The tests watch from another device's write transactions: what they see, not how
/// long they waited, so the verdict does not depend on the machine's speed.
@Suite("Staged imports and restores (issue 46, item 3)")
struct StagedWriteTests {
    static let owner = DeviceID("0123456789abcdef0123456789abcdef")!
    static let other = DeviceID("fedcba9876543210fedcba9876543210")!
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// `habits` habits of `days` consecutive days each, from 2000-01-01.
    static func habits(_ habits: Int, days: Int, named prefix: String = "Habit") -> HabitImport {
        let first = CalendarDay(year: 2000, month: 1, day: 1)!
        let trackedDays = (0..<days).map { first.adding(days: $0) }
        return HabitImport(source: .habitBull, habits: (0..<habits).map {
            ImportedHabit(fields: HabitFields(name: "\(prefix) \($0)", time: TimeOfDay(hour: 8, minute: 0)!, color: .defaultColor),
                          originalName: "\(prefix) \($0)", trackedDays: trackedDays, losses: ImportLosses())
        })
    }

    /// What one of another device's writes saw, in its own write transaction.
    struct Sighting {
        let ownersHabits: Int
        let stagedDays: Int
    }

    /// Another device writing over and over, until `write` ends; what each of its writes saw.
    static func sightings(in database: AppDatabase, while write: @escaping @Sendable () async throws -> Void) async throws -> [Sighting] {
        let ended = Ended()
        return try await withThrowingTaskGroup(of: [Sighting].self) { group in
            group.addTask {
                defer { ended.flag.store(true, ordering: .releasing) }
                try await write()
                return []
            }
            group.addTask {
                var seen: [Sighting] = []
                while !ended.flag.load(ordering: .acquiring) {
                    seen.append(try await database.pool.write { db in
                        try db.execute(sql: "INSERT OR IGNORE INTO device (id, createdAt) VALUES (?, ?)", arguments: [other.rawValue, now])
                        try db.execute(sql: "UPDATE device SET language = 'en' WHERE id = ?", arguments: [other.rawValue])
                        return Sighting(
                            ownersHabits: try Int.fetchOne(db, sql: "SELECT count(*) FROM habit WHERE deviceID = ?", arguments: [owner.rawValue]) ?? 0,
                            stagedDays: try Int.fetchOne(db, sql: """
                                SELECT coalesce(sum(trackCount), 0) FROM habit WHERE deviceID >= 'staged-' AND deviceID < 'staged.'
                                """) ?? 0)
                    })
                }
                return seen
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    final class Ended: Sendable {
        let flag = Atomic<Bool>(false)
    }

    static func stagedOwners(in database: AppDatabase) throws -> Int {
        try database.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM device WHERE id >= 'staged-' AND id < 'staged.'") ?? 0
        }
    }

    @Test("another device's writes go in between an import's transactions and see none of it or all of it")
    func importInterleaves() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        defer { try? database.close() }
        let store = database.habitStore(owner: Self.owner)
        let imported = Self.habits(20, days: 2_000)  // 40,000 days: 20 staging transactions

        let seen = try await Self.sightings(in: database) { _ = try await store.add(imported, at: Self.now) }

        let between = seen.filter { $0.stagedDays > 0 }
        #expect(between.count >= 3, "another device wrote \(between.count) times while the import was staged (\(seen.count) writes)")
        #expect(seen.allSatisfy { [0, 20].contains($0.ownersHabits) }, "the owner saw a part of the import: \(Set(seen.map(\.ownersHabits)))")
        let habits = try await store.habits()
        #expect(habits.map(\.name) == imported.habits.map(\.fields.name))
        #expect(habits.allSatisfy { $0.trackedDays == imported.habits[0].trackedDays })
        #expect(try Self.stagedOwners(in: database) == 0)
    }

    @Test("another device's writes go in between a restore's transactions; the owner sees the old habits or the new, never a mix")
    func restoreInterleaves() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        defer { try? database.close() }
        let store = database.habitStore(owner: Self.owner)
        _ = try await store.add(Self.habits(3, days: 3_000, named: "Old"), at: Self.now)
        let restored = Self.habits(20, days: 2_000, named: "New")
        let backup = HabitsBackup(habits: restored.habits.enumerated().map { index, habit in
            BackedUpHabit(name: habit.fields.name, time: "08:00", color: habit.fields.color.hex, createdAt: Self.now,
                          days: habit.trackedDays.map(\.iso), reminder: index == 0 ? true : nil)
        })

        let seen = try await Self.sightings(in: database) {
            try await database.restore([backup], to: [HabitsSQLiteStorage.self], for: Self.owner)
        }

        #expect(seen.filter { $0.stagedDays > 0 }.count >= 3, "another device's writes never came between the restore's")
        #expect(seen.allSatisfy { [3, 20].contains($0.ownersHabits) }, "the owner saw a mix: \(Set(seen.map(\.ownersHabits)))")
        let habits = try await store.habits()
        #expect(habits.map(\.name) == restored.habits.map(\.fields.name))
        #expect(habits.allSatisfy { $0.trackedDays.count == 2_000 })
        #expect(try await database.backup(HabitsSQLiteStorage.self, of: Self.owner).habits.map { $0.reminder ?? false }
            == [true] + Array(repeating: false, count: 19))
        #expect(try Self.stagedOwners(in: database) == 0)
        let days = try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habitTrack") ?? 0 }
        #expect(days == 40_000, "the old habits' days were discarded")
    }

    @Test("a hand-over that fails (a replayed confirmation) leaves nothing staged and the owner's habits as they were")
    func failedHandOver() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        defer { try? database.close() }
        let store = database.habitStore(owner: Self.owner)
        let confirmation = SpentConfirmation(digest: "preview", expiresAt: Self.now.addingTimeInterval(3_600))
        _ = try await store.add(Self.habits(2, days: 3_000), at: Self.now, spending: confirmation)
        await #expect(throws: AlreadyConfirmed.self) {
            _ = try await store.add(Self.habits(2, days: 3_000, named: "Again"), at: Self.now, spending: confirmation)
        }
        #expect(try await store.habits().map(\.name) == ["Habit 0", "Habit 1"])
        #expect(try Self.stagedOwners(in: database) == 0)
        let days = try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habitTrack") ?? 0 }
        #expect(days == 6_000)
    }

    @Test("what a stopped process left staged is discarded when the database is opened again")
    func leftoversDiscarded() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        let staging = StagingOwner.make()
        try await database.pool.write { db in try staging.register(in: db) }
        let staged = Self.habits(2, days: 3_000).habits.map {
            SQLiteHabitStaging.Habit(fields: $0.fields, createdAt: Self.now, isArchived: false, days: $0.trackedDays)
        }
        _ = try await SQLiteHabitStaging.stage(staged, under: staging, trackedAt: Self.now, in: database.pool)
        #expect(try Self.stagedOwners(in: database) == 1)
        try database.close()

        let reopened = try temporary.open()
        defer { try? reopened.close() }
        #expect(try Self.stagedOwners(in: reopened) == 0)
        let rows = try await reopened.pool.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM habit") ?? -1, try Int.fetchOne(db, sql: "SELECT count(*) FROM habitTrack") ?? -1)
        }
        #expect(rows == (0, 0))
    }
}
