import Devices
import Foundation
import Testing
@testable import WebShell

/// Issue 46, item 10: backups of 15.8-20 MB previewed but never restored, because the
/// confirmation carries the file sealed (base64url, a third larger) and its body was held to the
/// file's own 20 MB + 64 KB (413). What a preview accepts, its confirmation must carry.
@Suite("A preview's largest file, sealed, fits its confirmation")
struct CarriedUploadLimitTests {
    @Test("the largest file a preview takes, sealed in its multipart form, is under the upload limit")
    func largestSealedFileFits() throws {
        let carried = CarriedUpload(key: Array(repeating: 7, count: 32))
        let device = try #require(DeviceID("0123456789abcdef0123456789abcdef"))
        let file = Data(repeating: 0xA5, count: AppRequestContext.uploadFileLimit)
        let sealed = carried.seal(file, for: device, now: Date(timeIntervalSince1970: 1_780_000_000))
        #expect(sealed.utf8.count <= CarriedUpload.sealedLength(ofFileBytes: file.count))
        // The confirmation's form: the CSRF token, the sealed file, the boundaries (as Chromium writes them).
        let boundary = "----WebKitFormBoundaryx7Q2abcdEFGH"
        let form = "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(String(repeating: "a", count: 64))\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"backup\"\r\n\r\n\(sealed)\r\n--\(boundary)--\r\n"
        #expect(form.utf8.count <= AppRequestContext.uploadLimit, "a 20 MB file's confirmation would be refused (413)")
        #expect(carried.open(sealed, for: device, now: Date(timeIntervalSince1970: 1_780_000_000)) == file)
    }
}
