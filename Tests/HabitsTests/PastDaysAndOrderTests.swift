import Foundation
import Localization
import TestDoubles
import Testing
@testable import Habits

/// Issue 38: ticking past days from the details' history, and archive and order, on the pure
/// core with an injected clock in the device's zone.
@Suite("Past days, archive and order")
struct PastDaysAndOrderTests {
    let warsaw = zone("Europe/Warsaw")
    let en = Catalogues.habits[.en]

    func fixture(at start: Date, in timeZone: TimeZone) -> (InMemoryHabitStore, TestClock, HabitsService<InMemoryHabitStore>) {
        let store = InMemoryHabitStore()
        let clock = TestClock(start)
        return (store, clock, HabitsService(store: store, timeZone: timeZone, now: { clock.now }))
    }

    @Test("any day of the last year can change, before the habit was made too; a later day and an older one are refused, changing nothing")
    func lastYearToToday() async throws {
        let (store, clock, habits) = fixture(at: date(2026, 3, 1, 9, 0, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Run"))
        clock.set(date(2026, 3, 10, 20, 0, in: warsaw))
        for day in [day(2026, 3, 1), day(2026, 3, 3), day(2026, 3, 10)] {
            #expect(try await habits.setTracked(true, habitID: habit.id, on: day) == .done, "\(day)")
        }
        // Started running before adding the habit (issue 48): the 27th of February, and 5 March
        // 2025, the first of the 371 days (53 weeks) ending today; the 4th is one too many.
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 2, 27)) == .done)
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2025, 3, 5)) == .done)
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2025, 3, 4)) == .refused(.beforeStart))
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 3, 11)) == .refused(.future))
        #expect(try await habits.setTracked(false, habitID: habit.id, on: day(2026, 3, 11)) == .refused(.future))
        #expect(try #require(try await store.habit(id: habit.id)).trackedDays == [
            day(2025, 3, 5), day(2026, 2, 27), day(2026, 3, 1), day(2026, 3, 3), day(2026, 3, 10),
        ])
        #expect(try await habits.setTracked(false, habitID: habit.id, on: day(2025, 3, 5)) == .done)
        let screen = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: en))
        #expect(screen.action(on: day(2026, 2, 28)) != nil, "the details offer a day before the creation day")
        #expect(try await habits.setTracked(false, habitID: habit.id, on: day(2026, 3, 3)) == .done)
        #expect(try #require(try await store.habit(id: habit.id)).trackedDays == [day(2026, 2, 27), day(2026, 3, 1), day(2026, 3, 10)])
        #expect(HabitDayRefusal.future.message(in: en) == "A day after today cannot be marked. Nothing was changed.")
        #expect(HabitDayRefusal.beforeStart.message(in: Catalogues.habits[.ru]) == "День больше года назад отметить нельзя. Ничего не изменено.")
    }

    @Test("the last year is changeable whenever the habit was made; an imported day older than that stays changeable")
    func importedDaysBeforeCreation() {
        let habit = Habit(id: 1, name: "Read", time: seven, color: orange, createdAt: date(2026, 5, 1, in: warsaw),
                          trackedDays: [day(2026, 4, 20), day(2026, 4, 22)])
        #expect(habit.changeableDays(today: day(2026, 5, 2)) == day(2025, 4, 27)...day(2026, 5, 2))
        let fresh = Habit(id: 2, name: "Run", time: seven, color: orange, createdAt: date(2026, 5, 2, in: warsaw), trackedDays: [])
        #expect(fresh.changeableDays(today: day(2026, 5, 2)) == day(2025, 4, 27)...day(2026, 5, 2))
        let old = Habit(id: 3, name: "Walk", time: seven, color: orange, createdAt: date(2026, 5, 1, in: warsaw), trackedDays: [day(2023, 1, 9)])
        #expect(old.changeableDays(today: day(2026, 5, 2)) == day(2023, 1, 9)...day(2026, 5, 2))
        let habits = HabitsService(store: InMemoryHabitStore(), timeZone: warsaw, now: { date(2026, 5, 2, in: warsaw) })
        #expect(habits.stats(of: habit).completionRate == 2.0 / 13.0, "done % counts from the first imported day")
    }

    @Test("a tick made before midnight, replayed after the device moved a day east, counts for its day (issue 24)")
    func replayAfterMovingEast() async throws {
        let angeles = zone("America/Los_Angeles")
        let made = date(2026, 6, 10, 23, 58, in: angeles)
        let (store, clock, west) = fixture(at: made, in: angeles)
        let habit = try await west.create(fields("Late"))
        // The same instant in Tokyo is 11 June: the habit was made on the 11th there.
        clock.set(made.addingTimeInterval(120))
        let east = HabitsService(store: store, timeZone: zone("Asia/Tokyo"), now: { clock.now })
        #expect(east.today == day(2026, 6, 11))
        #expect(try await east.setTracked(true, habitID: habit.id, on: day(2026, 6, 10)) == .done)
        #expect(try await east.setTracked(true, habitID: habit.id, on: day(2026, 6, 11)) == .done)
        #expect(try #require(try await store.habit(id: habit.id)).trackedDays == [day(2026, 6, 10), day(2026, 6, 11)])
    }

    @Test("the day changes at midnight in the device's zone, on the DST day too (Europe/Warsaw, 29 March 2026)")
    func daylightSavingDay() async throws {
        // 00:30 on 29 March in Warsaw is 23:30 on 28 March in UTC: the habit begins on the 29th.
        let (_, clock, habits) = fixture(at: date(2026, 3, 29, 0, 30, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Sleep"))
        let screen = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: en))
        #expect(screen.days.first?.day == day(2026, 3, 29), "today is the 29th")
        #expect(screen.action(on: day(2026, 3, 29)) != nil && screen.action(on: day(2026, 3, 30)) == nil)
        // 23:59 on the 29th (a 23-hour day) is still the 29th; the 30th is tomorrow.
        clock.set(date(2026, 3, 29, 23, 59, in: warsaw))
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 3, 29)) == .done)
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 3, 30)) == .refused(.future))
        clock.set(date(2026, 3, 30, 0, 1, in: warsaw))
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 3, 30)) == .done)
        let stored = try #require(try await habits.habit(id: habit.id))
        #expect(habits.stats(of: stored).currentStreak == 2)
    }

    @Test("streaks, done % and the heatmap follow a past day at once")
    func statsFollowPastDays() async throws {
        let (_, clock, habits) = fixture(at: date(2026, 3, 1, 9, 0, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Run"))
        clock.set(date(2026, 3, 4, 9, 0, in: warsaw))
        for day in [day(2026, 3, 2), day(2026, 3, 3), day(2026, 3, 4)] {
            #expect(try await habits.setTracked(true, habitID: habit.id, on: day) == .done)
        }
        var screen = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: en))
        // Done since start counts from the first recorded day, the 2nd (issue 48).
        #expect(screen.stats.currentStreak == 3 && screen.stats.completionRate == 1 && screen.heatmap.trackedCount == 3)
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 3, 1)) == .done)
        screen = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: en))
        #expect(screen.stats.currentStreak == 4 && screen.stats.longestStreak == 4 && screen.stats.completionRate == 1)
        #expect(screen.heatmap.trackedCount == 4)
    }

    @Test("each day of the history names its date and action in the page's language; the last year is listed")
    func dayActions() async throws {
        let (store, clock, habits) = fixture(at: date(2026, 3, 1, 9, 0, in: warsaw), in: warsaw)
        _ = try await store.create(fields("Older"), at: date(2026, 2, 26, 9, 0, in: warsaw))
        let habit = try await habits.create(fields("Run"))
        clock.set(date(2026, 3, 5, 9, 0, in: warsaw))
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 3, 3)) == .done)
        let screen = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: en))
        let rows = Dictionary(uniqueKeysWithValues: screen.days.map { ($0.day, $0) })
        #expect(rows[day(2026, 3, 2)]?.action?.label == "Mark March\u{00A0}2,\u{00A0}2026 as done", "a date on one line")
        #expect(rows[day(2026, 3, 3)]?.action?.label == "Mark March\u{00A0}3,\u{00A0}2026 as not done")
        #expect(rows[day(2026, 3, 3)]?.action?.undoMessage.map(Self.spaced) == "“Run” will no longer count as done on March 3, 2026.")
        #expect(rows[day(2026, 3, 5)]?.action != nil, "today")
        #expect(rows[day(2026, 2, 28)]?.action != nil, "before the habit was made: listed and changeable")
        #expect(screen.totalDays == 371, "an empty habit lists the last year, every day with its control")
        let cells = screen.heatmap.columns.flatMap(\.cells)
        #expect(cells.filter { $0.label != nil }.map(\.day) == cells.map(\.day).filter { $0 <= day(2026, 3, 5) })
        #expect(cells.first { $0.day == day(2026, 3, 3) }?.label == "March\u{00A0}3,\u{00A0}2026: Done", "named for its day's sheet")
        #expect(cells.first?.day == day(2025, 3, 2), "the heatmap's first Sunday")
        #expect(cells.first { $0.day == day(2026, 3, 6) }?.label == nil, "tomorrow")
        let ru = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: Catalogues.habits[.ru]))
        // The locale's date (Foundation writes "2026 г." with a narrow no-break space).
        #expect(ru.action(on: day(2026, 3, 2)).map { Self.spaced($0.label) } == "Отметить 2 марта 2026 г. как выполненный")
        let undo = try #require(ru.action(on: day(2026, 3, 3))?.undoMessage)
        #expect(!undo.contains("..") && Self.spaced(undo) == "«Run» за 3 марта 2026 г. больше не будет считаться выполненной.", "issue 48: not \"г..\"")
        let pl = try #require(try await habits.detailsScreen(habitID: habit.id, catalogue: Catalogues.habits[.pl]))
        #expect(pl.action(on: day(2026, 3, 3)).map { Self.spaced($0.label) } == "Cofnij oznaczenie 3 marca 2026")
        // The rows: relative names, then the date without the year inside today's (issue 48).
        #expect(rows[day(2026, 3, 2)]?.label == "March\u{00A0}2")
        #expect(ru.days.first { $0.day == day(2026, 3, 2) }?.label == "2\u{00A0}марта")
    }

    /// A date with its no-break spaces as plain ones.
    static func spaced(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    @Test("an archived habit leaves the list and its progress, keeps its days, and comes back where it was")
    func archiveAndRestore() async throws {
        let (_, _, habits) = fixture(at: date(2026, 3, 1, 9, 0, in: warsaw), in: warsaw)
        let run = try await habits.create(fields("Run"))
        let read = try await habits.create(fields("Read"))
        let walk = try await habits.create(fields("Walk"))
        try await habits.track(habitID: read.id)
        #expect(try await habits.archive(habitID: read.id))
        #expect(try await habits.overviews().map(\.id) == [run.id, walk.id])
        #expect(try await habits.todayProgress() == 0)
        let archived = try await habits.archiveScreen(catalogue: en)
        #expect(archived.rows.map(\.name) == ["Read"])
        #expect(archived.rows.first?.restoreLabel == "Restore “Read” to the list" && archived.rows.first?.counter == "1 day done")
        #expect(try await habits.habit(id: read.id)?.trackedDays.count == 1)
        #expect(try await habits.restore(habitID: read.id))
        #expect(try await habits.overviews().map(\.id) == [run.id, read.id, walk.id])
        #expect(try await habits.archiveScreen(catalogue: en).rows.isEmpty)
        #expect(try await !habits.archive(habitID: 999))
    }

    @Test("Move up and Move down swap neighbours on the list, skipping archived habits; the ends change nothing")
    func order() async throws {
        let (_, _, habits) = fixture(at: date(2026, 3, 1, 9, 0, in: warsaw), in: warsaw)
        let a = try await habits.create(fields("A")), b = try await habits.create(fields("B")), c = try await habits.create(fields("C"))
        #expect(try await habits.move(habitID: c.id, .up))
        #expect(try await habits.overviews().map(\.fields.name) == ["A", "C", "B"])
        #expect(try await habits.move(habitID: a.id, .up), "the first moved up: nothing to do")
        #expect(try await habits.move(habitID: b.id, .down), "the last moved down: nothing to do")
        #expect(try await habits.overviews().map(\.fields.name) == ["A", "C", "B"])
        #expect(try await habits.archive(habitID: c.id))
        #expect(try await habits.move(habitID: b.id, .up), "over the archived C")
        #expect(try await habits.overviews().map(\.fields.name) == ["B", "A"])
        #expect(try await !habits.move(habitID: c.id, .up), "an archived habit is not on the list")
        let screen = try await habits.orderScreen(catalogue: en)
        #expect(screen.rows.map(\.canMoveUp) == [false, true] && screen.rows.map(\.canMoveDown) == [true, false])
        #expect(screen.rows.first?.moveUpLabel == "Move “B” up" && screen.rows.first?.moveDownLabel == "Move “B” down")
        #expect(screen.rows.first?.archiveLabel == "Archive “B”")
        let list = try await habits.listScreen(catalogue: en, after: b.id)
        #expect(list.rows.map(\.name) == ["A"], "a page goes on after the habit named, in the list's order")
    }
}
