import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with `ConnectionDeadlineHandler` between the HTTP/1 decoder and the
/// conversion to HTTP types: it has to see requests before the conversion, which drops the HTTP
/// version that tells whether an HTTP/1.0 client wants its connection kept open.
public struct DeckHTTPChannel: HTTPChannelHandler {
    public typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    public let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits

    public init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits) {
        self.responder = responder
        self.limits = limits
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // NIOAsyncChannel reads one request at a time
                withErrorHandling: false,  // Hummingbird answers parse errors with 400
                withOutboundHeaderValidation: false,  // HTTP types validate headers already
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: .init())
            try pipeline.addHandler(ConnectionDeadlineHandler(limits: limits, logger: logger))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: limits.idleTimeout, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with AppDeck's connection limits.
    public static func deck(limits: ConnectionLimits) -> HTTPServerBuilder {
        .init { responder in DeckHTTPChannel(responder: responder, limits: limits) }
    }
}
