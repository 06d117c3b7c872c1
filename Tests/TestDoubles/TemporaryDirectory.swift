import Foundation

/// A fresh empty directory under the system's temporary directory, named `prefix` and a UUID.
public func temporaryDirectory(_ prefix: String = "appdeck-tests") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
