import WebShell

/// The route of the thread-safe array page, declared once.
enum ThreadSafeArrayPath {
    static let page = Route("/thread-safe-array")
}
