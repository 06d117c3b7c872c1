import HTTPTypes
import Hummingbird

extension Response {
    /// 303 See Other to a local path: the "redirect" of post-redirect-get.
    static func seeOther(_ path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
    static let xCSRFToken = Self("X-CSRF-Token")!
}
