import Foundation
import Testing
@testable import Habits

@Suite("CSVReader: RFC 4180, strict and bounded (issue 36)")
struct CSVReaderTests {
    private func records(_ text: String, limits: CSVLimits = CSVLimits()) throws -> [CSVRecord] {
        var reader = try CSVReader(utf8(text), limits: limits)
        var records: [CSVRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    private func failure(_ data: Data, limits: CSVLimits = CSVLimits()) -> CSVError? {
        do {
            var reader = try CSVReader(data, limits: limits)
            while try reader.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test("quoted fields hold doubled quotes, commas, CR, LF and CRLF; each record knows its first line")
    func quotedFields() throws {
        let text = "a,\"say \"\"hi\"\", then, go\",c\r\n\"two\nlines\",\"cr\rhere\",\"crlf\r\nend\"\nlast,,\"\"\n"
        let read = try records(text)
        #expect(read.map(\.fields) == [
            ["a", "say \"hi\", then, go", "c"],
            ["two\nlines", "cr\rhere", "crlf\r\nend"],
            ["last", "", ""],
        ])
        #expect(read.map(\.line) == [1, 2, 5])
    }

    @Test("LF and CRLF records, a UTF-8 byte order mark, blank lines, no newline at the end, a trailing comma")
    func recordEnds() throws {
        #expect(try records("\u{FEFF}x,y\r\n1,2\n\n\r\n3,").map(\.fields) == [["x", "y"], ["1", "2"], ["3", ""]])
        #expect(try records("Name\nЗарядка 🏃\n").map(\.fields) == [["Name"], ["Зарядка 🏃"]])
        #expect(try records("").isEmpty)
    }

    @Test("broken quoting is refused with the line it is on")
    func brokenQuoting() {
        #expect(failure(utf8("a,b\nc,\"never closed\nd,e\n")) == .unterminatedQuote(line: 2))
        #expect(failure(utf8("a,b\nc,d\"e\n")) == .quoteInUnquotedField(line: 2))
        #expect(failure(utf8("a,b\n\"c\"d,e\n")) == .textAfterClosingQuote(line: 2))
        #expect(failure(utf8("a,b\n\"x\ny\"z\n")) == .textAfterClosingQuote(line: 3))
        #expect(failure(utf8("a,b\rc,d\n")) == .bareCarriageReturn(line: 1))
    }

    @Test("invalid UTF-8 is refused with its line")
    func invalidUTF8() {
        var data = utf8("Name,Value\nok,1\n")
        data.append(contentsOf: [0x62, 0xC3, 0x28, 0x2C, 0x31, 0x0A])  // "b\xC3(,1"
        #expect(failure(data) == .invalidUTF8(line: 3))
        #expect(failure(Data([0xFF, 0xFE, 0x41])) == .invalidUTF8(line: 1), "UTF-16 is not UTF-8")
    }

    @Test("over 20 MB is refused before reading; rows and columns beyond their limits are refused")
    func bounds() {
        let limit = CSVLimits().maxBytes
        #expect(limit == 20 * 1024 * 1024)
        #expect(failure(Data(repeating: UInt8(ascii: "a"), count: limit + 1)) == .tooLarge(limitBytes: limit))
        #expect(failure(Data(repeating: UInt8(ascii: "a"), count: limit)) == nil)
        let small = CSVLimits(maxBytes: 1_000, maxRows: 2, maxColumns: 3)
        #expect(failure(utf8("h\n1\n2\n"), limits: small) == nil, "a header and two rows")
        #expect(failure(utf8("h\n1\n2\n3\n"), limits: small) == .tooManyRows(limit: 2))
        #expect(failure(utf8("a,b,c\na,b,c,d\n"), limits: small) == .tooManyColumns(line: 2, limit: 3))
    }
}
