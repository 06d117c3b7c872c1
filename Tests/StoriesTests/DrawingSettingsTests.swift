import Stories
import Testing

@Suite("Drawing settings through the C model (SG-6, SG-7)")
struct DrawingSettingsTests {
    @Test("the palette: 13 colours in SG-6's order, amber by default")
    func palette() {
        #expect(PaletteColor.all.map(\.hex) == [
            "#be2813", "#3802da", "#467c24", "#808080", "#8e5af7", "#f07f5a", "#f3af22",
            "#3dacf7", "#e87aa4", "#0f2e3f", "#213711", "#511307", "#92003b",
        ])
        #expect(Set(PaletteColor.all.map(\.id)).count == 13)
        #expect(PaletteColor.default.id == "amber")
        #expect(PaletteColor.default.nameKey == "stories.color.amber")
        #expect(PaletteColor.default.englishName == "Amber")
        #expect(PaletteColor.color(id: "navy")?.rgb == 0x0f2e3f)
        #expect(PaletteColor.color(id: "teal") == nil)
        #expect(PaletteColor.color(rgb: 0x808080)?.id == "grey")
    }

    @Test("defaults: drawing on, #f3af22; the text form round-trips")
    func defaults() throws {
        let settings = DrawingSettings.default
        #expect(settings.isDrawingEnabled)
        #expect(settings.color.hex == "#f3af22")
        #expect(settings.serialized == "v1;draw=1;color=#f3af22")
        #expect(try DrawingSettings(serialized: settings.serialized) == settings)
        for color in PaletteColor.all {
            let custom = DrawingSettings(isDrawingEnabled: false, color: color)
            #expect(try DrawingSettings(serialized: custom.serialized) == custom)
        }
    }

    @Test("malformed text is refused with the C model's reason")
    func refusals() {
        #expect(throws: SettingsError.badVersion) { try DrawingSettings(serialized: "v2;draw=1;color=#f3af22") }
        #expect(throws: SettingsError.notInPalette) { try DrawingSettings(serialized: "v1;draw=1;color=#000000") }
        #expect(throws: SettingsError.missingField) { try DrawingSettings(serialized: "v1;draw=0") }
        #expect(throws: SettingsError.empty) { try DrawingSettings(serialized: "") }
        #expect(throws: SettingsError.tooLong) { try DrawingSettings(serialized: String(repeating: "v1;", count: 30)) }
        #expect(SettingsError.badDrawValue.description == "draw is 0 or 1")
    }

    @Test("colours by hex or id; a refusal leaves the settings as they were")
    func setColour() throws {
        var settings = DrawingSettings.default
        try settings.setColor(hex: "#E87AA4")
        #expect(settings.color.id == "pink")
        try settings.setColor(id: "forest")
        #expect(settings.color.hex == "#213711")
        #expect(throws: SettingsError.unknownColorID) { try settings.setColor(id: "Forest") }
        #expect(throws: SettingsError.notInPalette) { try settings.setColor(hex: "#fff") }
        #expect(throws: SettingsError.badDigit) { try settings.setColor(hex: "#21371g") }
        #expect(settings.color.id == "forest")
    }

    @Test("hex text through the C model")
    func hex() throws {
        #expect(try HexColor.parse("#ABC") == 0xaabbcc)
        #expect(try HexColor.parse("f3af22") == 0xf3af22)
        #expect(throws: SettingsError.badLength) { try HexColor.parse("#abcd") }
        #expect(throws: SettingsError.empty) { try HexColor.parse("#") }
        #expect(HexColor.format(0xABCDEF) == "#abcdef")
        #expect(HexColor.format(0x1_000_0FF) == "#0000ff")
    }
}
