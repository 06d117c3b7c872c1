import CarsConsole
import Foundation
import Localization
import Testing

@Suite("ConsoleSettings")
struct ConsoleSettingsTests {
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
