import Foundation
import PushServiceStandIn
import WebPush

/// The subject every suite's sender signs with.
let testSubject = try! VAPIDSubject("mailto:reminders@appdeck.example")

/// Runs `body` with a running push stand-in and a `PushSender` with `keys` on it, then shuts both
/// down, whether `body` threw or not. `clockOffset` moves the sender's clock (the stand-in keeps
/// the real one).
@discardableResult
func withPushService<T>(
    keys: VAPIDKeys = VAPIDKeys.generate(),
    clockOffset: TimeInterval = 0,
    configure: (inout PushSenderConfiguration) -> Void = { _ in },
    _ body: (PushServiceStandIn, PushSender) async throws -> T
) async throws -> T {
    let service = try await PushServiceStandIn.start()
    var configuration = PushSenderConfiguration(
        keys: keys, subject: testSubject, connectTimeout: .seconds(2), requestTimeout: .seconds(30),
        now: { Date().addingTimeInterval(clockOffset) })
    configure(&configuration)
    let sender = PushSender(configuration: configuration)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(service, sender))
    } catch {
        result = .failure(error)
    }
    try await sender.shutdown()
    await service.stop()
    return try result.get()
}

/// A reminder's payload, as the scheduler will send it.
func reminderPayload(_ name: String = "Drink water") -> [UInt8] {
    Array(#"{"habit":"\#(name)","url":"/habits/1"}"#.utf8)
}

/// A fresh empty directory under the system's temporary directory, mode 0700.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("web-push-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
}
