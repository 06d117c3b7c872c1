/// The iOS page sheet over a screen: Cancel, the title and the submit action in its bar, a form
/// below. The backdrop is a link back, so what the sheet covers cannot be tapped.
public struct Sheet: Sendable {
    /// Added to `sheet` (`habit-sheet`).
    public var extraClass: String?
    public let title: String
    public let cancel: Link
    public let submitLabel: String
    /// Where the form posts.
    public let action: String
    public var formID: String?
    /// Shown above the fields after a refused post ("2 fields need attention").
    public var summary: String?
    /// The title's short form, for a bar too narrow for the whole title.
    public var shortTitle: String?

    public init(title: String, cancel: Link, submitLabel: String, action: String) {
        self.title = title
        self.cancel = cancel
        self.submitLabel = submitLabel
        self.action = action
    }

    /// The sheet with `fields` inside its form (after the token), then `after` below the form.
    public func html(_ page: PageContext, @HTMLBuilder fields: () -> HTML, @HTMLBuilder after: () -> HTML = { .empty }) -> HTML {
        .fragment {
            HTML.a(.class("sheet-backdrop"), .href(cancel.href), .attr("tabindex", "-1"), .attr("aria-hidden", "true"))
            HTML.div(.class(extraClass.map { "sheet \($0)" } ?? "sheet"), .attr("role", "dialog"), .attr("aria-modal", "true"),
                     .attr("aria-labelledby", "sheet-title")) {
                HTML.form(.attr("method", "post"), .attr("action", action), .flag("novalidate"), .attr("id", formID)) {
                    HTML.div(.class("sheet__bar")) {
                        HTML.a(.class("nav-bar__action"), .href(cancel.href), .flag("data-sheet-cancel")) { cancel.label }
                        let forms = TitleForms(title, short: shortTitle)
                        HTML.element("h2", forms.attributes(class: "sheet__title", id: "sheet-title"), children: [forms.content])
                        HTML.button(.class("nav-bar__action nav-bar__action--bold"), .type("submit")) { submitLabel }
                    }
                    HTML.div(.class("sheet__body")) {
                        CSRFInput.html(page)
                        if let summary {
                            HTML.p(.class("form-summary"), .attr("role", "alert")) { summary }
                        }
                        fields()
                    }
                }
                after()
            }
        }
    }
}

/// A labelled field in an inset grouped form: a text input or a menu, with its error below.
public struct FormCell: Sendable {
    public enum Control: Sendable {
        case text(value: String, inputMode: String? = nil, maxLength: Int? = nil, placeholder: String? = nil)
        case menu(options: [MenuOption])
    }

    public struct MenuOption: Sendable {
        public let value: String
        public let label: String
        public let isSelected: Bool
        public init(value: String, label: String, isSelected: Bool) {
            self.value = value
            self.label = label
            self.isSelected = isSelected
        }
    }

    public let name: String
    public let label: String
    public let control: Control
    public let isRequired: Bool
    public let error: String?

    public init(name: String, label: String, control: Control, isRequired: Bool = false, error: String? = nil) {
        self.name = name
        self.label = label
        self.control = control
        self.isRequired = isRequired
        self.error = error
    }

    public var html: HTML {
        let hasError = error != nil
        let fieldID = "field-\(name)"
        let errorID = "error-\(name)"
        return .fragment {
            HTML.div(.class(hasError ? "form-cell has-error" : "form-cell")) {
                HTML.label(.class("form-cell__label"), .attr("for", fieldID)) { label }
                switch control {
                case .menu(let options):
                    HTML.select(.class("form-cell__input"), .id(fieldID), .name(name),
                                .attr("aria-invalid", "true", when: hasError), .attr("aria-describedby", errorID, when: hasError)) {
                        for option in options {
                            HTML.option(.value(option.value), .flag("selected", when: option.isSelected)) { option.label }
                        }
                    }
                case .text(let value, let inputMode, let maxLength, let placeholder):
                    HTML.input(.class("form-cell__input"), .id(fieldID), .name(name), .value(value), .type("text"),
                               .attr("inputmode", inputMode), .attr("placeholder", placeholder), .attr("autocomplete", "off"),
                               .attr("maxlength", maxLength.map(String.init)), .attr("aria-required", "true", when: isRequired),
                               .attr("aria-invalid", "true", when: hasError), .attr("aria-describedby", errorID, when: hasError))
                }
            }
            if let error {
                HTML.p(.class("form-cell__error"), .id(errorID)) { error }
            }
        }
    }
}
