import StoriesSettings
import Testing

extension SGSettings: @retroactive Equatable {
    public static func == (lhs: SGSettings, rhs: SGSettings) -> Bool {
        lhs.drawing_enabled == rhs.drawing_enabled && lhs.color == rhs.color
    }
}

@Suite("Settings model (SG-6, SG-7)")
struct SettingsTests {
    @Test("defaults: drawing on, #f3af22")
    func defaults() {
        let settings = sg_settings_default()
        #expect(settings.drawing_enabled)
        #expect(settings.color == 0xf3af22)
        var copy = settings
        #expect(sg_settings_validate(&copy) == .OK)
        #expect(formatSettings(settings) == (.OK, "v1;draw=1;color=#f3af22"))
    }

    @Test("validation accepts palette colours only")
    func validation() {
        var settings = SGSettings(drawing_enabled: false, color: 0x92003b)
        #expect(sg_settings_validate(&settings) == .OK)
        settings.color = 0x92003c
        #expect(sg_settings_validate(&settings) == .notInPalette)
        settings.color = 0x1000000
        #expect(sg_settings_validate(&settings) == .outOfRange)
        #expect(sg_settings_validate(nil) == .nullArgument)
        #expect(sg_settings_color(&settings) == nil)
        #expect(sg_settings_color(nil) == nil)
    }

    @Test("colour by hex or id; a refused one leaves the settings unchanged")
    func setColour() {
        var settings = sg_settings_default()
        #expect(withBytes("#3DACF7") { sg_settings_set_color_hex(&settings, $0, $1) } == .OK)
        #expect(settings.color == 0x3dacf7)
        #expect(sg_settings_color(&settings).map { String(cString: $0.pointee.id) } == "sky")
        #expect(withBytes("#3dacf8") { sg_settings_set_color_hex(&settings, $0, $1) } == .notInPalette)
        #expect(withBytes("#3dacf") { sg_settings_set_color_hex(&settings, $0, $1) } == .badLength)
        #expect(withBytes("maroon") { sg_settings_set_color_id(&settings, $0, $1) } == .OK)
        #expect(settings.color == 0x511307)
        #expect(withBytes("magenta") { sg_settings_set_color_id(&settings, $0, $1) } == .unknownColorID)
        #expect(withBytes("") { sg_settings_set_color_id(&settings, $0, $1) } == .unknownColorID)
        #expect(settings.color == 0x511307)
        #expect(sg_settings_set_color_id(nil, nil, 0) == .nullArgument)
        #expect(sg_settings_set_color_hex(nil, nil, 0) == .nullArgument)
        #expect(sg_settings_set_color_id(&settings, nil, 4) == .nullArgument)
    }

    @Test("every palette colour, drawing on and off, round-trips through the text form")
    func roundTrip() {
        for index in 0..<sg_palette_count() {
            for drawing in [true, false] {
                let settings = SGSettings(drawing_enabled: drawing, color: sg_palette_at(index)!.pointee.rgb)
                let (status, text) = formatSettings(settings)
                #expect(status == .OK)
                #expect(text.utf8.count == 23)
                #expect(parseSettings(text) == (.OK, settings))
            }
        }
        #expect(parseSettings("v1;color=#f07f5a;draw=0") == (.OK, SGSettings(drawing_enabled: false, color: 0xf07f5a)))
        #expect(parseSettings("v1;draw=1;color=F07F5A") == (.OK, SGSettings(drawing_enabled: true, color: 0xf07f5a)))
    }

    @Test("format refuses invalid settings and short buffers")
    func formatRefusals() {
        #expect(formatSettings(SGSettings(drawing_enabled: true, color: 0x123456)).0 == .notInPalette)
        #expect(formatSettings(SGSettings(drawing_enabled: true, color: 0xff000000)).0 == .outOfRange)
        var settings = sg_settings_default()
        var small = [CChar](repeating: 0, count: 23)
        #expect(sg_settings_format(&settings, &small, small.count) == .bufferTooSmall)
        #expect(sg_settings_format(nil, &small, small.count) == .nullArgument)
        #expect(sg_settings_format(&settings, nil, 32) == .nullArgument)
    }

    @Test("malformed text is refused with its class and the output is untouched", arguments: [
        ("", SGStatus.empty),
        ("v1;draw=1;color=#f3af22;" + String(repeating: "x", count: 41), .tooLong),
        (String(repeating: ";", count: 100_000), .tooLong),
        ("v2;draw=1;color=#f3af22", .badVersion), ("V1;draw=1;color=#f3af22", .badVersion),
        ("draw=1;color=#f3af22", .badVersion), ("v1 ;draw=1;color=#f3af22", .badVersion), ("v10;draw=1", .badVersion),
        (";v1;draw=1;color=#f3af22", .badVersion), ("\u{0}v1;draw=1;color=#f3af22", .badVersion),
        ("v1;draw=1;color=#f3af22;", .syntax), ("v1;;draw=1;color=#f3af22", .syntax), ("v1;draw", .syntax),
        ("v1;=1;color=#f3af22", .syntax), ("v1;draw=1;color", .syntax),
        ("v1;draw=1;colour=#f3af22", .unknownField), ("v1; draw=1;color=#f3af22", .unknownField),
        ("v1;Draw=1;color=#f3af22", .unknownField), ("v1;draw=1;color=#f3af22;size=2", .unknownField),
        ("v1;draw=1;draw=0;color=#f3af22", .duplicateField), ("v1;color=#f3af22;draw=1;color=#be2813", .duplicateField),
        ("v1", .missingField), ("v1;draw=1", .missingField), ("v1;color=#f3af22", .missingField),
        ("v1;draw=2;color=#f3af22", .badDrawValue), ("v1;draw=;color=#f3af22", .badDrawValue),
        ("v1;draw=true;color=#f3af22", .badDrawValue), ("v1;draw=01;color=#f3af22", .badDrawValue),
        ("v1;draw=1 ;color=#f3af22", .badDrawValue),
        ("v1;draw=1;color=", .empty), ("v1;draw=1;color=#", .empty), ("v1;draw=1;color=#f3af2", .badLength),
        ("v1;draw=1;color=#f3af2x", .badDigit), ("v1;draw=1;color=#f3af22=", .badLength),
        ("v1;draw=1;color=#f3af21", .notInPalette), ("v1;draw=1;color=#fff", .notInPalette), ("v1;draw=1;color=#808", .notInPalette),
    ] as [(String, SGStatus)])
    func refuses(text: String, status: SGStatus) {
        let (result, settings) = parseSettings(text)
        #expect(result == status)
        #expect(settings == SGSettings(drawing_enabled: false, color: 0x123456))
    }

    @Test("NULL text with a length, or no output, is refused; NULL with length 0 is empty")
    func nulls() {
        var settings = sg_settings_default()
        #expect(sg_settings_parse(nil, 5, &settings) == .nullArgument)
        #expect(sg_settings_parse(nil, 0, &settings) == .empty)
        #expect(withBytes("v1;draw=1;color=#f3af22") { sg_settings_parse($0, $1, nil) } == .nullArgument)
    }

    @Test("the longest accepted text is 64 bytes")
    func lengthBound() {
        #expect(SG_SETTINGS_MAX_LENGTH == 64)
        let padded = "v1;draw=1;color=#f3af22"
        #expect(parseSettings(padded + ";" + String(repeating: "x", count: 64 - 24)).0 == .syntax)
        #expect(parseSettings(padded + ";" + String(repeating: "x", count: 64 - 23)).0 == .tooLong)
    }

    @Test("every status has a message")
    func messages() {
        let statuses: [SGStatus] = [
            .OK, .nullArgument, .empty, .badLength, .badDigit, .outOfRange, .bufferTooSmall, .tooLong,
            .badVersion, .syntax, .unknownField, .duplicateField, .missingField, .badDrawValue,
            .notInPalette, .unknownColorID,
        ]
        let messages = statuses.map { String(cString: sg_status_message($0)) }
        #expect(Set(messages).count == statuses.count)
        #expect(!messages.contains("unknown status"))
    }
}
