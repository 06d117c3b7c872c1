import Stories
import Testing

@Suite("Settings screen (SG-6)")
struct SettingsScreenTests {
    @Test("the screen lists the 13 colours in order with one check, on the current colour")
    func rows() throws {
        var settings = DrawingSettings.default
        try settings.setColor(id: "navy")
        settings.isDrawingEnabled = false
        let screen = SettingsScreen(settings: settings)
        #expect(!screen.isDrawingEnabled)
        #expect(screen.colors.map(\.hex) == ["#be2813", "#3802da", "#467c24", "#808080", "#8e5af7", "#f07f5a", "#f3af22",
                                             "#3dacf7", "#e87aa4", "#0f2e3f", "#213711", "#511307", "#92003b"])
        #expect(screen.colors.filter(\.isSelected).map(\.id) == ["navy"])
        #expect(screen.colors.allSatisfy { $0.nameKey == "stories.color.\($0.id)" })
    }

    @Test("a change sets the switch or a palette colour; an id outside the palette changes nothing")
    func changes() throws {
        var settings = DrawingSettings.default
        try SettingsChange.drawing(enabled: false).apply(to: &settings)
        try SettingsChange.color(id: "red").apply(to: &settings)
        #expect(settings == DrawingSettings(isDrawingEnabled: false, color: PaletteColor.color(id: "red")!))
        #expect(throws: SettingsError.unknownColorID) { try SettingsChange.color(id: "magenta").apply(to: &settings) }
        #expect(settings.color.id == "red")
    }

    /// Ratios computed by hand with WCAG 2's formula: amber #f3af22 is 1.92:1 on white, navy 14.16:1.
    @Test("names are written in their colour when it reads on white, else in the same hue darkened to 4.5:1")
    func legibleNames() {
        #expect(abs(PaletteColor.contrastAgainstWhite(0xf3af22) - 1.92) < 0.01)
        #expect(abs(PaletteColor.contrastAgainstWhite(0x0f2e3f) - 14.16) < 0.01)
        #expect(abs(PaletteColor.contrastAgainstWhite(0xffffff) - 1) < 0.0001)
        for color in PaletteColor.all {
            let legible = color.readableOnWhite
            #expect(PaletteColor.contrastAgainstWhite(legible) >= 4.5, "\(color.id)")
            if PaletteColor.contrastAgainstWhite(color.rgb) >= 4.5 { #expect(legible == color.rgb, "\(color.id)") }
        }
        let darkened = PaletteColor.all.filter { $0.readableOnWhite != $0.rgb }.map(\.id)
        #expect(darkened == ["grey", "violet", "coral", "amber", "sky", "pink"])
        // Same hue: every channel scaled by one factor.
        let amber = PaletteColor.color(id: "amber")!.readableOnWhite
        let factor = Double(amber >> 16) / 0xf3
        #expect(abs(Double((amber >> 8) & 0xFF) - 0xaf * factor) <= 1 && abs(Double(amber & 0xFF) - 0x22 * factor) <= 1)
    }
}
