import Foundation
import Hummingbird
import Localization
import Layouts
import WebShell

/// The three screens of homework 3 (LAY-1..3) in a tab bar: elements, reading, pretend login.
public struct LayoutsApp: DeckApp {
    public init() {}

    public var tile: AppTile? { AppTile(id: "layouts", path: LayoutsTab.elements.path, icon: "icons/app-layouts.svg", order: 3, nameKey: "layouts.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "layouts" }
    public var strings: Catalogues { .layouts }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        LayoutsController(shell: shell).addRoutes(to: router.group(RouterPath(LayoutsTab.elements.path)))
    }
}

/// The tabs in order, with their URLs: the one type routes register and links use.
enum LayoutsTab: String, CaseIterable {
    case elements, reading, login

    static let base = "/layouts"

    /// The pattern under `/layouts`.
    var pattern: RouterPath {
        switch self {
        case .elements: ""
        case .reading: "text"
        case .login: "login"
        }
    }

    var path: String {
        switch self {
        case .elements: Self.base
        case .reading: "\(Self.base)/text"
        case .login: "\(Self.base)/login"
        }
    }
}

struct LayoutsController {
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(LayoutsTab.elements.pattern, use: elements)
        group.get(LayoutsTab.reading.pattern, use: reading)
        group.get(LayoutsTab.login.pattern, use: login)
        group.post(LayoutsTab.login.pattern, use: submitLogin)
    }

    struct LoginFields: Decodable {
        let login: String?
        let password: String?
    }

    @Sendable func elements(_ request: Request, context: AppRequestContext) -> HTMLPage {
        LayoutsViews.elements(shell.page(context))
    }

    @Sendable func reading(_ request: Request, context: AppRequestContext) -> HTMLPage {
        LayoutsViews.reading(shell.page(context))
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) -> HTMLPage {
        LoginView(form: LoginForm(), outcome: nil).page(shell.page(context))
    }

    @Sendable func submitLogin(_ request: Request, context: AppRequestContext) throws -> HTMLPage {
        let fields = try context.decodeForm(LoginFields.self)
        let form = LoginForm(login: fields.login ?? "", password: fields.password ?? "")
        return LoginView(form: form, outcome: form.submit()).page(shell.page(context))
    }
}
