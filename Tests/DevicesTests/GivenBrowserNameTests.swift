import Devices
import Testing

@Suite("A browser's given name (issue 50)")
struct GivenBrowserNameTests {
    @Test("trimmed; nothing left is the User-Agent's name again")
    func trimmed() throws {
        #expect(try GivenBrowserName.read("  Anna’s iPhone \n") == "Anna’s iPhone")
        #expect(try GivenBrowserName.read("   ") == nil)
        #expect(try GivenBrowserName.read("") == nil)
    }

    @Test("at most 40 characters, as a person counts them")
    func length() throws {
        #expect(try GivenBrowserName.read(String(repeating: "й", count: 40))?.count == 40)
        #expect(try GivenBrowserName.read(String(repeating: "👩‍👩‍👧", count: 40))?.count == 40)
        #expect(throws: GivenBrowserName.Problem.tooLong) { try GivenBrowserName.read(String(repeating: "x", count: 41)) }
    }

    @Test("no line breaks or tabs inside")
    func controlCharacters() {
        #expect(throws: GivenBrowserName.Problem.controlCharacter) { try GivenBrowserName.read("a\tb") }
        #expect(throws: GivenBrowserName.Problem.controlCharacter) { try GivenBrowserName.read("a\nb") }
        #expect(throws: GivenBrowserName.Problem.controlCharacter) { try GivenBrowserName.read("a\u{7}b") }
    }
}
