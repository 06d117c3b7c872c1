/// One icon on the home screen. `available` flips to true as each app lands.
struct AppTile: Sendable {
    let id: String
    let path: String
    let available: Bool

    /// In the order of the home screen.
    static let all: [AppTile] = [
        AppTile(id: "cars", path: "/cars", available: true),
        AppTile(id: "threadSafeArray", path: "/thread-safe-array", available: true),
        AppTile(id: "layouts", path: "/layouts", available: true),
        AppTile(id: "split", path: "/split", available: true),
        AppTile(id: "stories", path: "/stories", available: false),
        AppTile(id: "photos", path: "/photos", available: false),
        AppTile(id: "github", path: "/github", available: false),
        AppTile(id: "habits", path: "/habits", available: true),
    ]
}
