/// Runs `body`, then `cleanUp` whether `body` threw or not (a stand-in and its client are shut
/// down either way); returns `body`'s value or throws its error.
public func withCleanUp<T>(_ body: () async throws -> T, cleanUp: () async throws -> Void) async throws -> T {
    let result: Result<T, any Error>
    do {
        result = .success(try await body())
    } catch {
        result = .failure(error)
    }
    try await cleanUp()
    return try result.get()
}
