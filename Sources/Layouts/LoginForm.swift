import Foundation
import Localization

/// The fields of the pretend login screen (LAY-3), in display order.
public enum LoginField: String, CaseIterable, Sendable, Hashable {
    case login, password

    /// Catalogue key of the field's placeholder, which is also its accessible name.
    public var placeholderKey: String { "layouts.login.field.\(rawValue)" }

    /// Catalogue key of the message shown when the field is left empty.
    public var missingKey: String { "layouts.login.error.\(rawValue)" }
}

/// What a person typed on the login screen. Nothing is stored and the password is never shown
/// again: `submit()` only says which fields are missing or whom to greet.
public struct LoginForm: Sendable, Hashable {
    public var login: String
    public var password: String

    public init(login: String = "", password: String = "") {
        self.login = login
        self.password = password
    }

    /// The outcome of pressing Enter.
    public enum Outcome: Sendable, Hashable {
        /// Both fields hold something: greet `name` (the login, trimmed).
        case greeting(name: String)
        /// These fields are empty (after trimming white space), in display order. Never empty.
        case missing([LoginField])
    }

    public func submit() -> Outcome {
        var missing: [LoginField] = []
        if Self.isBlank(login) { missing.append(.login) }
        // A password of spaces is still nothing typed, as far as a person can tell.
        if Self.isBlank(password) { missing.append(.password) }
        if missing.isEmpty { return .greeting(name: login.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return .missing(missing)
    }

    private static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0.isWhitespace }
    }
}

extension LoginForm.Outcome {
    /// The fields that are missing (none after a greeting).
    public var missingFields: [LoginField] {
        if case .missing(let fields) = self { return fields }
        return []
    }

    /// The greeting in `catalogue`'s language, e.g. "Hello, Anna!", or nil when a field is missing.
    public func greeting(in catalogue: Catalogue) -> String? {
        guard case .greeting(let name) = self else { return nil }
        return catalogue.text("layouts.login.greeting", ["name": name])
    }
}

extension LoginField {
    /// The message for an empty field in `catalogue`'s language, e.g. "Enter your login."
    public func missingMessage(in catalogue: Catalogue) -> String {
        catalogue.text(missingKey)
    }

    public func placeholder(in catalogue: Catalogue) -> String {
        catalogue.text(placeholderKey)
    }
}
