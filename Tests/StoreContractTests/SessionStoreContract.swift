import CompositionRoot
import Devices
import Foundation
import Testing

@Suite("SessionStore contract (SQLite and PostgreSQL)")
struct SessionStoreContract {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    static func session(_ owner: DeviceID, at date: Date = start, name: String = "Chrome/Android") -> BrowserSession {
        BrowserSession(id: .random(), owner: owner, name: name, createdAt: date)
    }

    static func grant(
        _ owner: DeviceID, lookup: String = "K7F2", code: String = "code", token: String = "token", expires: Date = start.addingTimeInterval(600)
    ) -> LinkGrant {
        LinkGrant(codeLookup: lookup, codeDigest: code, tokenDigest: token, owner: owner, expiresAt: expires)
    }

    static func code(_ digest: String, lookup: String = "K7F2") -> LinkClaim { .code(lookup: lookup, digest: digest) }

    @Test("a session is stored once, with its owner's device row, and read back as stored", arguments: Backend.allCases)
    func openAndRead(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            let first = Self.session(.alice)
            #expect(try await stores.sessions.session(first.id) == nil)
            #expect(try await stores.sessions.open(first) == first)
            #expect(try await stores.deviceCount() == 1)
            // Opening the same id again (two servers at once) keeps what was stored first.
            let again = BrowserSession(id: first.id, owner: .bob, name: "Firefox/Windows", createdAt: Self.start.addingTimeInterval(5))
            #expect(try await stores.sessions.open(again) == first)
            #expect(try await stores.sessions.session(first.id) == first)
            let second = try await stores.sessions.open(Self.session(.alice, at: Self.start.addingTimeInterval(60)))
            _ = try await stores.sessions.open(Self.session(.bob))
            #expect(try await stores.sessions.sessions(of: .alice).map(\.id) == [first.id, second.id])
        }
    }

    @Test("a removed session is kept as removed, leaves its owner's list, and only its owner removes it", arguments: Backend.allCases)
    func remove(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            let phone = try await stores.sessions.open(Self.session(.alice))
            let laptop = try await stores.sessions.open(Self.session(.alice))
            let later = Self.start.addingTimeInterval(30)
            #expect(try await stores.sessions.remove(phone.id, of: .bob, by: laptop.id, at: later) == false, "bob cannot remove alice's browser")
            #expect(try await stores.sessions.remove(phone.id, of: .alice, by: laptop.id, at: later))
            #expect(try await stores.sessions.remove(phone.id, of: .alice, by: laptop.id, at: later) == false, "once")
            #expect(try await stores.sessions.session(phone.id)?.removedAt == later)
            #expect(try await stores.sessions.session(phone.id)?.removedBy == laptop.id)
            #expect(try await stores.sessions.session(phone.id)?.wasRemovedByAnother == true)
            #expect(try await stores.sessions.sessions(of: .alice).map(\.id) == [laptop.id])
        }
    }

    @Test("a browser takes a name of its own, only from its owner, and gives it up for its User-Agent's (issue 50)",
          arguments: Backend.allCases)
    func rename(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            let phone = try await stores.sessions.open(Self.session(.alice, name: "Safari/iPhone"))
            let other = try await stores.sessions.open(Self.session(.alice, at: Self.start.addingTimeInterval(60), name: "Safari/iPhone"))
            #expect(phone.givenName == nil)
            #expect(try await stores.sessions.rename(phone.id, of: .bob, to: "Mine") == false, "bob cannot name alice's browser")
            #expect(try await stores.sessions.rename(phone.id, of: .alice, to: "Anna’s iPhone — 📱"))
            #expect(try await stores.sessions.session(phone.id)?.givenName == "Anna’s iPhone — 📱")
            #expect(try await stores.sessions.session(phone.id)?.name == "Safari/iPhone", "the User-Agent's name is kept")
            #expect(try await stores.sessions.sessions(of: .alice).map(\.givenName) == ["Anna’s iPhone — 📱", nil])
            #expect(try await stores.sessions.sessions(of: .alice).map(\.createdAt) == [Self.start, Self.start.addingTimeInterval(60)])
            #expect(try await stores.sessions.rename(phone.id, of: .alice, to: nil))
            #expect(try await stores.sessions.session(phone.id)?.givenName == nil)
            // A removed browser is named no more, and its removal lists it by the name it had.
            #expect(try await stores.sessions.rename(other.id, of: .alice, to: "Work"))
            #expect(try await stores.sessions.remove(other.id, of: .alice, by: phone.id, at: Self.start.addingTimeInterval(90)))
            #expect(try await stores.sessions.rename(other.id, of: .alice, to: "Again") == false)
            #expect(try await stores.sessions.removals(of: .alice, since: Self.start).map(\.removed.givenName) == ["Work"])
            #expect(try await stores.sessions.rename(SessionID.random(), of: .alice, to: "None") == false)
        }
    }

    @Test("removals are listed for 30 days with who removed whom, newest first; a browser that forgot itself says so (issue 46, item 8)",
          arguments: Backend.allCases)
    func removals(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            let phone = try await stores.sessions.open(Self.session(.alice))
            let laptop = try await stores.sessions.open(BrowserSession(id: .random(), owner: .alice, name: "Chrome/Linux", createdAt: Self.start))
            let tablet = try await stores.sessions.open(Self.session(.alice))
            _ = try await stores.sessions.open(Self.session(.bob))
            #expect(try await stores.sessions.remove(phone.id, of: .alice, by: laptop.id, at: Self.start.addingTimeInterval(10)))
            #expect(try await stores.sessions.remove(tablet.id, of: .alice, by: tablet.id, at: Self.start.addingTimeInterval(20)))
            let listed = try await stores.sessions.removals(of: .alice, since: Self.start)
            #expect(listed.map(\.removed.id) == [tablet.id, phone.id])
            #expect(listed.map(\.removerName) == [tablet.name, "Chrome/Linux"])
            #expect(listed.map(\.removedItself) == [true, false])
            #expect(try await stores.sessions.session(tablet.id)?.wasRemovedByAnother == false)
            #expect(try await stores.sessions.removals(of: .alice, since: Self.start.addingTimeInterval(15)).map(\.removed.id) == [tablet.id])
            #expect(try await stores.sessions.removals(of: .bob, since: Self.start).isEmpty)
        }
    }

    @Test("last seen is written only when an hour has passed since it last was", arguments: Backend.allCases)
    func lastSeen(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            let session = try await stores.sessions.open(Self.session(.alice))
            try await stores.sessions.markSeen(session.id, at: Self.start.addingTimeInterval(3599))
            #expect(try await stores.sessions.session(session.id)?.lastSeenAt == Self.start)
            try await stores.sessions.markSeen(session.id, at: Self.start.addingTimeInterval(3600))
            #expect(try await stores.sessions.session(session.id)?.lastSeenAt == Self.start.addingTimeInterval(3600))
        }
    }

    @Test("a grant is redeemed once, by its code or its token, into a session of its owner, the old one removed", arguments: Backend.allCases)
    func redeemOnce(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            let bobs = try await stores.sessions.open(Self.session(.bob))
            #expect(try await stores.sessions.storeLink(Self.grant(.alice)))
            let now = Self.start.addingTimeInterval(10)
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: now) == .found(.alice))
            #expect(try await stores.sessions.linkOwner(.token(digest: "token"), at: now) == .found(.alice))
            #expect(try await stores.sessions.linkOwner(.token(digest: "other"), at: now) == .notFound)
            #expect(try await stores.sessions.linkOwner(Self.code("code", lookup: "ZZZZ"), at: now) == .notFound)
            let id = SessionID.random()
            let linked = try #require(try await stores.sessions.redeemLink(
                .token(digest: "token"), as: id, named: "Safari/iPhone", replacing: bobs.id, at: now).found)
            #expect(linked.owner == .alice && linked.id == id && linked.name == "Safari/iPhone")
            #expect(try await stores.sessions.session(id) == linked)
            #expect(try await stores.sessions.session(bobs.id)?.isRemoved == true)
            #expect(try await stores.sessions.session(bobs.id)?.replacedBy == id)
            #expect(try await stores.sessions.sessions(of: .alice).map(\.id) == [id])
            // The code of the same grant went with its token.
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: now) == .notFound)
            #expect(try await stores.sessions.redeemLink(Self.code("code"), as: .random(), named: "", replacing: nil, at: now) == .notFound)
        }
    }

    @Test("a grant 10 minutes old redeems nothing", arguments: Backend.allCases)
    func expired(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            #expect(try await stores.sessions.storeLink(Self.grant(.alice)))
            let expiry = Self.start.addingTimeInterval(600)
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: expiry) == .notFound)
            #expect(try await stores.sessions.redeemLink(Self.code("code"), as: .random(), named: "", replacing: nil, at: expiry) == .notFound)
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: expiry.addingTimeInterval(-1)) == .found(.alice))
        }
    }

    @Test("twenty browsers redeeming one code at once through two clients make exactly one session", arguments: Backend.allCases)
    func redemptionRace(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    for round in 0..<3 {
                        let lookup = "K7F\(round)"
                        #expect(try await first.sessions.storeLink(Self.grant(.alice, lookup: lookup, code: "code\(round)", token: "token\(round)")))
                        let now = Self.start.addingTimeInterval(1)
                        let winners = try await withThrowingTaskGroup(of: BrowserSession?.self) { group in
                            for index in 0..<20 {
                                let stores = index.isMultiple(of: 2) ? first : second
                                let claim = index.isMultiple(of: 3) ? LinkClaim.token(digest: "token\(round)") : Self.code("code\(round)", lookup: lookup)
                                group.addTask {
                                    try await stores.sessions.redeemLink(claim, as: .random(), named: "", replacing: nil, at: now).found
                                }
                            }
                            return try await group.reduce(into: [BrowserSession]()) { if let session = $1 { $0.append(session) } }
                        }
                        #expect(winners.count == 1, "round \(round)")
                    }
                    #expect(try await first.sessions.sessions(of: .alice).count == 3)
                }
            }
        }
    }

    @Test("a code takes 5 wrong secrets, then works no more, though right; its link still works", arguments: Backend.allCases)
    func wrongCodesSpendTheCode(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            // Both alive by the wall clock, which `storeLink` lets expired grants go by.
            let now = Date()
            #expect(try await stores.sessions.storeLink(Self.grant(.alice, expires: now.addingTimeInterval(600))))
            #expect(try await stores.sessions.storeLink(Self.grant(.bob, lookup: "Q9XM", code: "bobs", token: "bobs token", expires: now.addingTimeInterval(600))))
            // The right code, asked about and not taken, costs nothing, however often.
            for _ in 0..<8 { #expect(try await stores.sessions.linkOwner(Self.code("code"), at: now) == .found(.alice)) }
            for wrong in 1..<LinkGrant.wrongCodeLimit {
                let answer = wrong.isMultiple(of: 2)
                    ? try await stores.sessions.linkOwner(Self.code("wrong \(wrong)"), at: now)
                    : try await stores.sessions.redeemLink(Self.code("wrong \(wrong)"), as: .random(), named: "", replacing: nil, at: now).map(\.owner)
                #expect(answer == .notFound, "wrong try \(wrong)")
            }
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: now) == .found(.alice), "4 wrong tries leave the code working")
            #expect(try await stores.sessions.linkOwner(Self.code("wrong 5"), at: now) == .spent, "the fifth spends it")
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: now) == .spent)
            #expect(try await stores.sessions.redeemLink(Self.code("code"), as: .random(), named: "", replacing: nil, at: now) == .spent)
            // Another link's code was never touched; the spent code's link still works.
            #expect(try await stores.sessions.linkOwner(Self.code("bobs", lookup: "Q9XM"), at: now) == .found(.bob))
            let linked = try await stores.sessions.redeemLink(.token(digest: "token"), as: .random(), named: "", replacing: nil, at: now)
            #expect(linked.found?.owner == .alice)
            #expect(try await stores.sessions.linkOwner(Self.code("code"), at: now) == .notFound, "taken with its link")
        }
    }

    @Test("a lookup a live link has is refused; an expired link's is free again", arguments: Backend.allCases)
    func lookupsAreUnique(_ backend: Backend) async throws {
        try await backend.withStores { stores async throws in
            // `storeLink` lets grants expired by the wall clock go: these expire in the past.
            let past = Date().addingTimeInterval(-1)
            #expect(try await stores.sessions.storeLink(Self.grant(.alice, code: "old", token: "old token", expires: past)))
            #expect(try await stores.sessions.storeLink(Self.grant(.alice, code: "new", token: "new token", expires: Date().addingTimeInterval(600))))
            #expect(try await stores.sessions.storeLink(Self.grant(.bob, code: "bobs", token: "bobs token")) == false)
            #expect(try await stores.sessions.linkOwner(.token(digest: "bobs token"), at: Date()) == .notFound, "nothing kept")
            #expect(try await stores.sessions.linkOwner(Self.code("new"), at: Date()) == .found(.alice))
        }
    }

    @Test("wrong codes sent at once through two clients each count: the link is spent after exactly 5", arguments: Backend.allCases)
    func wrongCodesAtOnce(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    #expect(try await first.sessions.storeLink(Self.grant(.alice)))
                    let now = Self.start.addingTimeInterval(1)
                    let answers = try await withThrowingTaskGroup(of: LinkAnswer<DeviceID>.self) { group in
                        for index in 0..<12 {
                            let stores = index.isMultiple(of: 2) ? first : second
                            group.addTask { try await stores.sessions.linkOwner(Self.code("wrong \(index)"), at: now) }
                        }
                        return try await group.reduce(into: [LinkAnswer<DeviceID>]()) { $0.append($1) }
                    }
                    #expect(answers.filter { $0 == .notFound }.count == LinkGrant.wrongCodeLimit - 1)
                    #expect(answers.filter { $0 == .spent }.count == 12 - (LinkGrant.wrongCodeLimit - 1))
                    #expect(try await fixture.integer("SELECT wrongCodeTries FROM linkGrant") == LinkGrant.wrongCodeLimit)
                }
            }
        }
    }

    @Test("sessions and grants go with their device, and are no part of its backup", arguments: Backend.allCases)
    func cascadeAndBackup(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                _ = try await stores.sessions.open(Self.session(.alice))
                _ = try await stores.sessions.open(Self.session(.bob))
                #expect(try await stores.sessions.storeLink(Self.grant(.alice)))
                #expect(!StoreBackend.keeperIDs.contains { $0.contains("session") })
                let backup = try await stores.backup(of: .alice)
                #expect(Set(backup.sections.keys) == Set(StoreBackend.keeperIDs))
            }
            try await fixture.execute("DELETE FROM device WHERE id = '\(DeviceID.alice.rawValue)'")
            #expect(try await fixture.integer("SELECT COUNT(*) FROM session") == 1)
            #expect(try await fixture.integer("SELECT COUNT(*) FROM linkGrant") == 0)
        }
    }
}
