import Foundation
import Testing
@testable import WebShell

/// Issue 50: every control on the Devices screen takes at least 44x44 points of a finger. The
/// e2e suite measures them in Chromium; this keeps the rules that make them so.
@Suite("Devices touch targets")
struct DevicesTouchTargetTests {
    static func rule(_ selector: String) throws -> String {
        let css = try String(contentsOf: Shell.resources.appendingPathComponent("css/app.css"), encoding: .utf8)
        // The selector at a line's start, alone or first or later in a list, up to its rule's end.
        let at = try #require(css.range(of: "\n" + selector + " {") ?? css.range(of: "\n" + selector + ",\n"), "no rule for \(selector)")
        let start = try #require(css.range(of: "{", range: at.lowerBound..<css.endIndex))
        let end = try #require(css.range(of: "}", range: start.upperBound..<css.endIndex))
        return String(css[start.upperBound..<end.lowerBound])
    }

    @Test("Remove and Rename (small buttons) are 44 points to a finger: a clear border around their 32-point pills",
          arguments: [".devices__browser .devices__remove", ".devices__browser .devices__rename"])
    func smallButtons(_ selector: String) throws {
        let rule = try Self.rule(selector)
        #expect(rule.contains("min-height: 44px") && rule.contains("min-width: 44px"))
        #expect(rule.contains("border: 6px solid transparent") && rule.contains("background-clip: padding-box"))
    }

    @Test("the restore's file field, on the same screen, is 44 points tall")
    func filePicker() throws {
        #expect(try Self.rule(".file-picker__input").contains("min-height: 44px"))
    }
}
