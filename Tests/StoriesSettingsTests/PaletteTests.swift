import StoriesSettings
import Testing

@Suite("Palette (SG-6, SG-7)")
struct PaletteTests {
    let entries = (0..<sg_palette_count()).map { sg_palette_at($0)!.pointee }

    @Test("13 colours, in the order and with the values SG-6 lists")
    func thirteenColours() {
        #expect(sg_palette_count() == 13)
        #expect(Int(SG_PALETTE_COUNT) == 13)
        #expect(entries.map(\.rgb) == [
            0xbe2813, 0x3802da, 0x467c24, 0x808080, 0x8e5af7, 0xf07f5a, 0xf3af22,
            0x3dacf7, 0xe87aa4, 0x0f2e3f, 0x213711, 0x511307, 0x92003b,
        ])
        #expect(sg_palette_at(13) == nil)
        #expect(sg_palette_at(Int.max) == nil)
    }

    @Test("ids, name keys and colours are distinct; keys are catalogue keys")
    func distinct() {
        let ids = entries.map { String(cString: $0.id) }
        let keys = entries.map { String(cString: $0.name_key) }
        let names = entries.map { String(cString: $0.english_name) }
        #expect(Set(ids).count == 13)
        #expect(Set(keys).count == 13)
        #expect(Set(names).count == 13)
        #expect(Set(entries.map(\.rgb)).count == 13)
        for (id, key) in zip(ids, keys) {
            #expect(key == "stories.color.\(id)")
            #expect(!id.isEmpty && id.allSatisfy { $0.isASCII && $0.isLowercase })
        }
    }

    @Test("lookup by id and by colour finds the same entry; unknown ones are nil")
    func lookup() {
        for entry in entries {
            let id = String(cString: entry.id)
            let byID = withBytes(id) { sg_palette_find_id($0, $1) }
            #expect(byID?.pointee.rgb == entry.rgb)
            #expect(sg_palette_find_rgb(entry.rgb)?.pointee.id == entry.id)
        }
        #expect(withBytes("Amber") { sg_palette_find_id($0, $1) } == nil)
        #expect(withBytes("amb") { sg_palette_find_id($0, $1) } == nil)
        #expect(withBytes("amberx") { sg_palette_find_id($0, $1) } == nil)
        #expect(withBytes("") { sg_palette_find_id($0, $1) } == nil)
        #expect(sg_palette_find_id(nil, 0) == nil)
        #expect(sg_palette_find_rgb(0xf3af23) == nil)
        #expect(sg_palette_find_rgb(0x1f3af22) == nil)
    }

    @Test("the default colour #f3af22 is in the palette, as amber")
    func defaultColour() {
        #expect(SG_DEFAULT_COLOR == 0xf3af22)
        #expect(sg_palette_find_rgb(SG_DEFAULT_COLOR).map { String(cString: $0.pointee.id) } == "amber")
    }
}
