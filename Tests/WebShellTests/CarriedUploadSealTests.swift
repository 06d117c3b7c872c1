import Devices
import Foundation
import Testing
@testable import WebShell

/// Each preview is confirmed once (issue 46, item 9): a seal is the preview's, not the file's.
@Suite("A carried upload's seal")
struct CarriedUploadSealTests {
    let carried = CarriedUpload(key: Array(repeating: 7, count: 32))
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("one file previewed twice in the same second gets two seals with two confirmations, each opening to the file")
    func twoPreviewsTwoConfirmations() throws {
        let device = try #require(DeviceID("0123456789abcdef0123456789abcdef"))
        let file = Data("Name,Date\nWalk,2026-12-01\n".utf8)
        let first = try #require(carried.opened(carried.seal(file, for: device, now: now), for: device, now: now))
        let second = try #require(carried.opened(carried.seal(file, for: device, now: now), for: device, now: now))
        #expect(first.data == file && second.data == file)
        #expect(first.confirmation.digest != second.confirmation.digest)
    }

    @Test("a seal opens for its device only, until it expires, and not once any part of it is changed")
    func sealHolds() throws {
        let device = try #require(DeviceID("0123456789abcdef0123456789abcdef"))
        let other = try #require(DeviceID("fedcba9876543210fedcba9876543210"))
        let sealed = carried.seal(Data("file".utf8), for: device, now: now)
        #expect(carried.open(sealed, for: device, now: now) == Data("file".utf8))
        #expect(carried.open(sealed, for: other, now: now) == nil)
        #expect(carried.open(sealed, for: device, now: now.addingTimeInterval(CarriedUpload.lifetime + 1)) == nil)
        var parts = sealed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[2] = String(parts[2].reversed())  // another nonce
        #expect(carried.open(parts.joined(separator: "."), for: device, now: now) == nil)
    }
}
