import BenchmarkSupport
import Foundation
import Habits
import WebPush

/// The population of the benchmark (issue 38, "Proof and figures"): `habits` habits with their
/// reminder on, five per device, so many devices in several zones, times spread over the day with
/// the peaks people choose (on the hour, 08:00 and 21:00 most), a fifth of them already ticked on
/// the day their reminder falls due, and one to three browsers with a push subscription per
/// device. Made from a fixed seed, so every run and both backends get the same rows.
struct Seed {
    struct Device {
        let id: String
        let zone: String?
        let language: String?
        /// One session and one subscription per browser.
        let browsers: Int
    }

    struct Habit {
        let id: Int64
        let device: Int
        let hour: Int
        let minute: Int
        /// The instant its reminder falls due in the simulated day, and that day in its device's zone.
        let dueAt: Date
        let day: CalendarDay
        /// Ticked already on `day`: its reminder must be passed over.
        let isTracked: Bool
    }

    static let habitsPerDevice = 5
    /// Zones and their share of devices; nil is a device that never sent one (the server's UTC).
    static let zones: [(String?, Int)] = [
        ("Europe/Warsaw", 25), ("Europe/Moscow", 20), ("America/New_York", 15), ("America/Los_Angeles", 10),
        ("UTC", 8), (nil, 7), ("Asia/Tokyo", 7), ("Asia/Kolkata", 4), ("Australia/Sydney", 4),
    ]
    static let languages: [String?] = ["en", "ru", "pl", nil]
    /// Times people pick, and their weights; half of all habits take one of these.
    static let popularTimes: [(Int, Int, Int)] = [
        (7, 0, 2), (7, 30, 1), (8, 0, 4), (9, 0, 2), (12, 0, 1), (18, 0, 1), (20, 0, 2), (21, 0, 4), (22, 0, 2),
    ]

    let devices: [Device]
    let habits: [Habit]
    /// Valid P-256 points, as browsers send them: the scheduler parses each subscription it sends to.
    let publicKeys: [String]

    /// Subscriptions of `device`'s browsers: (endpoint, session id).
    func browsers(of index: Int) -> [(endpoint: String, session: String)] {
        (0..<devices[index].browsers).map { browser in
            ("https://fcm.googleapis.com/fcm/send/bench-\(index)-\(browser)", "s-\(index)-\(browser)")
        }
    }

    func publicKey(of device: Int, browser: Int) -> String { publicKeys[(device + browser) % publicKeys.count] }
    static let authSecret = "AAECAwQFBgcICQoLDA0ODw"  // 16 bytes, base64url

    init(habits count: Int, simulatedDayStart start: Date) {
        var random = SplitMix64(seed: 38)
        let deviceCount = (count + Self.habitsPerDevice - 1) / Self.habitsPerDevice
        let zoneTotal = Self.zones.map(\.1).reduce(0, +)
        let devices = (0..<deviceCount).map { index in
            var pick = Int(random.next() % UInt64(zoneTotal))
            let zone = Self.zones.first { pick -= $0.1; return pick < 0 }!.0
            return Device(
                // A `DeviceID`: 32 lowercase hex digits.
                id: String(format: "be0c%028x", index), zone: zone,
                language: Self.languages[Int(random.next() % UInt64(Self.languages.count))],
                browsers: 1 + Int(random.next() % 3))
        }
        self.devices = devices
        let timeTotal = Self.popularTimes.map(\.2).reduce(0, +)
        habits = (0..<count).map { index in
            let device = index / Self.habitsPerDevice
            let hour: Int, minute: Int
            if random.next() % 2 == 0 {
                var pick = Int(random.next() % UInt64(timeTotal))
                let time = Self.popularTimes.first { pick -= $0.2; return pick < 0 }!
                (hour, minute) = (time.0, time.1)
            } else {
                let minuteOfDay = Int(random.next() % 1440)
                (hour, minute) = (minuteOfDay / 60, minuteOfDay % 60)
            }
            let zone = ReminderClaim.zone(devices[device].zone)
            // Its one due instant in [start, start + 24 h): `next` is strictly after the date given.
            let next = ReminderTime.next(after: start.addingTimeInterval(-1), at: TimeOfDay(hour: hour, minute: minute)!, in: zone)
            return Habit(
                id: Int64(index + 1), device: device, hour: hour, minute: minute, dueAt: next.instant, day: next.day,
                isTracked: random.next() % 5 == 0)
        }
        publicKeys = (0..<16).map { _ in VAPIDKeys.generate().publicKeyBase64URL }
    }
}
