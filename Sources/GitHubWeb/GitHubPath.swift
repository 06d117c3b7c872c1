import Hummingbird

/// Every URL of the GitHub app: the patterns its routes register and the links its views make.
enum GitHubPath {
    static let base = "/github"
    static let signInPattern: RouterPath = "sign-in"
    static let signOutPattern: RouterPath = "sign-out"
    static let repositoryPattern: RouterPath = "repositories/{id}"
    static let languagesPattern: RouterPath = "languages.css"

    /// The list (GH-2), or sign-in when no token is kept.
    static let list = base
    static let signIn = "\(base)/sign-in"
    static let signOut = "\(base)/sign-out"
    static let languages = "\(base)/languages.css"

    /// Sign-in, saying why the person was sent there (a refused or missing token).
    static func signIn(reason: SignInReason?) -> String {
        reason.map { "\(signIn)?reason=\($0.rawValue)" } ?? signIn
    }

    static func repository(id: Int) -> String { "\(base)/repositories/\(id)" }
}

/// Why a screen sent the person back to sign-in, as a word in the URL.
enum SignInReason: String {
    case signedOut
    case badCredentials
}
