/// Loop Habit Tracker's colours (issue 36). Its `Habits.csv` names a habit's colour by its index
/// in the app's 20-colour palette (older exports) or as `#RRGGBB` (newer ones); a MyHabits colour
/// holds any RGB, so the nearest colour is the palette's own.
enum LoopPalette {
    /// Loop's light palette, by index.
    static let colors: [HabitColor] = [
        0xD32F2F, 0xE64A19, 0xF57C00, 0xFF8F00, 0xF9A825, 0xAFB42B, 0x7CB342, 0x388E3C, 0x00897B, 0x00ACC1,
        0x039BE5, 0x1976D2, 0x303F9F, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x5D4037, 0x303030, 0x757575, 0xAAAAAA,
    ].map { HabitColor(red: UInt8($0 >> 16), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF)) }

    /// The colour a `Color` field names; the default colour for an empty or unknown one.
    static func color(_ field: String) -> HabitColor {
        let text = field.trimmingCharacters(in: .whitespaces)
        if let index = Int(text), colors.indices.contains(index) { return colors[index] }
        if text.utf8.count == 7, let color = HabitColor(hex: text) { return color }
        return HabitColor.defaultColor
    }
}
