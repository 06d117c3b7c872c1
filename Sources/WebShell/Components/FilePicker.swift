/// A file field in an inset grouped list (issue 36: a backup to restore, a file to import): a
/// visible label above the system's file button, an error under it when the last file was refused.
public struct FilePicker: Sendable {
    public let id: String
    public let name: String
    public let label: String
    /// The `accept` hint (`.json,application/json`); the server checks the content anyway.
    public let accept: String
    public let error: String?

    public init(id: String, name: String = "file", label: String, accept: String, error: String? = nil) {
        self.id = id
        self.name = name
        self.label = label
        self.accept = accept
        self.error = error
    }

    public var html: HTML {
        HTML.li(.class(error == nil ? "cell file-picker" : "cell file-picker file-picker--invalid")) {
            HTML.label(.class("file-picker__label"), .attr("for", id)) { label }
            HTML.input(
                .class("file-picker__input"), .type("file"), .id(id), .name(name), .attr("accept", accept), .flag("required"),
                .attr("aria-invalid", error == nil ? nil : "true"), .attr("aria-describedby", error == nil ? nil : "\(id)-error"))
            if let error {
                HTML.p(.class("file-picker__error"), .id("\(id)-error"), .attr("role", "alert")) { error }
            }
        }
    }
}
