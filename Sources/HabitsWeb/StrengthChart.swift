import Foundation
import Habits
import WebShell

/// The habit's strength over the last year (issue 48): Loop's score at the end of each of the
/// last 53 weeks, drawn on the server as an SVG line over a shaded area, so it needs no script
/// and works offline. VoiceOver reads one sentence: today's strength, a year ago and the highest.
struct StrengthChart {
    let score: HabitScore

    static let weeks = 53
    /// The drawing's units: 10 a week across, 100 for 100% up.
    private static let step = 10.0
    private static let height = 100.0

    func html(_ page: PageContext) -> HTML {
        let values = score.weekly(Self.weeks)
        let summary = page.catalogue.text("habits.details.strengthSummary", [
            "now": Self.percent(values.last ?? 0), "then": Self.percent(values.first ?? 0), "highest": Self.percent(values.max() ?? 0),
        ])
        let line = Self.path(values)
        let width = Self.step * Double(values.count - 1)
        return .section(.class("list-section habit-strength"), .attr("aria-labelledby", "strength-title")) {
            HTML.h2(.class("list-section__header"), .id("strength-title")) { page.t("habits.details.strengthChart") }
            HTML.div(.class("list-section__body strength-chart")) {
                HTML.element("svg", [
                    .class("strength-chart__plot"), .attr("viewBox", "0 -4 \(Int(width)) \(Int(Self.height) + 8)"),
                    .attr("preserveAspectRatio", "none"), .attr("role", "img"), .attr("aria-labelledby", "strength-summary"),
                    .attr("focusable", "false"),
                ], children: [
                    HTML.element("path", [.class("strength-chart__grid"), .attr("d", Self.grid(width: width))]),
                    HTML.element("path", [.class("strength-chart__area"), .attr("d", line + "L\(Int(width)) \(Int(Self.height))L0 \(Int(Self.height))Z")]),
                    HTML.element("path", [.class("strength-chart__line"), .attr("d", line)]),
                ])
                HTML.div(.class("strength-chart__scale"), .attr("aria-hidden", "true")) {
                    for mark in ["100%", "50%", "0%"] { HTML.span { mark } }
                }
            }
            // The image's name; shown once for sight and read once, as the image, for VoiceOver.
            HTML.p(.class("list-section__footer"), .id("strength-summary"), .attr("aria-hidden", "true")) { summary }
        }
    }

    /// "73%": whole percent, as the stats cells write it.
    static func percent(_ value: Double) -> String {
        "\(Int((value * 100).rounded()))%"
    }

    /// The line through the weeks' values, oldest left.
    static func path(_ values: [Double]) -> String {
        values.enumerated().map { index, value in
            let y = Self.height * (1 - min(1, max(0, value)))
            return (index == 0 ? "M" : "L") + "\(Int(Self.step) * index) " + String(format: "%.1f", y)
        }.joined()
    }

    /// Lines at 0%, 50% and 100%.
    private static func grid(width: Double) -> String {
        [0, 50, 100].map { "M0 \($0)H\(Int(width))" }.joined()
    }
}
