import Foundation

/// How much CSV one import reads (issue 36): refused beyond these, before or while reading.
public struct CSVLimits: Hashable, Sendable {
    public var maxBytes: Int
    /// Records after the header.
    public var maxRows: Int
    public var maxColumns: Int

    public init(maxBytes: Int = 20 * 1024 * 1024, maxRows: Int = 1_000_000, maxColumns: Int = 64) {
        self.maxBytes = maxBytes
        self.maxRows = maxRows
        self.maxColumns = maxColumns
    }
}

/// Why a CSV was refused; `line` is the 1-based line of the input where the problem is.
public enum CSVError: Error, Hashable, Sendable {
    case tooLarge(limitBytes: Int)
    case tooManyRows(limit: Int)
    case tooManyColumns(line: Int, limit: Int)
    /// A quoted field that the input ends inside; `line` is where its quote opened.
    case unterminatedQuote(line: Int)
    /// `ab"c`: RFC 4180 allows quotes only around a whole field.
    case quoteInUnquotedField(line: Int)
    /// `"ab"c`: after a closing quote only a comma or the end of the record may follow.
    case textAfterClosingQuote(line: Int)
    /// A carriage return outside quotes that does not start a CRLF.
    case bareCarriageReturn(line: Int)
    case invalidUTF8(line: Int)
}

/// One record: its fields and the line it starts on.
public struct CSVRecord: Hashable, Sendable {
    public let line: Int
    public let fields: [String]
}

/// RFC 4180 records read strictly from bytes, one at a time (issue 36's imports): fields quoted
/// with `"` may hold `""`, commas, CR and LF; records end with CRLF or LF; a UTF-8 byte order mark
/// is skipped; blank lines are skipped. Quotes, commas, CR and LF are ASCII, which never occurs
/// inside a multi-byte UTF-8 sequence, so splitting bytes before decoding is safe.
public struct CSVReader {
    private let bytes: [UInt8]
    private let limits: CSVLimits
    private var index = 0
    private var line = 1
    private var records = 0

    public init(_ data: Data, limits: CSVLimits = CSVLimits()) throws(CSVError) {
        guard data.count <= limits.maxBytes else { throw .tooLarge(limitBytes: limits.maxBytes) }
        bytes = [UInt8](data)
        self.limits = limits
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next non-blank record, or nil at the end of the input.
    public mutating func next() throws(CSVError) -> CSVRecord? {
        while index < bytes.count {
            let record = try readRecord()
            if record.fields == [""] { continue }
            records += 1
            // The header is a record too: one more than the rows it names.
            guard records <= limits.maxRows + 1 else { throw .tooManyRows(limit: limits.maxRows) }
            return record
        }
        return nil
    }

    private mutating func readRecord() throws(CSVError) -> CSVRecord {
        let start = line
        var fields: [String] = []
        while true {
            let quoted = bytes[index] == .quote
            let field = quoted ? try readQuotedField() : try readUnquotedField()
            guard let text = String(validating: field, as: UTF8.self) else { throw .invalidUTF8(line: line) }
            fields.append(text)
            guard fields.count <= limits.maxColumns else { throw .tooManyColumns(line: line, limit: limits.maxColumns) }
            guard index < bytes.count else { return CSVRecord(line: start, fields: fields) }
            switch bytes[index] {
            case .comma:
                index += 1
                if index == bytes.count { fields.append(""); return CSVRecord(line: start, fields: fields) }
            case .lineFeed:
                index += 1
                line += 1
                return CSVRecord(line: start, fields: fields)
            case .carriageReturn:
                guard index + 1 < bytes.count, bytes[index + 1] == .lineFeed else { throw .bareCarriageReturn(line: line) }
                index += 2
                line += 1
                return CSVRecord(line: start, fields: fields)
            default:
                throw .textAfterClosingQuote(line: line)
            }
        }
    }

    private mutating func readUnquotedField() throws(CSVError) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case .comma, .lineFeed, .carriageReturn: return bytes[start..<index]
            case .quote: throw .quoteInUnquotedField(line: line)
            default: index += 1
            }
        }
        return bytes[start..<index]
    }

    private mutating func readQuotedField() throws(CSVError) -> ArraySlice<UInt8> {
        let opened = line
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == .quote {
                guard index < bytes.count, bytes[index] == .quote else { return value[...] }
                index += 1
            } else if byte == .lineFeed {
                line += 1
            }
            value.append(byte)
        }
        throw .unterminatedQuote(line: opened)
    }
}

extension UInt8 {
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
}
