import Hummingbird
import Layouts
import Localization

/// `/layouts`: the three screens of homework 3 in a tab bar (LAY-1..3), one route and template each.
struct LayoutsRoutes {
    let environment: WebEnvironment

    /// The tabs in order: path, catalogue key of the label, tab bar icon.
    enum Tab: String, CaseIterable {
        case elements, reading, login

        var path: String {
            switch self {
            case .elements: "/layouts"
            case .reading: "/layouts/text"
            case .login: "/layouts/login"
            }
        }
    }

    func register(on router: Router<AppRequestContext>) {
        router.get("/layouts") { _, context in
            environment.pages.page("layouts-elements", Self.common(.elements, context.catalogue, assets: environment.assets), context: context)
        }
        router.get("/layouts/text") { _, context in
            environment.pages.page("layouts-reading", Self.common(.reading, context.catalogue, assets: environment.assets), context: context)
        }
        router.get("/layouts/login") { _, context in
            loginPage(form: LoginForm(), outcome: nil, context: context)
        }
        router.post("/layouts/login") { _, context in
            let form = LoginForm(login: context.form.value("login"), password: context.form.value("password"))
            let outcome = form.submit()
            let status: HTTPResponse.Status = outcome.missingFields.isEmpty ? .ok : .unprocessableContent
            return loginPage(form: form, outcome: outcome, context: context, status: status)
        }
    }

    private func loginPage(form: LoginForm, outcome: LoginForm.Outcome?, context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        let catalogue = context.catalogue
        var values = Self.common(.login, catalogue, assets: environment.assets)
        let missing = outcome?.missingFields ?? []
        values["fields"] = LoginField.allCases.map { field -> [String: Any] in
            var cell: [String: Any] = [
                "name": field.rawValue,
                "placeholder": field.placeholder(in: catalogue),
                "isPassword": field == .password,
            ]
            // What was typed comes back, except the password, which is never echoed into a page.
            if field == .login, !form.login.isEmpty { cell["value"] = form.login }
            if missing.contains(field) { cell["error"] = field.missingMessage(in: catalogue) }
            return cell
        }
        if let greeting = outcome?.greeting(in: catalogue) {
            values["greeting"] = ["text": greeting, "note": catalogue.text("layouts.login.greetingNote")]
        }
        return environment.pages.page("layouts-login", values, context: context, status: status)
    }

    /// The values every tab has: titles, the navigation bar back to AppDeck and the tab bar.
    static func common(_ tab: Tab, _ catalogue: Catalogue, assets: AssetCatalog) -> [String: Any] {
        let title = catalogue.text("layouts.\(tab.rawValue).title")
        return [
            "title": "\(title) – \(catalogue.text("layouts.title"))",
            "nav": ["title": title, "backHref": "/", "backLabel": catalogue.text("shell.app.shortName")],
            "tabs": [
                "label": catalogue.text("layouts.tabs.label"),
                "items": Tab.allCases.map { item -> [String: Any] in
                    [
                        "href": item.path,
                        "icon": assets.url("icons/tab-layouts-\(item.rawValue).svg"),
                        "label": catalogue.text("layouts.tabs.\(item.rawValue)"),
                        "selected": item == tab,
                    ]
                },
            ] as [String: Any],
        ]
    }
}
