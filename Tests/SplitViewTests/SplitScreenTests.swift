import Localization
import SplitView
import Testing

@Suite("Split view screen (SPLIT-1..4)")
struct SplitScreenTests {
    @Test("five rows with the parts SPLIT-3 gives each")
    func fiveRows() {
        let rows = SplitRow.all
        #expect(rows.map(\.id) == ["harbour", "pass", "forest", "dunes", "city"])
        #expect(rows.map(\.hasText) == [true, true, true, true, false])
        #expect(rows.map(\.hasTime) == [true, true, false, true, false])
    }

    @Test("every row has two images, and no image is used twice")
    func images() {
        let all = SplitRow.all.flatMap(\.images)
        #expect(all.count == 10)
        #expect(Set(all).count == 10)
    }

    @Test("/split selects the first row and asks for the list")
    func listURL() throws {
        let screen = try #require(SplitScreen(rowID: nil))
        #expect(screen.selected.id == "harbour")
        #expect(!screen.showsDetail)
        #expect(screen.rows.filter(screen.isSelected).map(\.id) == ["harbour"])
    }

    @Test("/split/<id> selects that row and asks for its detail", arguments: ["harbour", "pass", "forest", "dunes", "city"])
    func detailURL(id: String) throws {
        let screen = try #require(SplitScreen(rowID: id))
        #expect(screen.selected.id == id)
        #expect(screen.showsDetail)
        #expect(screen.rows.filter(screen.isSelected).map(\.id) == [id])
    }

    @Test("an unknown row is no screen", arguments: ["", "nowhere", "HARBOUR", "1"])
    func unknown(id: String) {
        #expect(SplitScreen(rowID: id) == nil)
    }

    @Test("every text a row shows exists in every language, and only those")
    func texts() {
        for language in Language.allCases {
            let strings = Catalogues.splitView[language].strings
            for row in SplitRow.all {
                #expect(strings[row.titleKey] != nil, "\(language) \(row.titleKey)")
                #expect((strings[row.textKey] != nil) == row.hasText, "\(language) \(row.textKey)")
                #expect((strings[row.timeKey] != nil) == row.hasTime, "\(language) \(row.timeKey)")
                for key in row.detailKeys + row.imageAltKeys {
                    #expect(strings[key]?.isEmpty == false, "\(language) \(key)")
                }
            }
        }
    }
}
