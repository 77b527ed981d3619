/// The text encodings the decoders read and write back.
///
/// ```swift
/// let detected = CharacterEncoding.detect(firstBytes)
/// print(detected.encoding, detected.byteOrderMarkLength)   // utf16LittleEndian 2
/// ```
public enum CharacterEncoding: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// UTF-8; bytes that are not part of a valid sequence are read as
    /// Windows-1252, one character each.
    case utf8
    /// UTF-16, least significant byte first (Windows' "Unicode" text).
    case utf16LittleEndian
    /// UTF-16, most significant byte first.
    case utf16BigEndian
    /// UTF-32, least significant byte first.
    case utf32LittleEndian
    /// UTF-32, most significant byte first.
    case utf32BigEndian
    /// Windows-1252 (a superset of the printable ISO 8859-1); its five
    /// undefined bytes 81, 8D, 8F, 90 and 9D are read as the C1 controls of
    /// the same number, so every byte means something and comes back unchanged.
    case windows1252
    /// Another single-byte code page (ISO 8859-2 to 8859-16, Windows-1250 to
    /// 1258), read in e-mail parts and encoded-words that name it.
    case singleByte(SingleByteCodePage)

    /// Every encoding: the six above and each ``SingleByteCodePage``.
    public static let allCases: [CharacterEncoding] =
        [.utf8, .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .windows1252]
        + SingleByteCodePage.allCases.map { .singleByte($0) }

    /// The encoding a MIME charset name stands for (RFC 2045, 2047;
    /// case-insensitive), or nil for one not read: `utf-8`; `us-ascii`,
    /// `iso-8859-1`, `latin1` and `windows-1252` as Windows-1252;
    /// `utf-16le`, `utf-16be` and `utf-16` (big-endian, unless a byte order
    /// mark says otherwise), the same for `utf-32`; and the code pages of
    /// ``SingleByteCodePage``.
    ///
    /// ```swift
    /// CharacterEncoding(charset: "ISO-8859-15")   // .singleByte(.iso885915)
    /// CharacterEncoding(charset: "koi8-r")        // nil
    /// ```
    public init?(charset: String) {
        switch charset.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1",
            "windows-1252", "cp1252":
            self = .windows1252
        case "utf-16le": self = .utf16LittleEndian
        case "utf-16be", "utf-16": self = .utf16BigEndian
        case "utf-32le": self = .utf32LittleEndian
        case "utf-32be", "utf-32": self = .utf32BigEndian
        default:
            guard let page = SingleByteCodePage(charset: charset) else { return nil }
            self = .singleByte(page)
        }
    }

    /// The name iconv and Python know it by, such as `UTF-16LE`.
    public var description: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        case .utf32LittleEndian: "UTF-32LE"
        case .utf32BigEndian: "UTF-32BE"
        case .windows1252: "CP1252"
        case .singleByte(let page): page.description
        }
    }

    /// The byte order mark of the encoding (U+FEFF encoded); empty for the single-byte code pages.
    ///
    /// ```swift
    /// CharacterEncoding.utf16BigEndian.byteOrderMark   // [0xFE, 0xFF]
    /// ```
    public var byteOrderMark: [UInt8] {
        switch self {
        case .utf8: [0xEF, 0xBB, 0xBF]
        case .utf16LittleEndian: [0xFF, 0xFE]
        case .utf16BigEndian: [0xFE, 0xFF]
        case .utf32LittleEndian: [0xFF, 0xFE, 0x00, 0x00]
        case .utf32BigEndian: [0x00, 0x00, 0xFE, 0xFF]
        case .windows1252, .singleByte: []
        }
    }

    /// The bytes of one code unit: 1, 2 or 4.
    public var codeUnitSize: Int {
        switch self {
        case .utf8, .windows1252, .singleByte: 1
        case .utf16LittleEndian, .utf16BigEndian: 2
        case .utf32LittleEndian, .utf32BigEndian: 4
        }
    }

    /// An encoding found at the start of a text, with the length of its
    /// byte order mark (0 when it has none).
    public struct Detection: Hashable, Sendable {
        /// The encoding the text is read in.
        public var encoding: CharacterEncoding
        /// The bytes of the byte order mark at the start: 0, 2, 3 or 4.
        public var byteOrderMarkLength: Int

        /// A detection result.
        public init(encoding: CharacterEncoding, byteOrderMarkLength: Int) {
            self.encoding = encoding
            self.byteOrderMarkLength = byteOrderMarkLength
        }
    }

    /// How many bytes of a text ``detect(_:isComplete:)`` looks at.
    public static let detectionSampleSize = 4096

    /// Finds the encoding of a text from its first bytes (up to
    /// ``detectionSampleSize`` are looked at), in this order:
    ///
    /// 1. a byte order mark: UTF-32LE `FF FE 00 00` (tried before UTF-16LE's
    ///    `FF FE`, which it starts with), UTF-32BE `00 00 FE FF`, UTF-16LE,
    ///    UTF-16BE, UTF-8 `EF BB BF`;
    /// 2. UTF-16 without one, by its NUL pattern: of the sample's 2-byte
    ///    units (at least 2), more than 40% have a NUL in their second byte
    ///    (little-endian) or first byte (big-endian) and at most 5% in the
    ///    other: text in Latin script (digits, ASCII punctuation) in UTF-16 has
    ///    a NUL in every unit's high byte, while UTF-8 text and binary data
    ///    rarely have NULs in one half only;
    /// 3. UTF-8 when the sample is valid UTF-8 (a sequence cut by the end of
    ///    the sample counts as valid unless `isComplete`);
    /// 4. Windows-1252 otherwise.
    ///
    /// ```swift
    /// CharacterEncoding.detect([0xFF, 0xFE, 0x41, 0x00]).encoding            // .utf16LittleEndian
    /// CharacterEncoding.detect([0x43, 0x00, 0x50, 0x00, 0x46, 0x00]).encoding // .utf16LittleEndian ("CPF"), by NULs
    /// CharacterEncoding.detect([0x46, 0xED, 0x73, 0x69, 0x63, 0x61]).encoding // .windows1252 ("Física")
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: the first bytes of the text (more than the sample may be given).
    ///   - isComplete: whether `prefix` is the whole text.
    /// - Complexity: O(*n*) in the sample, at most ``detectionSampleSize``.
    public static func detect(_ prefix: some Collection<UInt8>, isComplete: Bool = false) -> Detection {
        let sample = Array(prefix.prefix(detectionSampleSize))
        let complete = isComplete && sample.count == prefix.count
        // The byte order marks, longest first, compared without an array each.
        func byte(_ index: Int) -> Int { index < sample.count ? Int(sample[index]) : -1 }
        let marked: CharacterEncoding? =
            switch (byte(0), byte(1), byte(2), byte(3)) {
            case (0xFF, 0xFE, 0x00, 0x00): .utf32LittleEndian
            case (0x00, 0x00, 0xFE, 0xFF): .utf32BigEndian
            case (0xFF, 0xFE, _, _): .utf16LittleEndian
            case (0xFE, 0xFF, _, _): .utf16BigEndian
            case (0xEF, 0xBB, 0xBF, _): .utf8
            default: nil
            }
        if let marked { return Detection(encoding: marked, byteOrderMarkLength: marked.byteOrderMark.count) }
        let units = sample.count / 2
        if units >= 2 {
            var evenZeros = 0
            var oddZeros = 0
            for index in 0..<units {
                if sample[2 * index] == 0 { evenZeros += 1 }
                if sample[2 * index + 1] == 0 { oddZeros += 1 }
            }
            if oddZeros * 10 > units * 4 && evenZeros * 20 <= units {
                return Detection(encoding: .utf16LittleEndian, byteOrderMarkLength: 0)
            }
            if evenZeros * 10 > units * 4 && oddZeros * 20 <= units {
                return Detection(encoding: .utf16BigEndian, byteOrderMarkLength: 0)
            }
        }
        let valid = UTF8Validation.validPrefixLength(sample)
        if valid == sample.count
            || (!complete && sample.count - valid < 4 && UTF8Validation.couldContinue(sample[valid...]))
        {
            return Detection(encoding: .utf8, byteOrderMarkLength: 0)
        }
        return Detection(encoding: .windows1252, byteOrderMarkLength: 0)
    }
}
