import WebShell

/// Every route of the GitHub app, declared once: the controller registers these, the views link to them.
enum GitHubPath {
    /// The list (GH-2), or sign-in when no token is kept.
    static let list = Route("/github")
    /// Sign-in (GET), and where its form posts (POST).
    static let signIn = Route("/github", "sign-in")
    static let signOut = Route("/github", "sign-out")
    static let repository = Route("/github", "repositories/{id}")
    static let languages = Route("/github", "languages.css")
    /// A README image through the signed proxy (GH-3): `?url=<target>`.
    static let readmeImage = Route("/github", "readme-images/{signature}")

    /// Sign-in, saying why the person was sent there (a refused or missing token).
    static func signIn(reason: SignInReason?) -> String {
        signIn.link(query: ["reason": reason?.rawValue])
    }
}

/// Why a screen sent the person back to sign-in, as a word in the URL.
enum SignInReason: String {
    case signedOut
    case badCredentials
}
