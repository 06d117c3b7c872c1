import CarsConsole
import Foundation
import Localization
import Testing

@Suite("ConsoleSettings")
struct ConsoleSettingsTests {
    let home = URL(fileURLWithPath: "/home/ann", isDirectory: true)

    func directory(_ option: String?, _ environment: [String: String]) -> String {
        ConsoleSettings.dataDirectory(option: option, environment: environment, homeDirectory: home).path
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

    @Test func languageFromTheOptionThenTheLocale() {
        #expect(ConsoleSettings.language(option: "ru", environment: ["LANG": "pl_PL.UTF-8"]) == .ru)
        #expect(ConsoleSettings.language(option: nil, environment: ["LANG": "pl_PL.UTF-8"]) == .pl)
        #expect(ConsoleSettings.language(option: nil, environment: ["LANG": "ru_RU.UTF-8"]) == .ru)
        #expect(ConsoleSettings.language(option: nil, environment: ["LC_ALL": "ru_RU.UTF-8", "LANG": "pl_PL.UTF-8"]) == .ru)
        #expect(ConsoleSettings.language(option: nil, environment: ["LC_MESSAGES": "pl_PL", "LANG": "ru_RU"]) == .pl)
        #expect(ConsoleSettings.language(option: nil, environment: ["LC_ALL": "", "LANG": "ru_RU"]) == .ru)
    }

    @Test func englishOtherwise() {
        #expect(ConsoleSettings.language(option: nil, environment: [:]) == .en)
        #expect(ConsoleSettings.language(option: nil, environment: ["LANG": "C.UTF-8"]) == .en)
        #expect(ConsoleSettings.language(option: nil, environment: ["LANG": "de_DE.UTF-8"]) == .en)
        // POSIX: the first locale variable that is set decides, even when it is not ours.
        #expect(ConsoleSettings.language(option: nil, environment: ["LC_ALL": "C", "LANG": "ru_RU"]) == .en)
    }
}
