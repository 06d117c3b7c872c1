/// A screen's title with its short form, as iOS apps give a title that does not fit: both are
/// written, and `js/navigation-bar.js` shows the long one when it fits its bar whole, else the
/// short one (`data-title-form`). Without the script a container query picks by the bar's width.
/// The heading's accessible name is always the long title.
public struct TitleForms: Sendable {
    public let long: String
    public let short: String?

    public init(_ long: String, short: String? = nil) {
        self.long = long
        self.short = short.flatMap { $0 == long ? nil : $0 }
    }

    /// The attributes of the heading that holds the forms: its class, and its name when it has two.
    func attributes(class className: String, id: String? = nil, hidden: Bool = false) -> [Attribute] {
        var attributes: [Attribute] = [.class(short == nil ? className : "\(className) has-short-title")]
        if let id { attributes.append(.id(id)) }
        if hidden {
            attributes.append(.attr("aria-hidden", "true"))
        } else if short != nil {
            attributes.append(.ariaLabel(long))
        }
        return attributes
    }

    /// The title's text: the long form alone, or both forms for the script (or the width) to choose.
    var content: HTML {
        guard let short else { return .text(long) }
        return .fragment {
            HTML.span(.class("title-form title-form--long")) { long }
            HTML.span(.class("title-form title-form--short")) { short }
        }
    }
}
