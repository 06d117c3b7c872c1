import Foundation
import NIOPosix
import Synchronization
import Upstream

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which addresses a client may connect to (GH-3: the README image proxy), checked by
/// `UpstreamClient` before the first request and again before every redirect.
///
/// A host name is resolved here, every address it resolves to must be public (`IPAddress.isPublic`),
/// and the connection is then made to the first of them, never to a second resolution (the
/// client pins it with AsyncHTTPClient's `dnsOverride`, which keeps the name for TLS's SNI and
/// certificate check): a name that answers a public address to the check and a private one to
/// the connection (DNS rebinding) gets nowhere. An address written in the URL is judged as is.
///
/// Hosts in `exemptHosts` (`name` for any port, or `name:port`) are not checked and are resolved
/// by AsyncHTTPClient as usual: the server option `--readme-image-private-hosts`, which tests use
/// for their loopback stand-ins. A redirect from an exempt host to any other is checked.
public struct UpstreamAddressPolicy: Sendable {
    /// Lowercased `name` or `name:port` entries.
    public let exemptHosts: Set<String>
    private let resolve: @Sendable (String) async throws -> [IPAddress]

    /// `resolver` answers a host name's addresses (the system's `getaddrinfo` unless a suite gives
    /// its own, to play a public name that resolves to a private address).
    public init(
        exemptHosts: [String] = [],
        resolver: @escaping @Sendable (String) async throws -> [IPAddress] = UpstreamAddressPolicy.systemResolve
    ) {
        self.exemptHosts = Set(exemptHosts.map { $0.lowercased() })
        self.resolve = resolver
    }

    /// What a connection to `url` may use: `.exempt` (connect as usual), or the one checked public
    /// address to connect to. Throws `.rejected(.hostNotAllowed)` when any address of the host is
    /// not public, `.offline` when the name does not resolve.
    public func check(_ url: URL) async throws -> Connection {
        guard let origin = UpstreamOrigin(url) else { throw UpstreamFailure.rejected(.hostNotAllowed) }
        let host = origin.host.hasPrefix("[") && origin.host.hasSuffix("]") ? String(origin.host.dropFirst().dropLast()) : origin.host
        let named = [host, "[\(host)]", origin.host, "\(host):\(origin.port)", "[\(host)]:\(origin.port)", "\(origin.host):\(origin.port)"]
        if named.contains(where: { exemptHosts.contains($0) }) { return .exempt }
        if let literal = IPAddress(host) {
            guard literal.isPublic else { throw UpstreamFailure.rejected(.hostNotAllowed) }
            return .literal(literal)
        }
        let addresses = try await resolve(host)
        guard let first = addresses.first else { throw UpstreamFailure.offline }
        guard addresses.allSatisfy(\.isPublic) else { throw UpstreamFailure.rejected(.hostNotAllowed) }
        return .pinned(host: host, address: first)
    }

    public enum Connection: Sendable, Hashable {
        /// The host is exempt: connect as usual.
        case exempt
        /// The URL names a public address itself.
        case literal(IPAddress)
        /// Connect to `address` for the name `host`, not to a new resolution of it.
        case pinned(host: String, address: IPAddress)
    }

    /// The addresses `getaddrinfo` gives for `host` (TCP), on NIO's blocking-I/O thread pool;
    /// `.offline` when it gives none. A cancelled caller (the request's deadline) stops waiting at
    /// once; the lookup itself, which cannot be interrupted, ends on its own and is dropped.
    public static let systemResolve: @Sendable (String) async throws -> [IPAddress] = { host in
        let pending = PendingResolution()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.start(continuation)
                NIOThreadPool.singleton.submit { state in
                    guard case .active = state else { return pending.finish(.failure(UpstreamFailure.offline)) }
                    pending.finish(Result { try UpstreamAddressPolicy.lookUp(host) })
                }
            }
        } onCancel: {
            pending.finish(.failure(CancellationError()))
        }
    }

    private static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw UpstreamFailure.offline }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let socket = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    let raw = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var address = pointer.pointee.sin_addr
                        return withUnsafeBytes(of: &address) { Array($0) }
                    }
                    if let address = IPAddress(bytes: raw), !addresses.contains(address) { addresses.append(address) }
                case AF_INET6:
                    let raw = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var address = pointer.pointee.sin6_addr
                        return withUnsafeBytes(of: &address) { Array($0) }
                    }
                    if let address = IPAddress(bytes: raw), !addresses.contains(address) { addresses.append(address) }
                default:
                    break
                }
            }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw UpstreamFailure.offline }
        return addresses
    }
}

/// One lookup's answer, handed to its waiter once: by the lookup, or by the waiter's cancellation,
/// whichever comes first.
private final class PendingResolution: Sendable {
    private struct State {
        var continuation: CheckedContinuation<[IPAddress], any Error>?
        var result: Result<[IPAddress], any Error>?
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<[IPAddress], any Error>) {
        let early = state.withLock { state -> Result<[IPAddress], any Error>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<[IPAddress], any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<[IPAddress], any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: result)
    }
}
