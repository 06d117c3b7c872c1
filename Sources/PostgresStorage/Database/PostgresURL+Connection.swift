import PostgresNIO

extension PostgresURL {
    /// TLS as libpq's `prefer` and `require` do it: encrypted, the server's certificate unchecked.
    static var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    /// The configuration of one connection outside the pool, for work that is not a request's:
    /// creating a database, copying one into another.
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch sslMode {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration))
        case .require: .require(try NIOSSLContext(configuration: Self.tlsConfiguration))
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }
}
