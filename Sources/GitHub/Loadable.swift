/// Where one piece of a screen stands (GH-4): still loading, here, or failed. The web face keeps
/// one per request it makes and builds the screen state from them.
public enum Loadable<Value: Sendable>: Sendable {
    case loading
    case loaded(Value)
    case failed(GitHubFailure)
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Hashable where Value: Hashable {}
