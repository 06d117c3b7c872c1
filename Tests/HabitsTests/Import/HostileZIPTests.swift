import Foundation
import Testing
import ZIPFoundation
@testable import Habits

@Suite("Hostile ZIPs are refused before or while inflating, never half-read (issue 36)")
struct HostileZIPTests {
    static let habits = RawEntry("Habits.csv", "Position,Name\n001,Run\n")

    private func refusal(_ data: Data, limits: HabitImportLimits = .standard) -> HabitImportError? {
        importError { () throws(HabitImportError) in try HabitImporter.read(data, today: importToday, limits: limits) }
    }

    @Test("the zero bomb stream is real: a small one inflates to exactly the zeros it promises")
    func bombStreamIsReal() throws {
        let stream = ZeroBomb.stream(groups: 3)
        var inflated = Data()
        _ = try Data.decompress(size: Int64(stream.count), bufferSize: 64 * 1024, skipCRC32: true,
                                provider: { position, size in
                                    var chunk = stream.subdata(in: Int(position)..<min(Int(position) + size, stream.count))
                                    chunk.append(Data(count: size - chunk.count))
                                    return chunk
                                }, consumer: { inflated.append($0) })
        #expect(inflated.count == ZeroBomb.inflatedSize(groups: 3))
        #expect(inflated.allSatisfy { $0 == 0 })
        #expect(ZeroBomb.inflatedSize(groups: ZeroBomb.gigabyteGroups) > 1 << 30)
    }

    @Test("a 1 GB bomb that declares its size is refused from the directory, before inflating")
    func declaredBomb() {
        let groups = ZeroBomb.gigabyteGroups
        let bomb = RawEntry(name: Array("001 Run/Checkmarks.csv".utf8), stored: ZeroBomb.stream(groups: groups), method: 8,
                            crc32: 0, uncompressedSize: UInt32(ZeroBomb.inflatedSize(groups: groups)))
        let zip = rawZIP([Self.habits, bomb])
        #expect(zip.count < CSVLimits().maxBytes, "the upload itself is small")
        // Refused as declared too large: had it been inflated, the lie-detecting or the
        // checksum error (its CRC is 0) would have come instead.
        #expect(refusal(zip) == .zipTooLarge(limitBytes: HabitImportLimits.standard.maxUncompressedBytes))
    }

    @Test("a 1 GB bomb whose header says 1,000 bytes is stopped at the first chunk past them")
    func lyingBomb() {
        let bomb = RawEntry(name: Array("001 Run/Checkmarks.csv".utf8), stored: ZeroBomb.stream(groups: ZeroBomb.gigabyteGroups),
                            method: 8, crc32: 0, uncompressedSize: 1_000)
        #expect(refusal(rawZIP([Self.habits, bomb])) == .zipEntryLargerThanDeclared(path: "001 Run/Checkmarks.csv"))
    }

    @Test("100,000 entries are refused from the end record alone")
    func manyEntries() {
        let entries = (0..<100_000).map { RawEntry(name: Array("f\($0)".utf8), contents: Data()) }
        let zip = rawZIP([Self.habits] + entries)
        #expect(refusal(zip) == .zipTooManyEntries(limit: 2_100))
        #expect(refusal(rawZIP([Self.habits] + entries.prefix(3_000))) == .zipTooManyEntries(limit: 2_100), "without ZIP64 too")
    }

    @Test("../, absolute, backslashed and NUL names are refused, wherever they are")
    func unsafeNames() {
        let names: [[UInt8]] = [
            Array("../Habits.csv".utf8), Array("001 Run/../../etc/passwd".utf8), Array("001 Run/..".utf8),
            Array("/etc/passwd".utf8), Array("C:/Windows/win.ini".utf8), Array("..\\evil.csv".utf8),
            Array("001 Run\\Checkmarks.csv".utf8), Array("Habits.csv".utf8) + [0] + Array(".txt".utf8),
        ]
        for name in names {
            let zip = rawZIP([Self.habits, RawEntry(name: name, contents: utf8("x"))])
            guard case .zipUnsafeEntryName = refusal(zip) else {
                Issue.record("\(String(decoding: name, as: UTF8.self)) was not refused as unsafe")
                continue
            }
        }
        #expect(BoundedZIP.isSafe(Array("001 Run..x/..Checkmarks.csv".utf8)), "dots inside a name are not a component")
    }

    @Test("a symbolic link entry is refused")
    func symlink() {
        var link = RawEntry("001 Run/Checkmarks.csv", "/etc/passwd")
        link.unixMode = 0o120777
        #expect(refusal(rawZIP([Self.habits, link])) == .zipSymlink(path: "001 Run/Checkmarks.csv"))
    }

    @Test("a deflate stream cut short ends in an error, not ZIPFoundation's endless loop (weichsel/ZIPFoundation#389)")
    func truncatedStream() throws {
        let text = (1...200).map { "2026-0\($0 % 9 + 1)-1\($0 % 9),YES_MANUAL,note \($0)\n" }.joined()
        let full = try deflated(utf8(text))
        let cut = RawEntry(name: Array("001 Run/Checkmarks.csv".utf8), stored: full.prefix(full.count / 2), method: 8,
                           crc32: utf8(text).crc32(checksum: 0), uncompressedSize: UInt32(text.utf8.count))
        #expect(refusal(rawZIP([Self.habits, cut])) == .zipUnreadable)
    }

    @Test("a wrong checksum, an encrypted entry, another compression method and garbage are refused")
    func damaged() throws {
        var wrongCRC = RawEntry("001 Run/Checkmarks.csv", "Date,Value\n2026-11-01,YES_MANUAL\n")
        wrongCRC.crc32 ^= 1
        #expect(refusal(rawZIP([Self.habits, wrongCRC])) == .zipUnreadable)
        var encrypted = RawEntry("001 Run/Checkmarks.csv", "x")
        encrypted.flags |= 1
        #expect(refusal(rawZIP([Self.habits, encrypted])) == .zipUnsupportedEntry(path: "001 Run/Checkmarks.csv"))
        var bzip2 = RawEntry("001 Run/Checkmarks.csv", "x")
        bzip2.method = 12
        #expect(refusal(rawZIP([Self.habits, bzip2])) == .zipUnsupportedEntry(path: "001 Run/Checkmarks.csv"))
        #expect(refusal(Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 7, count: 100_000)) == .zipUnreadable)
        let zip = rawZIP([Self.habits])
        #expect(refusal(zip.prefix(zip.count - 5)) == .zipUnreadable, "the end record cut short")
    }

    @Test("a well-formed raw ZIP reads: the hostile cases fail for their own reason")
    func rawZIPReads() throws {
        let checkmarks = RawEntry("001 Run/Checkmarks.csv", "Date,Value\n2026-11-01,YES_MANUAL\n")
        let text = "Date,Value\n2026-11-02,YES_MANUAL\n"
        let deflatedEntry = RawEntry(name: Array("001 Run/Checkmarks.csv".utf8), stored: try deflated(utf8(text)), method: 8,
                                     crc32: utf8(text).crc32(checksum: 0), uncompressedSize: UInt32(text.utf8.count))
        #expect(try HabitImporter.read(rawZIP([Self.habits, checkmarks]), today: importToday).habits[0].trackedDays == [day(2026, 11, 1)])
        #expect(try HabitImporter.read(rawZIP([Self.habits, deflatedEntry]), today: importToday).habits[0].trackedDays == [day(2026, 11, 2)])
    }

    @Test("entries that together declare more than the limit are refused before any is inflated")
    func declaredTotal() {
        let limits = HabitImportLimits(maxUncompressedBytes: 100)
        let big = RawEntry("Scores.csv", String(repeating: "0", count: 80))
        #expect(refusal(rawZIP([Self.habits, big]), limits: limits) == .zipTooLarge(limitBytes: 100))
    }
}
