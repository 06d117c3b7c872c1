import Foundation

/// Everything that can go wrong asking a third-party service (jsonplaceholder, GitHub), as a closed
/// set the screens render: the live clients map transport errors and HTTP statuses onto it.
public enum UpstreamFailure: Error, Sendable, Hashable {
    /// No connection: the host cannot be resolved or reached, or the connection was refused.
    case offline
    /// The service did not answer in time.
    case timedOut
    /// Not asked: this server was already running as many exchanges with the service as it
    /// allows (for this device, or in all), and the wait for a turn ran out. Says nothing about
    /// the service, so it is never remembered against it.
    case busy
    /// 401: the credentials were refused.
    case badCredentials
    /// 403 or 429 with the service's rate-limit headers; when the limit resets, if it said.
    case rateLimited(resetsAt: Date?)
    /// 404.
    case notFound
    /// 5xx, or a status the client does not expect.
    case server(status: Int)
    /// The answer arrived but cannot be read (malformed JSON, a wrong shape).
    case unreadable
    /// The answer is not what was asked for (not an image, larger than allowed), or was not asked
    /// at all because its host is not allowed.
    case rejected(Rejection)

    public enum Rejection: String, Sendable, Hashable {
        case notAnImage
        case tooLarge
        /// The URL (or a redirect) names a host the client may not ask; nothing was sent.
        case hostNotAllowed
    }
}
