import Foundation
import Storage
import Testing

@Suite("Data directory")
struct DataDirectoryTests {
    let home = URL(fileURLWithPath: "/home/ann", isDirectory: true)

    func directory(_ option: String?, _ environment: [String: String]) -> String {
        DataDirectory.resolve(option: option, environment: environment, homeDirectory: home).path
    }

    @Test func theOptionWins() {
        #expect(directory("/srv/cars", ["APPDECK_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg"]) == "/srv/cars")
    }

    @Test func thenAppDeckDataDir() {
        #expect(directory(nil, ["APPDECK_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg"]) == "/env")
        #expect(directory("", ["APPDECK_DATA_DIR": "/env"]) == "/env")
    }

    @Test func thenXDGDataHome() {
        #expect(directory(nil, ["XDG_DATA_HOME": "/xdg"]) == "/xdg/appdeck")
        #expect(directory(nil, ["APPDECK_DATA_DIR": "", "XDG_DATA_HOME": "/xdg"]) == "/xdg/appdeck")
    }

    @Test func thenTheHomeDirectory() {
        #expect(directory(nil, [:]) == "/home/ann/.local/share/appdeck")
        #expect(directory(nil, ["XDG_DATA_HOME": ""]) == "/home/ann/.local/share/appdeck")
        // The XDG spec says a relative path is invalid and must be ignored.
        #expect(directory(nil, ["XDG_DATA_HOME": "relative/dir"]) == "/home/ann/.local/share/appdeck")
    }

    @Test func aTildeMeansHome() {
        #expect(directory("~/cars", [:]) == "/home/ann/cars")
        #expect(directory(nil, ["APPDECK_DATA_DIR": "~"]) == "/home/ann")
    }
}
