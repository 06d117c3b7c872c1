import Localization
import Mustache

/// Lets templates read the catalogue by dotted key: `{{t.cars.field.model}}`.
/// Each step down the path is a node; a leaf is the string itself.
struct CatalogueNode: MustacheParent, CustomStringConvertible, Sendable {
    let catalogue: Catalogue
    let prefix: String

    func child(named name: String) -> Any? {
        let key = prefix.isEmpty ? name : "\(prefix).\(name)"
        if let text = catalogue.strings[key] { return text }
        return CatalogueNode(catalogue: catalogue, prefix: key)
    }

    /// A key missing from the catalogue renders as its own path, so the gap is visible, never blank.
    var description: String { prefix }
}
