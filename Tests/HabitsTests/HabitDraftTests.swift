import Localization
import Testing
@testable import Habits

@Suite("HabitDraft: the habit sheet's rules")
struct HabitDraftTests {
    @Test("a valid sheet gives trimmed fields")
    func valid() throws {
        let fields = try HabitDraft(name: "  Выпить стакан воды  ", color: "#FF2D55", time: "07:30").validate().get()
        #expect(fields == HabitFields(name: "Выпить стакан воды", time: TimeOfDay(hour: 7, minute: 30)!, color: HabitColor(red: 0xFF, green: 0x2D, blue: 0x55)))
        #expect(try HabitDraft(name: "x", color: "#ff2d5580", time: "23:59:00").validate().get().color.alpha == 0x80)
    }

    @Test("every bad field is reported at once")
    func invalid() {
        guard case .failure(let errors) = HabitDraft(name: "   ", color: "red", time: "25:00").validate() else {
            Issue.record("accepted")
            return
        }
        #expect(errors[.name] == .required)
        #expect(errors[.color] == .invalidColor)
        #expect(errors[.time] == .invalidTime)
    }

    @Test("names: 100 characters pass, 101 do not; counted as people see characters")
    func nameLength() {
        #expect((try? HabitDraft(name: String(repeating: "я", count: 100), time: "08:00").validate().get()) != nil)
        #expect((try? HabitDraft(name: String(repeating: "👍🏽", count: 100), time: "08:00").validate().get()) != nil)
        guard case .failure(let errors) = HabitDraft(name: String(repeating: "a", count: 101), time: "08:00").validate() else {
            Issue.record("accepted 101 characters")
            return
        }
        #expect(errors[.name] == .tooLong(max: 100))
        #expect(errors[.name]?.message(in: Catalogues.habits[.ru]) == "Слишком длинно: не больше 100 символов.")
        guard case .failure(let tabbed) = HabitDraft(name: "a\tb", time: "08:00").validate() else {
            Issue.record("accepted a tab")
            return
        }
        #expect(tabbed[.name] == .controlCharacters)
    }

    @Test("colours and times are parsed strictly")
    func parsing() {
        for bad in ["", "#fff", "#ggggggg", "ff9f0a", "#ff9f0a0", "#ff9f0aff00"] { #expect(HabitColor(hex: bad) == nil, "\(bad)") }
        #expect(HabitColor(hex: "#ff9f0a")?.hex == "#ff9f0aff")
        for bad in ["#ff9f0é", "#ff9f0éa", "#ff9f0a\u{0}", "##ff9f0a"] { #expect(HabitColor(hex: bad) == nil, "\(bad)") }
        #expect(HabitColor(hex: "#FF9F0A80") == HabitColor(red: 0xFF, green: 0x9F, blue: 0x0A, alpha: 0x80))
        #expect(HabitColor(hex: "#0a0B0c")?.rgbHex == "#0a0b0c")
        for bad in ["", "7:30", "24:00", "12:60", "12:30:61", "ab:cd", "12:30:00:00", "１２:３０"] { #expect(TimeOfDay(parsing: bad) == nil, "\(bad)") }
        #expect(TimeOfDay(parsing: "00:00")?.value == "00:00")
    }

    @Test("editing fills the sheet with the stored habit")
    func editing() {
        let draft = HabitDraft(HabitFields(name: "Read", time: TimeOfDay(hour: 21, minute: 5)!, color: HabitColor(red: 1, green: 2, blue: 3)))
        #expect(draft == HabitDraft(name: "Read", color: "#010203", time: "21:05"))
    }
}

@Suite("HabitColor: readable names")
struct HabitColorTests {
    @Test("a light pick is darkened to 4.5:1 on white; a dark one is left alone")
    func readable() {
        let yellow = HabitColor(red: 0xFF, green: 0xD6, blue: 0x0A)
        #expect(yellow.contrastAgainstWhite < 4.5)
        let readable = yellow.readableOnWhite
        #expect(readable.contrastAgainstWhite >= 4.5)
        #expect(readable.red > readable.blue, "the hue stays yellow-ish")
        let navy = HabitColor(red: 0, green: 0, blue: 0x80)
        #expect(navy.readableOnWhite == navy)
        #expect(HabitColor(red: 255, green: 255, blue: 255, alpha: 10).readableOnWhite.alpha == 255)
    }
}
