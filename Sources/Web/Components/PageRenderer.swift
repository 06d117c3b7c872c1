import Foundation
import Hummingbird
import Localization
import Mustache

/// Renders screens: a template from `Resources/templates` inside the shared layout, with the
/// values every screen has (`t` strings, `asset` URLs, `csrf`, `lang`, the language switcher).
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let assets: AssetCatalog

    static func load(from resources: URL, assets: AssetCatalog) throws -> PageRenderer {
        var library = MustacheLibrary()
        let directory = resources.appendingPathComponent("templates")
        guard let files = FileManager.default.enumerator(atPath: directory.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        for case let file as String in files where file.hasSuffix(".mustache") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            try library.register(text, named: String(file.dropLast(".mustache".count)))
        }
        return PageRenderer(library: library, assets: assets)
    }

    /// The full HTML of `template` with `values` over the common ones.
    func html(_ template: String, _ values: [String: Any], context: AppRequestContext) -> String {
        let catalogue = context.catalogue
        var all: [String: Any] = [
            "t": CatalogueNode(catalogue: catalogue, prefix: ""),
            "asset": AssetNode(catalog: assets, prefix: ""),
            "csrf": context.csrfToken,
            "csrfField": CSRFMiddleware.fieldName,
            "lang": context.language.rawValue,
            "languages": Language.allCases.map { language in
                ["code": language.rawValue, "name": language.nativeName,
                 "selected": context.languageIsChosen && language == context.language] as [String: Any]
            },
            "languageIsAutomatic": !context.languageIsChosen,
        ]
        all.merge(values) { $1 }
        guard let html = library.render(all, withTemplate: template) else {
            preconditionFailure("No template named \(template)")
        }
        return html
    }

    func page(_ template: String, _ values: [String: Any], context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        let body = html(template, values, context: context)
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// A page inside the shell for an HTTP error; the text comes from `shell.error.<code>`.
    func errorPage(status: HTTPResponse.Status, context: AppRequestContext, retryPath: String? = nil) -> Response {
        let known: Set<Int> = [400, 403, 404, 405, 413, 422, 500]
        let code = known.contains(status.code) ? status.code : (status.code >= 500 ? 500 : 400)
        let catalogue = context.catalogue
        let title = catalogue.text("shell.error.\(code).title")
        var failure: [String: Any] = [
            "code": status.code,
            "title": title,
            "message": catalogue.text("shell.error.\(code).message"),
            "homeHref": "/",
        ]
        if let retryPath { failure["retryHref"] = retryPath }
        return page("error", [
            "title": title,
            "nav": ["title": title, "backHref": "/", "backLabel": catalogue.text("shell.app.shortName")],
            "failure": failure,
        ], context: context, status: status)
    }
}
