import Foundation
import Localization
import Testing
@testable import Habits

@Suite("Screen states: the habits list, the details, the CSV export")
struct ScreenTests {
    let ru = Catalogues.habits[.ru]

    func habit(tracked: [CalendarDay], created: CalendarDay = day(2026, 1, 1)) -> Habit {
        Habit(id: 7, name: "Читать", time: TimeOfDay(hour: 19, minute: 0)!, color: .defaultColor,
              createdAt: created.utcMidnight.addingTimeInterval(3600), trackedDays: tracked)
    }

    @Test("the list: progress cell, then rows with the course's texts")
    func list() {
        let overviews = [
            HabitOverview(id: 1, fields: fields("A"), trackCount: 3, isTrackedToday: true),
            HabitOverview(id: 2, fields: fields("B"), trackCount: 0, isTrackedToday: false),
            HabitOverview(id: 3, fields: fields("C"), trackCount: 1, isTrackedToday: false),
        ]
        let screen = HabitListScreen(overviews: overviews, catalogue: ru)
        #expect(screen.progress.percent == 33)
        #expect(screen.progress.motivation == "Всё получится!")
        #expect(screen.rows.map(\.counter) == ["3 дня выполнено", "0 дней выполнено", "1 день выполнен"])
        #expect(screen.rows[0].schedule == "Каждый день в 07:00")
        #expect(screen.rows.map(\.isTrackedToday) == [true, false, false])
        #expect(HabitListScreen(overviews: [], catalogue: ru).progress.percent == 0)
    }

    @Test("a long list shows a page of rows under the progress of every habit; at most 200 a request (issue 34)")
    func pages() {
        let overviews = (1...450).map { HabitOverview(id: Int64($0), fields: fields("H\($0)"), trackCount: 0, isTrackedToday: $0 > 360) }
        let first = HabitListScreen(overviews: overviews, catalogue: ru)
        #expect(first.rows.map(\.id) == Array(1...50) && first.hasMore && first.total == 450)
        #expect(first.progress.percent == 20 && first.progress.done == 90 && first.progress.total == 450)
        #expect(first.next.after == nil && first.next.limit == 100)
        #expect(HabitListScreen.limit(requested: 200) == 200 && HabitListScreen.limit(requested: 201) == 200)
        #expect(HabitListScreen.limit(requested: 10_000) == 200 && HabitListScreen.limit(requested: nil) == 50)
        let capped = HabitListScreen(overviews: overviews, catalogue: ru, limit: HabitListScreen.limit(requested: 10_000))
        #expect(capped.rows.count == 200 && capped.next.after == 200 && capped.next.limit == nil)
        let last = HabitListScreen(overviews: overviews, catalogue: ru, after: 400, limit: 200)
        #expect(last.rows.map(\.id) == Array(401...450) && !last.hasMore && last.progress.percent == 20)
        let beyond = HabitListScreen(overviews: overviews, catalogue: ru, after: 9_999)
        #expect(beyond.rows.isEmpty && !beyond.isEmpty && !beyond.hasMore)
        #expect(HabitListScreen(overviews: [], catalogue: ru).isEmpty)
    }

    @Test("details list every day since first use, newest first, with relative labels")
    func detailsDays() {
        let today = day(2026, 3, 2)
        let screen = HabitDetailsScreen(
            habit: habit(tracked: [day(2026, 3, 1), day(2026, 2, 27)]),
            stats: HabitStats(trackedDays: [], today: today),
            firstDay: day(2026, 2, 25), today: today, catalogue: ru)
        #expect(screen.totalDays == 6)
        #expect(!screen.hasMore)
        #expect(screen.days.map(\.day) == [day(2026, 3, 2), day(2026, 3, 1), day(2026, 2, 28), day(2026, 2, 27), day(2026, 2, 26), day(2026, 2, 25)])
        #expect(screen.days.prefix(3).map(\.label) == ["Сегодня", "Вчера", "Позавчера"])
        #expect(screen.days[3].label.contains("27"))
        #expect(screen.days[3].label.contains("февр"))
        #expect(screen.days.map(\.isTracked) == [false, true, false, true, false, false])
    }

    @Test("a long history shows a page at a time")
    func detailsPaging() {
        let today = day(2026, 3, 2)
        let stats = HabitStats(trackedDays: [], today: today)
        let first = HabitDetailsScreen(habit: habit(tracked: []), stats: stats, firstDay: today.adding(days: -3649), today: today, catalogue: ru)
        #expect(first.totalDays == 3650)
        #expect(first.days.count == HabitDetailsScreen.pageSize)
        #expect(first.hasMore)
        let second = HabitDetailsScreen(habit: habit(tracked: []), stats: stats, firstDay: today.adding(days: -3649), today: today, catalogue: ru, limit: first.nextLimit)
        #expect(second.days.count == 2 * HabitDetailsScreen.pageSize)
        let widest = HabitDetailsScreen(habit: habit(tracked: []), stats: stats, firstDay: today.adding(days: -3649), today: today, catalogue: ru, limit: Int.max)
        #expect(widest.limit == HabitDetailsScreen.limits.upperBound)
        #expect(widest.nextLimit == HabitDetailsScreen.limits.upperBound + HabitDetailsScreen.pageSize)
        #expect(widest.days.count == 3650 && !widest.hasMore)
    }

    @Test("the heatmap: 53 week columns ending with this week, tracked days marked")
    func heatmap() {
        let today = day(2026, 11, 22) // a Sunday
        let tracked = [day(2026, 11, 22), day(2026, 1, 5), day(2025, 11, 1)]
        let screen = HabitDetailsScreen(habit: habit(tracked: tracked), stats: HabitStats(trackedDays: [], today: today),
                                        firstDay: day(2026, 1, 1), today: today, catalogue: ru)
        let map = screen.heatmap
        #expect(map.columns.count == 53)
        #expect(map.columns.allSatisfy { $0.cells.count == 7 })
        // Monday-first in Russian: today (Sunday) is the last cell of the last column.
        #expect(map.columns.last?.cells.last?.day == today)
        #expect(map.columns.last?.cells.first?.day.isoWeekday == 1)
        let cells = map.columns.flatMap(\.cells)
        #expect(cells.filter { $0.state == .tracked }.map(\.day) == [day(2026, 1, 5), today])
        #expect(cells.first { $0.day == day(2025, 12, 31) }?.state == .before, "before the first use")
        #expect(map.trackedCount == 2)
        // Sunday-first in English: today opens the last column, the rest of the week is future.
        let english = HabitDetailsScreen(habit: habit(tracked: tracked), stats: HabitStats(trackedDays: [], today: today),
                                         firstDay: day(2026, 1, 1), today: today, catalogue: Catalogues.habits[.en])
        #expect(english.heatmap.columns.last?.cells.first?.day == today)
        #expect(english.heatmap.columns.last?.cells.dropFirst().allSatisfy { $0.state == .future } == true)
        #expect(english.heatmap.columns.compactMap(\.monthLabel).contains("Jan"))
    }

    @Test("CSV export follows RFC 4180, with each day's state, value and note (issue 48)")
    func csv() {
        let quoted = Habit(id: 3, name: "Say \"hi\", then\nwave", time: TimeOfDay(hour: 8, minute: 5)!, color: HabitColor(red: 255, green: 0, blue: 0),
                           createdAt: Date(timeIntervalSince1970: 0), trackedDays: [day(2026, 1, 5), day(2026, 2, 5)],
                           skippedDays: [day(2026, 1, 6)], notes: [day(2026, 2, 5): "Rain, \"then\" sun", day(2026, 3, 1): "=1+2"])
        let untracked = Habit(id: 4, name: "Пить воду", time: TimeOfDay(hour: 9, minute: 0)!, color: .defaultColor,
                              createdAt: Date(timeIntervalSince1970: 86_400), trackedDays: [])
        let text = HabitsCSV.export([quoted, untracked])
        #expect(text == """
            habit_id,name,time,color,created_at,day,state,value,unit,note\r
            3,"Say ""hi"", then
            wave",08:05,#ff0000ff,1970-01-01T00:00:00Z,2026-01-05,done,,,\r
            3,"Say ""hi"", then
            wave",08:05,#ff0000ff,1970-01-01T00:00:00Z,2026-01-06,skipped,,,\r
            3,"Say ""hi"", then
            wave",08:05,#ff0000ff,1970-01-01T00:00:00Z,2026-02-05,done,,,"Rain, ""then"" sun"\r
            3,"Say ""hi"", then
            wave",08:05,#ff0000ff,1970-01-01T00:00:00Z,2026-03-01,,,,'=1+2\r
            4,Пить воду,09:00,#ff9f0aff,1970-01-02T00:00:00Z,,,,,\r

            """)
    }

    @Test("CSV export: a name a spreadsheet would run as a formula starts with ', other names are kept", arguments: [
        ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""), ("=1+2", "'=1+2"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"), ("\rReturn", "\"'\rReturn\""), ("Run 5 km", "Run 5 km"), ("a=b", "a=b"), ("", ""),
    ])
    func csvInjection(name: String, field: String) {
        let habit = Habit(id: 1, name: name, time: TimeOfDay(hour: 8, minute: 0)!, color: .defaultColor,
                          createdAt: Date(timeIntervalSince1970: 0), trackedDays: [])
        let record = HabitsCSV.export([habit]).components(separatedBy: "\r\n")[1]
        #expect(record == "1,\(field),08:00,#ff9f0aff,1970-01-01T00:00:00Z,,,,,")
    }
}
