import DeckTestSupport
import Devices
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Which zones a device may report (issue 33, item 11): IANA region zones, UTC and IANA's fixed
/// offsets, never Foundation's custom offsets, POSIX rules or `Factory`.
@Suite("Device time zone")
struct DeviceTimeZoneTests {
    @Test("IANA region zones, UTC and IANA's fixed offsets within ±14 h are accepted as sent", arguments: [
        "Europe/Warsaw", "America/Argentina/Buenos_Aires", "America/North_Dakota/New_Salem", "America/Port-au-Prince",
        "Asia/Calcutta", "Europe/Kiev", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Antarctica/Troll", "Indian/Reunion",
        "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/GMT-14", "Etc/GMT+12", "Etc/GMT-5",
    ])
    func accepted(identifier: String) {
        #expect(DeviceTimeZone.validated(identifier) == identifier)
    }

    @Test("custom offsets, offsets past ±14 h, POSIX rules, Factory and names that are no zone are refused", arguments: [
        "GMT+18", "GMT-18", "GMT+1400", "GMT+14", "GMT+14:00", "GMT+0", "UTC+5", "+05:30", "Etc/GMT+18", "Etc/GMT-15",
        "Etc/GMT+012", "Etc/GMT+", "Etc/Unknown", "Factory", "EST5EDT", "MST7MDT", "EST", "SystemV/EST5", "US/Eastern",
        "right/Europe/Warsaw", "posix/Europe/Warsaw", "Europe/warsaw", "Europe/Warsaw/", "/Europe/Warsaw", "Europe//Warsaw",
        "Europe/../Europe/Warsaw", "Mars/Olympus_Mons", "Europe/Warsaw\u{0}junk", "Europe/Warsaw ", "", "Z",
    ])
    func refused(identifier: String) {
        #expect(DeviceTimeZone.validated(identifier) == nil)
    }

    @Test("POST /device/time-zone answers 422 for a zone that is no place and keeps the one before")
    func route() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let reported = try await browser.post("/device/time-zone", form: [("timeZone", "Pacific/Kiritimati")])
            #expect(reported.status == .noContent)
            for zone in ["GMT+18", "GMT-18", "GMT+1400", "Factory", "EST5EDT"] {
                #expect(try await browser.post("/device/time-zone", form: [("timeZone", zone)]).status == .unprocessableContent, "\(zone)")
            }
            #expect(try await browser.get("/habits").text.contains(#"data-time-zone="Pacific/Kiritimati""#))
            #expect(try await browser.post("/device/time-zone", form: [("timeZone", "Etc/GMT+12")]).status == .noContent)
            #expect(try await browser.get("/habits").text.contains(#"data-time-zone="Etc/GMT+12""#))
        }
    }
}
