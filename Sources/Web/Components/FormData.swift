import Foundation

/// The fields of an `application/x-www-form-urlencoded` body (or query), first value wins.
struct FormData: Sendable {
    private(set) var fields: [String: String] = [:]

    init(fields: [String: String] = [:]) { self.fields = fields }

    init(urlEncoded text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            guard !name.isEmpty, fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
    }

    subscript(name: String) -> String? { fields[name] }

    /// The field, or "" when absent: what a form shows back to the person.
    func value(_ name: String) -> String { fields[name] ?? "" }

    private static func decode(_ component: Substring) -> String {
        let spaced = component.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
