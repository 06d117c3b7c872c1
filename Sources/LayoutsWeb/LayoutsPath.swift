import WebShell

/// Every route of the Layouts app, declared once: the controller registers these, the views link to them.
enum LayoutsPath {
    static let elements = Route("/layouts")
    static let reading = Route("/layouts", "text")
    /// The pretend login (GET), and where it posts (POST).
    static let login = Route("/layouts", "login")
}

/// The tabs in order (LAY-1..3), each with its route.
enum LayoutsTab: String, CaseIterable {
    case elements, reading, login

    var route: Route {
        switch self {
        case .elements: LayoutsPath.elements
        case .reading: LayoutsPath.reading
        case .login: LayoutsPath.login
        }
    }
}
