/// The single-byte code pages e-mail is read in besides Windows-1252 (which
/// ``CharacterEncoding/windows1252`` reads, and ISO 8859-1 and US-ASCII with
/// it): ISO 8859-2 to 8859-16 and Windows-1250 to 1258. Bytes 00-7F are
/// ASCII; bytes 80-FF map through a table made from Python's codecs by
/// `Scripts/make-code-pages.py`. A byte a code page leaves undefined is read
/// as the C1 control of its number (80-9F) or U+FFFD.
///
/// ```swift
/// SingleByteCodePage(charset: "ISO-8859-15")                // .iso885915
/// SingleByteCodePage.iso885915.scalar(for: 0xA4)            // "€" (Latin-1's "¤")
/// SingleByteCodePage.iso885915.byte(for: "€")               // 0xA4
/// ```
public enum SingleByteCodePage: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case iso88592, iso88593, iso88594, iso88595, iso88596, iso88597, iso88598, iso88599, iso885910, iso885911
    case iso885913, iso885914, iso885915, iso885916
    case windows1250, windows1251, windows1253, windows1254, windows1255, windows1256, windows1257, windows1258

    /// The name iconv and Python know it by, such as `ISO-8859-15`.
    public var description: String {
        let names = [
            "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8",
            "ISO-8859-9", "ISO-8859-10", "ISO-8859-11", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16",
            "CP1250", "CP1251", "CP1253", "CP1254", "CP1255", "CP1256", "CP1257", "CP1258",
        ]
        return names[rawValue]
    }

    /// The code page a MIME charset name stands for (case-insensitive:
    /// `iso-8859-15`, `iso8859-15`, `iso_8859-15`, `latin-9`, `latin9`,
    /// `windows-1250`, `cp1250`), or nil.
    ///
    /// ```swift
    /// SingleByteCodePage(charset: "latin9")   // .iso885915
    /// ```
    public init?(charset: String) {
        var name = charset.lowercased()
        for alias in [("latin-9", "iso-8859-15"), ("latin9", "iso-8859-15"), ("latin-2", "iso-8859-2")] {
            if name == alias.0 { name = alias.1 }
        }
        if name == "latin2" || name == "l2" { name = "iso-8859-2" }
        if name == "l9" { name = "iso-8859-15" }
        let number: Int?
        if let rest = Self.suffix(of: name, after: ["iso-8859-", "iso8859-", "iso_8859-", "iso8859_", "iso-8859_"]) {
            number = Int(rest).flatMap { [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16].contains($0) ? $0 : nil }
            guard let number else { return nil }
            self = Self.allCases[number <= 11 ? number - 2 : number - 3]
        } else if let rest = Self.suffix(of: name, after: ["windows-", "cp", "windows"]),
            let value = Int(rest), (1250...1258).contains(value), value != 1252
        {
            self = Self.allCases[14 + (value < 1252 ? value - 1250 : value - 1251)]
        } else {
            return nil
        }
    }

    private static func suffix(of name: String, after prefixes: [String]) -> Substring? {
        for prefix in prefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if !rest.isEmpty, rest.allSatisfy(\.isNumber) { return rest }
        }
        return nil
    }

    /// The character `byte` stands for.
    ///
    /// - Complexity: O(1).
    public func scalar(for byte: UInt8) -> Unicode.Scalar {
        byte < 0x80 ? Unicode.Scalar(byte) : Unicode.Scalar(UInt32(Self.highTables[rawValue][Int(byte) - 0x80]))!
    }

    /// The byte that stands for `scalar`, or nil when the code page has none.
    ///
    /// - Complexity: O(1) for ASCII, else a search of 128 entries.
    public func byte(for scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value < 0x80 { return UInt8(value) }
        guard value <= 0xFFFF, value != 0xFFFD,
            let index = Self.highTables[rawValue].firstIndex(of: UInt16(value))
        else { return nil }
        return UInt8(0x80 + index)
    }
}
