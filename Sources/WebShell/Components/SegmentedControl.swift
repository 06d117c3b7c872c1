/// The iOS segmented control, as links: one segment per choice, the chosen one marked.
public struct SegmentedControl: Sendable {
    public struct Segment: Sendable {
        public let href: String
        public let label: String
        public let isSelected: Bool
        public init(href: String, label: String, isSelected: Bool) {
            self.href = href
            self.label = label
            self.isSelected = isSelected
        }
    }

    public let label: String
    public let segments: [Segment]

    public init(label: String, segments: [Segment]) {
        self.label = label
        self.segments = segments
    }

    public var html: HTML {
        .nav(.class("segmented"), .ariaLabel(label)) {
            for segment in segments {
                HTML.a(.class(segment.isSelected ? "segmented__item is-selected" : "segmented__item"), .href(segment.href),
                       .attr("aria-current", "true", when: segment.isSelected)) { segment.label }
            }
        }
    }
}

/// A row of an inset grouped list with a label on the left and its value on the right.
public struct ValueCell: Sendable {
    public let label: String
    public let value: String
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    public var html: HTML {
        .li(.class("cell cell--value")) {
            HTML.span(.class("cell__label")) { label }
            HTML.span(.class("cell__value")) { value }
        }
    }
}
