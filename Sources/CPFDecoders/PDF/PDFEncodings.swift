/// The simple fonts' encodings of ISO 32000-1 (Annex D): StandardEncoding,
/// WinAnsiEncoding, MacRomanEncoding, and the Adobe glyph names a
/// /Differences array uses, for the Latin letters, digits and punctuation
/// (plus the `uniXXXX` and `uXXXX` forms).
///
/// ```swift
/// PDFEncodings.scalar(forGlyph: "ccedilla")               // "ç"
/// PDFEncodings.table(named: "WinAnsiEncoding")?[0xE3]     // "ã"
/// ```
enum PDFEncodings {
    /// A byte's character in an encoding (nil: none).
    typealias Table = [Unicode.Scalar?]

    /// The glyph names of Windows-1252 bytes 20-FF (bytes 20-7E are ASCII's).
    private static let latinNames: [String] = [
        "space", "exclam", "quotedbl", "numbersign", "dollar", "percent", "ampersand", "quotesingle",
        "parenleft", "parenright", "asterisk", "plus", "comma", "hyphen", "period", "slash",
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "colon", "semicolon",
        "less", "equal", "greater", "question", "at",
        "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U",
        "V", "W", "X", "Y", "Z", "bracketleft", "backslash", "bracketright", "asciicircum", "underscore", "grave",
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u",
        "v", "w", "x", "y", "z", "braceleft", "bar", "braceright", "asciitilde", "",
        "Euro", "", "quotesinglbase", "florin", "quotedblbase", "ellipsis", "dagger", "daggerdbl", "circumflex",
        "perthousand", "Scaron", "guilsinglleft", "OE", "", "Zcaron", "", "", "quoteleft", "quoteright",
        "quotedblleft", "quotedblright", "bullet", "endash", "emdash", "tilde", "trademark", "scaron",
        "guilsinglright", "oe", "", "zcaron", "Ydieresis",
        "nbspace", "exclamdown", "cent", "sterling", "currency", "yen", "brokenbar", "section", "dieresis",
        "copyright", "ordfeminine", "guillemotleft", "logicalnot", "sfthyphen", "registered", "macron", "degree",
        "plusminus", "twosuperior", "threesuperior", "acute", "mu", "paragraph", "periodcentered", "cedilla",
        "onesuperior", "ordmasculine", "guillemotright", "onequarter", "onehalf", "threequarters", "questiondown",
        "Agrave", "Aacute", "Acircumflex", "Atilde", "Adieresis", "Aring", "AE", "Ccedilla", "Egrave", "Eacute",
        "Ecircumflex", "Edieresis", "Igrave", "Iacute", "Icircumflex", "Idieresis", "Eth", "Ntilde", "Ograve",
        "Oacute", "Ocircumflex", "Otilde", "Odieresis", "multiply", "Oslash", "Ugrave", "Uacute", "Ucircumflex",
        "Udieresis", "Yacute", "Thorn", "germandbls",
        "agrave", "aacute", "acircumflex", "atilde", "adieresis", "aring", "ae", "ccedilla", "egrave", "eacute",
        "ecircumflex", "edieresis", "igrave", "iacute", "icircumflex", "idieresis", "eth", "ntilde", "ograve",
        "oacute", "ocircumflex", "otilde", "odieresis", "divide", "oslash", "ugrave", "uacute", "ucircumflex",
        "udieresis", "yacute", "thorn", "ydieresis",
    ]

    /// Glyph names outside Windows-1252.
    private static let otherNames: [(String, UInt32)] = [
        ("fraction", 0x2044), ("fi", 0xFB01), ("fl", 0xFB02), ("ff", 0xFB00), ("ffi", 0xFB03), ("ffl", 0xFB04),
        ("dotlessi", 0x131), ("Lslash", 0x141), ("lslash", 0x142), ("breve", 0x2D8), ("dotaccent", 0x2D9),
        ("ring", 0x2DA), ("ogonek", 0x2DB), ("hungarumlaut", 0x2DD), ("caron", 0x2C7), ("minus", 0x2212),
        ("space", 0x20), ("nonbreakingspace", 0xA0), ("hyphen", 0x2D), ("periodcentered", 0xB7),
        ("middot", 0xB7), ("Omega", 0x3A9), ("pi", 0x3C0), ("mu", 0xB5), ("notequal", 0x2260),
        ("lessequal", 0x2264), ("greaterequal", 0x2265), ("infinity", 0x221E), ("apple", 0xF8FF),
        ("lozenge", 0x25CA), ("summation", 0x2211), ("product", 0x220F), ("integral", 0x222B),
        ("radical", 0x221A), ("approxequal", 0x2248), ("Delta", 0x2206), ("partialdiff", 0x2202),
        ("Gbreve", 0x11E), ("gbreve", 0x11F), ("Scedilla", 0x15E), ("scedilla", 0x15F), ("Idotaccent", 0x130),
        ("Ccaron", 0x10C), ("ccaron", 0x10D), ("Ecaron", 0x11A), ("ecaron", 0x11B), ("Rcaron", 0x158),
        ("rcaron", 0x159), ("Nacute", 0x143), ("nacute", 0x144), ("Sacute", 0x15A), ("sacute", 0x15B),
        ("Zacute", 0x179), ("zacute", 0x17A), ("Zdotaccent", 0x17B), ("zdotaccent", 0x17C), ("Aogonek", 0x104),
        ("aogonek", 0x105), ("Eogonek", 0x118), ("eogonek", 0x119), ("Uring", 0x16E), ("uring", 0x16F),
        ("Ohungarumlaut", 0x150), ("ohungarumlaut", 0x151), ("Uhungarumlaut", 0x170), ("uhungarumlaut", 0x171),
        ("Amacron", 0x100), ("amacron", 0x101), ("Emacron", 0x112), ("emacron", 0x113), ("Imacron", 0x12A),
        ("imacron", 0x12B), ("Omacron", 0x14C), ("omacron", 0x14D), ("Umacron", 0x16A), ("umacron", 0x16B),
    ]

    private static let glyphs: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        for (offset, name) in latinNames.enumerated() where !name.isEmpty {
            table[name] = Windows1252.scalar(for: UInt8(0x20 + offset))
        }
        for (name, value) in otherNames { table[name] = Unicode.Scalar(value) }
        return table
    }()

    /// The character of an Adobe glyph name: a known name, `uniXXXX` or
    /// `uXXXX[XX]`, or a name with a suffix (`a.sc`, `f_i` gives its first
    /// part); nil for others (`g12`, `cid34`).
    static func scalar(forGlyph name: String) -> Unicode.Scalar? {
        if let known = glyphs[name] { return known }
        let utf8 = Array(name.utf8)
        if utf8.count == 7, name.hasPrefix("uni"), let value = UInt32(String(name.dropFirst(3)), radix: 16) {
            return Unicode.Scalar(value)
        }
        if (5...7).contains(utf8.count), name.hasPrefix("u"), let value = UInt32(String(name.dropFirst()), radix: 16) {
            return Unicode.Scalar(value)
        }
        if let dot = name.firstIndex(where: { $0 == "." || $0 == "_" }), dot != name.startIndex {
            return glyphs[String(name[..<dot])]
        }
        return nil
    }

    /// The encoding called `name`, or nil for a name ISO 32000-1 does not
    /// define.
    static func table(named name: String) -> Table? {
        switch name {
        case "WinAnsiEncoding": winAnsi
        case "MacRomanEncoding": macRoman
        case "StandardEncoding": standard
        default: nil
        }
    }

    static let winAnsi: Table = (0..<256).map { code in
        code < 0x20 || code == 0x7F ? nil : Windows1252.scalar(for: UInt8(code))
    }

    /// MacRomanEncoding's bytes 80-FF.
    private static let macRomanHigh: [UInt16] = [
        0xC4, 0xC5, 0xC7, 0xC9, 0xD1, 0xD6, 0xDC, 0xE1, 0xE0, 0xE2, 0xE4, 0xE3, 0xE5, 0xE7, 0xE9, 0xE8,
        0xEA, 0xEB, 0xED, 0xEC, 0xEE, 0xEF, 0xF1, 0xF3, 0xF2, 0xF4, 0xF6, 0xF5, 0xFA, 0xF9, 0xFB, 0xFC,
        0x2020, 0xB0, 0xA2, 0xA3, 0xA7, 0x2022, 0xB6, 0xDF, 0xAE, 0xA9, 0x2122, 0xB4, 0xA8, 0x2260, 0xC6, 0xD8,
        0x221E, 0xB1, 0x2264, 0x2265, 0xA5, 0xB5, 0x2202, 0x2211, 0x220F, 0x3C0, 0x222B, 0xAA, 0xBA, 0x3A9, 0xE6, 0xF8,
        0xBF, 0xA1, 0xAC, 0x221A, 0x192, 0x2248, 0x2206, 0xAB, 0xBB, 0x2026, 0xA0, 0xC0, 0xC3, 0xD5, 0x152, 0x153,
        0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0xF7, 0x25CA, 0xFF, 0x178, 0x2044, 0x20AC, 0x2039, 0x203A,
        0xFB01, 0xFB02,
        0x2021, 0xB7, 0x201A, 0x201E, 0x2030, 0xC2, 0xCA, 0xC1, 0xCB, 0xC8, 0xCD, 0xCE, 0xCF, 0xCC, 0xD3, 0xD4,
        0xF8FF, 0xD2, 0xDA, 0xDB, 0xD9, 0x131, 0x2C6, 0x2DC, 0xAF, 0x2D8, 0x2D9, 0x2DA, 0xB8, 0x2DD, 0x2DB, 0x2C7,
    ]

    static let macRoman: Table = (0..<256).map { code in
        if code < 0x20 || code == 0x7F { return nil }
        if code < 0x80 { return Unicode.Scalar(UInt8(code)) }
        return Unicode.Scalar(UInt32(macRomanHigh[code - 0x80]))
    }

    /// StandardEncoding's glyph names for bytes A1-FB (ASCII's below, but
    /// for 27 and 60).
    private static let standardHigh: [(Int, String)] = [
        (0xA1, "exclamdown"), (0xA2, "cent"), (0xA3, "sterling"), (0xA4, "fraction"), (0xA5, "yen"),
        (0xA6, "florin"), (0xA7, "section"), (0xA8, "currency"), (0xA9, "quotesingle"), (0xAA, "quotedblleft"),
        (0xAB, "guillemotleft"), (0xAC, "guilsinglleft"), (0xAD, "guilsinglright"), (0xAE, "fi"), (0xAF, "fl"),
        (0xB1, "endash"), (0xB2, "dagger"), (0xB3, "daggerdbl"), (0xB4, "periodcentered"), (0xB6, "paragraph"),
        (0xB7, "bullet"), (0xB8, "quotesinglbase"), (0xB9, "quotedblbase"), (0xBA, "quotedblright"),
        (0xBB, "guillemotright"), (0xBC, "ellipsis"), (0xBD, "perthousand"), (0xBF, "questiondown"),
        (0xC1, "grave"), (0xC2, "acute"), (0xC3, "circumflex"), (0xC4, "tilde"), (0xC5, "macron"), (0xC6, "breve"),
        (0xC7, "dotaccent"), (0xC8, "dieresis"), (0xCA, "ring"), (0xCB, "cedilla"), (0xCD, "hungarumlaut"),
        (0xCE, "ogonek"), (0xCF, "caron"), (0xD0, "emdash"), (0xE1, "AE"), (0xE3, "ordfeminine"), (0xE8, "Lslash"),
        (0xE9, "Oslash"), (0xEA, "OE"), (0xEB, "ordmasculine"), (0xF1, "ae"), (0xF5, "dotlessi"), (0xF8, "lslash"),
        (0xF9, "oslash"), (0xFA, "oe"), (0xFB, "germandbls"),
    ]

    static let standard: Table = {
        var table: Table = (0..<256).map { code in
            code < 0x20 || code >= 0x7F ? nil : Unicode.Scalar(UInt8(code))
        }
        table[0x27] = "\u{2019}"
        table[0x60] = "\u{2018}"
        for (code, name) in standardHigh { table[code] = scalar(forGlyph: name) }
        return table
    }()
}
