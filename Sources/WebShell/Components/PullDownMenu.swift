/// The iOS pull-down button (a `UIButton` with a menu): a button naming the current choice that
/// opens a menu of the others, a checkmark on the chosen one. A `<details>` of links, so it opens,
/// and every choice is taken, without a script.
public struct PullDownMenu: Sendable {
    public let label: String
    public let choices: [SegmentedControl.Segment]

    public init(label: String, choices: [SegmentedControl.Segment]) {
        self.label = label
        self.choices = choices
    }

    public var html: HTML {
        let current = choices.first(where: \.isSelected) ?? choices.first
        return .details(.class("pull-down")) {
            HTML.summary(.class("pull-down__button")) {
                HTML.span(.class("visually-hidden")) { "\(label): " }
                HTML.span(.class("pull-down__value")) { current?.label ?? "" }
                HTML.span(.class("pull-down__chevrons"), .attr("aria-hidden", "true"))
            }
            HTML.nav(.class("pull-down__menu"), .ariaLabel(label)) {
                for choice in choices {
                    HTML.a(.class(choice.isSelected ? "pull-down__item is-selected" : "pull-down__item"), .href(choice.href),
                           .attr("aria-current", "true", when: choice.isSelected)) {
                        HTML.span(.class("pull-down__check"), .attr("aria-hidden", "true"))
                        HTML.span(.class("pull-down__item-label")) { choice.label }
                    }
                }
            }
        }
    }
}

/// A choice among a few: the segmented control while its segments fit the narrowest phone, else the
/// pull-down button naming the current choice, as iOS does where the segments do not fit.
public struct ChoiceControl: Sendable {
    /// The content width of a 320-point phone (16 points of margin each side).
    static let narrowestWidth = 288.0
    /// What one character of a segment's label takes (13 px semibold, Cyrillic included, with room
    /// to spare), and a segment's padding and gap.
    static let characterWidth = 8.5
    static let segmentPadding = 26.0
    /// UIKit's segmented controls hold a handful of choices; more become a menu however short.
    static let maximumSegments = 4

    public let label: String
    public let choices: [SegmentedControl.Segment]

    public init(label: String, choices: [SegmentedControl.Segment]) {
        self.label = label
        self.choices = choices
    }

    /// Whether every segment fits side by side on a 320-point phone.
    public var segmentsFit: Bool {
        guard choices.count <= Self.maximumSegments else { return false }
        let width = choices.reduce(0.0) { $0 + Double($1.label.count) * Self.characterWidth + Self.segmentPadding }
        return width <= Self.narrowestWidth
    }

    public var html: HTML {
        segmentsFit ? SegmentedControl(label: label, segments: choices).html : PullDownMenu(label: label, choices: choices).html
    }
}
