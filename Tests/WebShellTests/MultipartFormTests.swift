import Foundation
import Testing
@testable import WebShell

@Suite("A multipart/form-data body (issue 36)")
struct MultipartFormTests {
    static let boundary = "----WebKitFormBoundaryx7Q2"

    /// A body as Chromium writes one: each part, then the closing boundary.
    static func body(_ parts: [(header: String, content: [UInt8])], closing: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            bytes += Array("--\(boundary)\r\n\(part.header)\r\n\r\n".utf8) + part.content + Array("\r\n".utf8)
        }
        if closing { bytes += Array("--\(boundary)--\r\n".utf8) }
        return bytes
    }

    static let token = (header: "Content-Disposition: form-data; name=\"_csrf\"", content: Array("abc".utf8))
    static func file(_ content: [UInt8], name: String = "file") -> (header: String, content: [UInt8]) {
        ("Content-Disposition: form-data; name=\"\(name)\"; filename=\"backup \\\"1\\\".json\"\r\nContent-Type: application/json", content)
    }

    @Test("the boundary comes from the content type, quoted or not; other types have none")
    func boundaryOfContentType() {
        #expect(MultipartForm.boundary(ofContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartForm.boundary(ofContentType: "Multipart/Form-Data;boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(ofContentType: "application/x-www-form-urlencoded") == nil)
        #expect(MultipartForm.boundary(ofContentType: "multipart/form-data") == nil)
        #expect(MultipartForm.boundary(ofContentType: "multipart/form-data; boundary=\(String(repeating: "x", count: 71))") == nil)
    }

    @Test("text fields and a binary file with CR, LF and the boundary not after CRLF come back as sent")
    func fieldsAndFile() throws {
        let binary: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 13, 10, 0, 255] + Array("\r\n--other\n--\(Self.boundary)".utf8) + [13, 13, 10]
        let form = try MultipartForm(parsing: Self.body([Self.token, Self.file(binary)]), boundary: Self.boundary)
        #expect(form.fields == ["_csrf": "abc"])
        let file = try #require(form.files["file"])
        #expect(file.data == Data(binary))
        #expect(file.filename == "backup \"1\".json")
        #expect(file.contentType == "application/json")
    }

    @Test("an empty file is a file with no bytes")
    func emptyFile() throws {
        let form = try MultipartForm(parsing: Self.body([Self.file([])]), boundary: Self.boundary)
        #expect(form.files["file"]?.data == Data())
    }

    @Test("a body without its closing boundary (cut short) is refused")
    func truncated() {
        var body = Self.body([Self.token, Self.file(Array("{}".utf8))], closing: false)
        #expect(throws: MultipartError.malformed) { try MultipartForm(parsing: body, boundary: Self.boundary) }
        body = Array(Self.body([Self.file(Array("{\"a\": 1}".utf8))]).dropLast(20))
        #expect(throws: MultipartError.malformed) { try MultipartForm(parsing: body, boundary: Self.boundary) }
    }

    @Test("a body that does not start with the boundary, or uses another, is refused")
    func wrongBoundary() {
        #expect(throws: MultipartError.malformed) { try MultipartForm(parsing: Self.body([Self.token]), boundary: "other") }
        #expect(throws: MultipartError.malformed) {
            try MultipartForm(parsing: Array("preamble\r\n".utf8) + Self.body([Self.token]), boundary: Self.boundary)
        }
    }

    @Test("a name given twice, a part without a name or a disposition, and a header without its blank line are refused")
    func malformedParts() {
        #expect(throws: MultipartError.duplicateName("_csrf")) {
            try MultipartForm(parsing: Self.body([Self.token, Self.token]), boundary: Self.boundary)
        }
        #expect(throws: MultipartError.malformed) {
            try MultipartForm(parsing: Self.body([("Content-Disposition: form-data", [1])]), boundary: Self.boundary)
        }
        #expect(throws: MultipartError.malformed) {
            try MultipartForm(parsing: Self.body([("Content-Type: text/plain", [1])]), boundary: Self.boundary)
        }
        #expect(throws: MultipartError.malformed) {
            try MultipartForm(parsing: Self.body([("Content-Disposition: form-data; name=\"a", [1])]), boundary: Self.boundary)
        }
        #expect(throws: MultipartError.malformed) {
            try MultipartForm(parsing: Self.body([("Content-Disposition: attachment; name=\"a\"", [1])]), boundary: Self.boundary)
        }
        let endless = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\nX: ".utf8)
            + Array(repeating: UInt8(ascii: "x"), count: MultipartForm.maxHeaderBytes + 10) + Array("\r\n\r\nv\r\n--\(Self.boundary)--".utf8)
        #expect(throws: MultipartError.malformed) { try MultipartForm(parsing: endless, boundary: Self.boundary) }
    }

    @Test("more parts than a form of ours has are refused")
    func tooManyParts() {
        let parts = (0...MultipartForm.maxParts).map { ("Content-Disposition: form-data; name=\"f\($0)\"", [UInt8(ascii: "v")]) }
        #expect(throws: MultipartError.tooManyParts(limit: MultipartForm.maxParts)) {
            try MultipartForm(parsing: Self.body(parts), boundary: Self.boundary)
        }
    }

    @Test("a text field that is not UTF-8 is refused; a file may hold any bytes")
    func textNotUTF8() {
        #expect(throws: MultipartError.textNotUTF8("a")) {
            try MultipartForm(parsing: Self.body([("Content-Disposition: form-data; name=\"a\"", [0xC3, 0x28])]), boundary: Self.boundary)
        }
    }

    @Test("short fields become the url-encoded form the CSRF check reads")
    func encodedForCSRF() {
        #expect(FormEncoding.encode(["_csrf": "a+b/c=", "x": "é &"]) == "_csrf=a%2Bb%2Fc%3D&x=%C3%A9%20%26")
    }
}
