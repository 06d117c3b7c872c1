/// The one-time code one browser shows and another types to join its owner (issue 36): 12
/// characters of a 32-letter alphabet, 60 bits, shown in three groups (`K7F2-9QXM-4HJD`).
///
/// The first group is the code's **lookup** (20 bits): it names which link the code belongs to and
/// is stored in the clear. The other two are its **secret** (40 bits): only a digest of the whole
/// code is stored. Because a wrong secret names its link through the lookup, every wrong try is
/// counted against that link in the database, on whichever server it arrives, and the link's code
/// stops working after `LinkGrant.wrongCodeLimit` of them (`SessionStore.linkOwner`).
///
/// The alphabet is Crockford's base 32 (digits and capitals without I, L, O and U): no letter a
/// person could take for another. Typing is forgiving as Crockford's is: lower case, spaces and
/// dashes are ignored, and I, L, O read as the digits they look like.
public struct LinkCode: Sendable, Hashable, CustomStringConvertible {
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    public static let length = 12
    /// Characters of the lookup, the first group.
    public static let lookupLength = 4
    /// 5 bits a character: 60 in all.
    public static var bits: Int { length * 5 }
    /// The secret's bits, what a guess of a known lookup must find: 40.
    public static var secretBits: Int { (length - lookupLength) * 5 }

    /// The 12 characters, without dashes.
    public let characters: String

    /// A new code from the system's cryptographically secure generator.
    public static func random() -> LinkCode {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    public static func random(using generator: inout some RandomNumberGenerator) -> LinkCode {
        let value = generator.next() as UInt64
        let characters = (0..<length).map { index in alphabet[Int((value >> (5 * UInt64(index))) & 31)] }
        return LinkCode(unchecked: String(characters))
    }

    private init(unchecked characters: String) { self.characters = characters }

    /// What a person typed, read forgivingly; nil unless it comes to exactly 12 of the alphabet's characters.
    public init?(typed: String) {
        guard typed.count <= 64 else { return nil }
        var read: [Character] = []
        for character in typed.uppercased() {
            switch character {
            case " ", "-", "\u{2010}", "\u{2011}", "\u{2013}", "\u{2014}", "\t": continue
            case "O": read.append("0")
            case "I", "L": read.append("1")
            default:
                guard Self.alphabet.contains(character) else { return nil }
                read.append(character)
            }
        }
        guard read.count == Self.length else { return nil }
        characters = String(read)
    }

    /// The first group, which names the link the code belongs to (not secret).
    public var lookup: String { String(characters.prefix(Self.lookupLength)) }

    /// As shown: three groups of four (`K7F2-9QXM-4HJD`).
    public var grouped: String {
        stride(from: 0, to: Self.length, by: 4).map { start in
            String(characters.dropFirst(start).prefix(4))
        }.joined(separator: "-")
    }

    public var description: String { grouped }
}

/// The secret a link carries (`/link/<token>`): 128 random bits as 32 lowercase hex digits.
public struct LinkToken: Sendable, Hashable {
    public let rawValue: String

    public init?(_ rawValue: String) {
        guard let id = SessionID(rawValue) else { return nil }
        self.rawValue = id.rawValue
    }

    public static func random() -> LinkToken {
        LinkToken(SessionID.random().rawValue)!
    }
}
