/// What a list screen shows in place of its rows until it has them (issue 49): the folder's
/// entries, the commits, the issues. One shape, so the web face draws every such list's states
/// the same way.
public enum ListContent<Row: Sendable & Hashable>: Sendable, Hashable {
    /// What is loading, said beside the activity indicator.
    case loading(String)
    case loaded([Row])
    /// Nothing to list: the sentence saying so.
    case empty(String)
    case failed(FailureNotice)
}
