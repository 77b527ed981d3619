/// The kind of a legacy Office document, a compound file (see
/// ``CompoundFile``), told by the streams at its root.
///
/// ```swift
/// LegacyOfficeKind.detect(try CompoundFile(bytes))   // .doc, when it has a WordDocument stream
/// ```
public enum LegacyOfficeKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Word 97-2003 (`WordDocument`).
    case doc
    /// Excel 97-2003 (`Workbook`, or `Book` for Excel 5/95).
    case xls
    /// PowerPoint 97-2003 (`PowerPoint Document`).
    case ppt
    /// An Outlook message (`__properties_version1.0` and `__substg1.0_` streams).
    case msg

    /// `.doc`, `.xls`, `.ppt`, `.msg`.
    public var description: String { "." + rawValue }

    /// The kind of `file`, or nil for another compound file (an installer, a thumbnail cache).
    public static func detect(_ file: CompoundFile) -> LegacyOfficeKind? {
        let root = Set(file.entries.filter { $0.path.count == 1 }.map(\.name))
        if root.contains("WordDocument") { return .doc }
        if root.contains("Workbook") || root.contains("Book") || root.contains("WORKBOOK") { return .xls }
        if root.contains("PowerPoint Document") { return .ppt }
        if root.contains("__properties_version1.0") || root.contains(where: { $0.hasPrefix("__substg1.0_") }) {
            return .msg
        }
        return nil
    }
}

/// Why a legacy Office document's text could not be read.
public enum LegacyOfficeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document is encrypted (or obfuscated) with a password.
    case encrypted
    /// An older version of the format than cpf reads (Word 6/95, Excel 5/95).
    case olderVersion(String)
    /// A structure is damaged: a record or table runs past its stream, a stream is missing.
    case damaged(String)
    /// The text is larger than the limit it is read with (a piece table or
    /// cells that repeat the same text over and over).
    case textTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .encrypted: "encrypted"
        case .olderVersion(let what): "\(what), which cpf does not read"
        case .damaged(let what): "damaged: \(what)"
        case .textTooLarge(let limit): "text larger than \(limit >> 20) MiB"
        }
    }
}

/// The text of a legacy Office document as a reader sees it (the Word
/// piece table's text, the cells of each Excel sheet, PowerPoint's text
/// atoms, an Outlook message's string properties), as UTF-8 with a line
/// break between paragraphs, cells and properties; an Outlook message's
/// attachments, to be searched as files; and ``sweep(_:)``, the text that
/// every stream's bytes show read as Windows-1252 or UTF-16LE, for what the
/// structured reading does not hold (metadata, embedded objects).
///
/// ```swift
/// let file = try CompoundFile(bytes)
/// let text = try LegacyOfficeText(file, kind: .doc)
/// text.parts[0].path   // "WordDocument"
/// ```
public struct LegacyOfficeText: Sendable {
    /// The text of one stream (or of a message's properties), named by the stream's path.
    public struct Part: Sendable {
        /// The stream's path in the compound file, storages joined by `/`.
        public var path: String
        /// The text, UTF-8.
        public var text: [UInt8]
        /// The ranges of ``text`` that are numbers of numeric cells (Excel), in order.
        public var numericCells: [Range<Int>] = []
    }

    /// A stream that is a file of its own (an Outlook attachment's data).
    public struct Attachment: Sendable {
        public var path: String
        public var bytes: [UInt8]
    }

    public private(set) var parts: [Part] = []
    public private(set) var attachments: [Attachment] = []

    /// Reads the text of `file`, a document of `kind`; a text larger than
    /// `maximumTextSize` bytes is an error (a Word or Excel text: those of
    /// PowerPoint and Outlook read each byte of their streams once).
    public init(_ file: CompoundFile, kind: LegacyOfficeKind, maximumTextSize: Int = 256 << 20) throws {
        switch kind {
        case .doc: parts = [try WordBinaryText.read(file, limit: maximumTextSize)]
        case .xls: parts = [try ExcelBinaryText.read(file, limit: maximumTextSize)]
        case .ppt: parts = [try PowerPointBinaryText.read(file)]
        case .msg: (parts, attachments) = try OutlookMessageText.read(file)
        }
    }

    /// A stream's bytes, `name` at the root of `file`; a damaged error when missing.
    static func stream(_ file: CompoundFile, _ name: String) throws -> [UInt8] {
        guard let entry = file.entry(named: name), entry.kind == .stream else {
            throw LegacyOfficeError.damaged("no \(name) stream")
        }
        return try file.contents(of: entry)
    }

    /// The runs of text in `bytes` read as Windows-1252 (letters, digits,
    /// punctuation and spaces: every byte from 20 to 7E and from A0 to FF)
    /// and as UTF-16LE at even and at odd offsets (code units of those
    /// characters, and of the Latin Extended and general punctuation
    /// blocks), each run of at least `minimum` characters on a line of its own, in UTF-8.
    ///
    /// ```swift
    /// LegacyOfficeText.sweep([0x01] + Array("CPF 390.533.447-05".utf8) + [0x00])   // "CPF 390.533.447-05\n"
    /// ```
    public static func sweep(_ bytes: [UInt8], minimum: Int = 9) -> [UInt8] {
        var out: [UInt8] = []
        var run: [UInt8] = []
        var runLength = 0
        func flush() {
            if runLength >= minimum {
                out += run
                out.append(0x0A)
            }
            run.removeAll(keepingCapacity: true)
            runLength = 0
        }
        func append(_ scalar: Unicode.Scalar) {
            appendScalar(scalar, to: &run)
            runLength += 1
        }
        for byte in bytes {
            if (0x20...0x7E).contains(byte) || byte >= 0xA0 || byte == 0x09 {
                append(Windows1252.scalar(for: byte))
            } else if byte >= 0x80, byte < 0xA0, Windows1252.scalar(for: byte).value > 0xFF {
                append(Windows1252.scalar(for: byte))
            } else {
                flush()
            }
        }
        flush()
        for start in 0..<2 {
            var index = start
            while index + 1 < bytes.count {
                let unit = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                if (0x20...0x7E).contains(unit) || (0xA0...0x24F).contains(unit) || (0x2000...0x206F).contains(unit)
                    || (0xFF01...0xFF5E).contains(unit) || unit == 0x09
                {
                    append(Unicode.Scalar(unit)!)
                } else {
                    flush()
                }
                index += 2
            }
            flush()
        }
        return out
    }

    /// Appends `unit` (a UTF-16 code unit of a document's text) to `text` as
    /// UTF-8: a paragraph, line, cell or page break, or any other control
    /// character, as a line break; a non-breaking hyphen (Word's 1E) as `-`;
    /// an optional hyphen (1F) and unpaired surrogates left out.
    static func appendCharacter(_ unit: UInt16, to text: inout [UInt8]) {
        switch unit {
        case 0x09: text.append(0x09)
        case 0x1E: text.append(UInt8(ascii: "-"))
        case 0x1F: break
        case 0..<0x20: if text.last != 0x0A { text.append(0x0A) }
        case 0xD800...0xDFFF: break
        default: appendScalar(Unicode.Scalar(unit)!, to: &text)
        }
    }

    /// Appends UTF-16LE `bytes` (surrogate pairs joined) to `text`, as ``appendCharacter(_:to:)`` does.
    static func appendUTF16(_ bytes: ArraySlice<UInt8>, to text: inout [UInt8]) {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let unit = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
            index += 2
            if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.endIndex {
                let low = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                if (0xDC00..<0xE000).contains(low) {
                    let value = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(low - 0xDC00))
                    appendScalar(Unicode.Scalar(value)!, to: &text)
                    index += 2
                    continue
                }
            }
            appendCharacter(unit, to: &text)
        }
    }

    /// Appends Windows-1252 `bytes` to `text`, as ``appendCharacter(_:to:)`` does.
    static func append1252(_ bytes: ArraySlice<UInt8>, to text: inout [UInt8]) {
        for byte in bytes { appendCharacter(UInt16(Windows1252.scalar(for: byte).value), to: &text) }
    }

    /// Appends `scalar` to `text` in UTF-8.
    static func appendScalar(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80: text.append(UInt8(value))
        case 0x80..<0x800: text += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case 0x800..<0x10000:
            text += [UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            text += [
                UInt8(0xF0 | value >> 18), UInt8(0x80 | value >> 12 & 0x3F), UInt8(0x80 | value >> 6 & 0x3F),
                UInt8(0x80 | value & 0x3F),
            ]
        }
    }

    /// Appends a line break unless `text` is empty or ends with one.
    static func endLine(_ text: inout [UInt8]) {
        if let last = text.last, last != 0x0A { text.append(0x0A) }
    }
}
