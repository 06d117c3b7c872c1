import Foundation

/// A `multipart/form-data` body (RFC 7578), read strictly and within bounds (issue 36: backup
/// restore and habit imports upload files). What a browser sends always passes; anything else
/// (no closing boundary, a part without a name, a name given twice, header lines too long or too
/// many parts) is refused as a whole, so a route never sees half a form.
public struct MultipartForm: Sendable, Hashable {
    /// Text fields (parts without a filename), by name.
    public let fields: [String: String]
    /// Files (parts with a filename), by field name.
    public let files: [String: UploadedFile]

    public init(fields: [String: String] = [:], files: [String: UploadedFile] = [:]) {
        self.fields = fields
        self.files = files
    }
}

/// One file of a multipart form: its name as the browser gave it and its bytes as sent.
public struct UploadedFile: Sendable, Hashable {
    public let filename: String
    public let contentType: String?
    public let data: Data

    public init(filename: String, contentType: String?, data: Data) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}

/// Why a multipart body was refused.
public enum MultipartError: Error, Hashable, Sendable {
    case missingBoundary
    case malformed
    case tooManyParts(limit: Int)
    case duplicateName(String)
    case textNotUTF8(String)
}

extension MultipartForm {
    /// How many parts a form may have: ours have at most three (a file, `_csrf`, one more).
    public static let maxParts = 16
    /// Bytes of one part's header lines together.
    public static let maxHeaderBytes = 8 * 1024

    /// The boundary of a `Content-Type: multipart/form-data; boundary=…` header, nil for any other type.
    public static func boundary(ofContentType contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = parameters.first, type.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parameters.dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            guard parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1 to 70 characters.
            guard (1...70).contains(value.utf8.count), value.allSatisfy({ $0.isASCII && $0 != "\r" && $0 != "\n" }) else { return nil }
            return value
        }
        return nil
    }

    /// Reads `body`, delimited by `boundary`.
    public init(parsing body: some Collection<UInt8>, boundary: String) throws(MultipartError) {
        let bytes = Array(body)
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = [13, 10] + dashBoundary
        // The body starts with the first boundary (browsers send no preamble).
        guard bytes.starts(with: dashBoundary) else { throw .malformed }
        var position = dashBoundary.count
        var fields: [String: String] = [:]
        var files: [String: UploadedFile] = [:]
        var names: Set<String> = []
        while true {
            // After a boundary: "--" ends the form, CRLF starts a part.
            if Self.matches(bytes, at: position, [45, 45]) { break }
            guard Self.matches(bytes, at: position, [13, 10]) else { throw .malformed }
            position += 2
            guard names.count < Self.maxParts else { throw .tooManyParts(limit: Self.maxParts) }
            guard let headerEnd = Self.find([13, 10, 13, 10], in: bytes, from: position, within: Self.maxHeaderBytes) else { throw .malformed }
            let header = try Self.partHeader(bytes[position..<headerEnd])
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.find(delimiter, in: bytes, from: contentStart, within: nil) else { throw .malformed }
            guard names.insert(header.name).inserted else { throw .duplicateName(header.name) }
            let content = bytes[contentStart..<contentEnd]
            if let filename = header.filename {
                files[header.name] = UploadedFile(filename: filename, contentType: header.contentType, data: Data(content))
            } else {
                guard let text = String(validating: content, as: UTF8.self) else { throw .textNotUTF8(header.name) }
                fields[header.name] = text
            }
            position = contentEnd + delimiter.count
        }
        self.init(fields: fields, files: files)
    }

    private struct PartHeader {
        var name: String
        var filename: String?
        var contentType: String?
    }

    private static func partHeader(_ bytes: ArraySlice<UInt8>) throws(MultipartError) -> PartHeader {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed }
        var disposition: String?
        var contentType: String?
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-disposition":
                guard disposition == nil else { throw .malformed }
                disposition = value
            case "content-type": contentType = value
            default: continue
            }
        }
        guard let disposition else { throw .malformed }
        let parameters = try dispositionParameters(disposition)
        guard let name = parameters["name"], !name.isEmpty else { throw .malformed }
        return PartHeader(name: name, filename: parameters["filename"], contentType: contentType)
    }

    /// `form-data; name="file"; filename="a.json"`: the quoted values, with `\"` read as a quote
    /// (browsers send a quote in a file name as `%22`, which stays as it is).
    private static func dispositionParameters(_ value: String) throws(MultipartError) -> [String: String] {
        var characters = Substring(value)
        func skipSpaces() { while characters.first == " " || characters.first == "\t" { characters.removeFirst() } }
        let type = characters.prefix { $0 != ";" }
        guard type.trimmingCharacters(in: .whitespaces).lowercased() == "form-data" else { throw .malformed }
        characters = characters.dropFirst(type.count)
        var parameters: [String: String] = [:]
        while !characters.isEmpty {
            guard characters.first == ";" else { throw .malformed }
            characters.removeFirst()
            skipSpaces()
            let key = characters.prefix { $0 != "=" && $0 != ";" }.lowercased()
            characters = characters.dropFirst(key.count)
            guard characters.first == "=" else { throw .malformed }
            characters.removeFirst()
            var parameter = ""
            if characters.first == "\"" {
                characters.removeFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == "\\", let escaped = characters.popFirst() {
                        parameter.append(escaped)
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        parameter.append(character)
                    }
                }
                guard closed else { throw .malformed }
            } else {
                parameter = String(characters.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
                characters = characters.dropFirst(parameter.count)
            }
            skipSpaces()
            guard parameters.updateValue(parameter, forKey: key) == nil else { throw .malformed }
        }
        return parameters
    }

    private static func matches(_ bytes: [UInt8], at position: Int, _ pattern: [UInt8]) -> Bool {
        position + pattern.count <= bytes.count && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    /// The first index of `pattern` in `bytes` from `start`, looking at most `within` bytes ahead.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int, within: Int?) -> Int? {
        let last = bytes.count - pattern.count
        let bound = within.map { min(last, start + $0) } ?? last
        guard start <= bound, let first = pattern.first else { return nil }
        var index = start
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            while index <= bound {
                if buffer[index] == first, matches(bytes, at: index, pattern) { return index }
                index += 1
            }
            return nil
        }
    }
}
