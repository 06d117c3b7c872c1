import Foundation
import Habits
import Logging

// The reminder scheduler's cost over a simulated day (issue 38, "Proof and figures"), on each
// backend: 100,000 habits with their reminder on (`Seed`), written straight into a database the
// app's migrations made; then `ReminderScheduler.tick()` every 20 s of an injected clock, from two
// hours before the day (the new reminders' due instants get worked out) through the 4,320 ticks of
// its 24 hours, with a push sender that only counts. It prints each backend's claim time per tick
// (the stores' `claimDue`, timed around each call) and whole tick time, the busiest tick, the rows
// claimed, whether every reminder was claimed exactly once (and no ticked one at all), and the
// plans of the claim's due-row statements. Release build, one process, the database on this machine.
// Usage: swift run -c release --package-path benchmarks reminder-scheduler-benchmark
//            [--habits N] [--backend sqlite|postgres|both] [--postgres postgres://…]
// The PostgreSQL server's URL may also come from APPDECK_TEST_DATABASE_URL; its user must be
// allowed to create a database (made and dropped by the run).

/// Each line as it is made (a run takes minutes; `print` into a file keeps them until the end).
func print(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

var options = [String: String]()
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let name = arguments.next() {
    guard name.hasPrefix("--"), let value = arguments.next() else { fatalError("usage: [--habits N] [--backend sqlite|postgres|both] [--postgres URL]") }
    options[String(name.dropFirst(2))] = value
}
let habitCount = options["habits"].flatMap { Int($0) } ?? 100_000
let backends = options["backend"] ?? "both"
let postgresURL = options["postgres"] ?? ProcessInfo.processInfo.environment["APPDECK_TEST_DATABASE_URL"]
guard habitCount > 0, ["sqlite", "postgres", "both"].contains(backends) else { fatalError("bad --habits or --backend") }

let logger = {
    var logger = Logger(label: "reminder-scheduler-benchmark")
    logger.logLevel = .warning
    return logger
}()

/// Midnight UTC of a day without a clock change in any of the seed's zones.
let dayStart = ISO8601DateFormatter().date(from: "2026-11-27T00:00:00Z")!
let interval: TimeInterval = 20
let dayTicks = Int(86400 / interval)
let warmUpTicks = Int(2 * 3600 / interval)
let batch = 500

func format(_ duration: Duration) -> String {
    let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return ms >= 1000 ? String(format: "%.2f s", ms / 1000) : String(format: "%.2f ms", ms)
}

func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
    sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
}

@MainActor
func measure(_ backend: any Backend, seed: Seed, seedTime: Duration) async throws {
    print("\n## \(backend.name): \(seed.habits.count) habits with reminders, \(seed.devices.count) devices, "
          + "\(seed.devices.map(\.browsers).reduce(0, +)) push subscriptions, "
          + "\(seed.habits.filter(\.isTracked).count) ticked already on their reminder's day (seeded in \(format(seedTime)))")
    let simulation = Simulation(backend: backend, startingAt: dayStart, logger: logger)

    // Warm-up: every reminder is new (`dueAt` NULL, as `setReminder` leaves it), as after they were all turned on.
    var scheduledAfter: Int?
    var warmUp: [Simulation.TickFigure] = []
    for index in 0..<warmUpTicks {
        warmUp.append(try await simulation.tick(at: dayStart.addingTimeInterval(Double(index - warmUpTicks) * interval)))
        if scheduledAfter == nil, try await backend.unscheduled() == 0 { scheduledAfter = index + 1 }
    }
    let warmUpClaims = simulation.dispatch.take().claims.count
    let warmUpClaimTime = warmUp.map(\.claimTime).reduce(.zero, +)
    let left = try await backend.unscheduled()
    print("- warm-up, 2 h before the day (\(warmUpTicks) ticks): every new reminder scheduled after "
          + "\(scheduledAfter.map { "\($0) ticks" } ?? "more than \(warmUpTicks) ticks (\(left) left)"), "
          + "\(batch) a tick; claim time \(format(warmUpClaimTime)) in all, busiest tick \(format(warmUp.map(\.claimTime).max() ?? .zero)); "
          + "\(warmUpClaims) reminders due in those 2 h claimed")

    try await backend.analyze()
    print("\nPlans of the claim's row-finding statements (SQLite: no statistics, as the app keeps none; PostgreSQL: after ANALYZE; at 08:00 UTC, limit \(batch)):")
    for (label, lines) in try await backend.plans(at: dayStart.addingTimeInterval(8 * 3600), limit: batch) {
        print("- \(label):")
        for line in lines { print("      \(line)") }
    }

    let sentBefore = simulation.sender.sent.withLock { $0 }
    var figures: [Simulation.TickFigure] = []
    for index in 0..<dayTicks {
        figures.append(try await simulation.tick(at: dayStart.addingTimeInterval(Double(index) * interval)))
        if (index + 1) % 540 == 0 {
            FileHandle.standardError.write(Data("\(backend.name): \((index + 1) / 180) simulated hours done\n".utf8))
        }
    }
    let claims = simulation.dispatch.take().claims
    let sent = simulation.sender.sent.withLock { $0 } - sentBefore

    var times = [Int64: Int]()
    var wrongDay = 0
    let byID = Dictionary(uniqueKeysWithValues: seed.habits.map { ($0.id, $0) })
    for claim in claims {
        times[claim.habitID, default: 0] += 1
        if byID[claim.habitID]?.day != claim.day { wrongDay += 1 }
    }
    let expected = seed.habits.filter { !$0.isTracked }
    let once = expected.filter { times[$0.id] == 1 }.count
    let twice = times.values.filter { $0 > 1 }.count
    let ticked = seed.habits.filter { $0.isTracked && times[$0.id] != nil }.count
    let subscriptions = Dictionary(uniqueKeysWithValues: seed.devices.map { ($0.id, $0.browsers) })
    let expectedSends = expected.map { subscriptions[seed.devices[$0.device].id]! }.reduce(0, +)

    let claimTimes = figures.map(\.claimTime).sorted()
    let tickTimes = figures.map(\.tickTime).sorted()
    let busiest = figures.max { $0.claimed < $1.claimed }!
    let slowest = figures.max { $0.claimTime < $1.claimTime }!
    let hour = { (date: Date) in ISO8601DateFormatter().string(from: date).dropFirst(11).prefix(8) }
    print("""

        The day: \(dayTicks) ticks, 20 s apart (00:00 to 24:00 UTC)
        | | total | median tick | p99 tick | max tick |
        |---|---:|---:|---:|---:|
        | claim (`claimDue`) | \(format(claimTimes.reduce(.zero, +))) | \(format(percentile(claimTimes, 0.5))) | \(format(percentile(claimTimes, 0.99))) | \(format(claimTimes.last!)) |
        | whole tick (claim + counted sends) | \(format(tickTimes.reduce(.zero, +))) | \(format(percentile(tickTimes, 0.5))) | \(format(percentile(tickTimes, 0.99))) | \(format(tickTimes.last!)) |
        - busiest tick: \(busiest.claimed) reminders at \(hour(busiest.at)) UTC, claimed in \(format(busiest.claimTime)) (whole tick \(format(busiest.tickTime)))
        - slowest claim: \(format(slowest.claimTime)) at \(hour(slowest.at)) UTC (\(slowest.claimed) reminders)
        - ticks that claimed something: \(figures.filter { $0.claimed > 0 }.count) of \(dayTicks)
        - rows claimed: \(claims.count) (expected \(expected.count): every reminder not ticked that day); notifications handed to the sender: \(sent) (expected \(expectedSends))
        - claimed exactly once: \(once) of \(expected.count); more than once: \(twice); ticked ones claimed: \(ticked); claimed for another day than its own: \(wrongDay)
        """)
    if once != expected.count || twice > 0 || ticked > 0 || wrongDay > 0 || sent != expectedSends {
        print("FAILED: the claims are not exactly the reminders due that day")
        exit(1)
    }
}

let seed = Seed(habits: habitCount, simulatedDayStart: dayStart)
print("# Reminder scheduler over a simulated day (\(habitCount) habits; ticks every 20 s; claims of at most \(batch))")
if backends != "postgres" {
    let begun = ContinuousClock.now
    let backend = try SQLiteBench(seed: seed, simulatedDayStart: dayStart)
    try await measure(backend, seed: seed, seedTime: ContinuousClock.now - begun)
    try await backend.close()
}
if backends != "sqlite" {
    guard let postgresURL else { fatalError("PostgreSQL: give --postgres URL or APPDECK_TEST_DATABASE_URL (or --backend sqlite)") }
    let begun = ContinuousClock.now
    let backend = try await PostgresBench(url: postgresURL, seed: seed, simulatedDayStart: dayStart, logger: logger)
    try await measure(backend, seed: seed, seedTime: ContinuousClock.now - begun)
    try await backend.close()
}
