import Hummingbird
import Layouts
import WebShell

/// `/layouts`: the three tabs of homework 3 (LAY-1..3).
struct LayoutsController {
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(LayoutsPath.elements, use: elements)
        group.get(LayoutsPath.reading, use: reading)
        group.get(LayoutsPath.login, use: login)
        group.post(LayoutsPath.login, use: submitLogin)
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
