/// The text a PNG image carries in its chunks (ISO/IEC 15948, the PNG
/// specification: 5.3 for the chunk layout, 11.3.4 for the text chunks),
/// and the same file written again with some of those texts replaced.
///
/// A PNG file is an 8-byte signature and then chunks: a 4-byte big-endian
/// length, a 4-byte type, the data, and the CRC-32 of type and data. Text
/// is kept in three kinds of chunk, each starting with a keyword (Latin-1,
/// 1 to 79 bytes) and a NUL:
///
/// - `tEXt`: the text, in Latin-1;
/// - `zTXt`: a compression method (0, zlib) and the text in Latin-1, zlib-compressed;
/// - `iTXt`: a compression flag and method, a language tag and a NUL, a
///   translated keyword (UTF-8) and a NUL, and the text in UTF-8, zlib-compressed or not.
///
/// Each text is given in UTF-8 (Latin-1 transcoded), and so are the
/// keywords. ``replacingTexts(_:)`` writes the file again with new texts: a
/// changed chunk gets its new length and CRC, and is compressed again when
/// it was; every other byte (the image data above all) is copied as it was.
///
/// ```swift
/// let png = try PNGTextChunks(bytes, limits: .default)
/// for text in png.texts { print(text.name, text.text) }
/// let rewritten = try png.replacingTexts([0: Array("hidden".utf8)])
/// ```
public struct PNGTextChunks: Sendable {
    /// The 8 bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `prefix` starts with the PNG signature.
    ///
    /// ```swift
    /// PNGTextChunks.isPNG([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])   // true
    /// ```
    public static func isPNG(_ prefix: some Collection<UInt8>) -> Bool { prefix.starts(with: signature) }

    /// One chunk of the file.
    public struct Chunk: Hashable, Sendable {
        /// Its 4-byte type, such as `IHDR` or `tEXt`.
        public let type: [UInt8]
        /// Where its length field starts in the file.
        public let start: Int
        /// Where its data lies in the file.
        public let data: Range<Int>
        /// Where it ends in the file, after its CRC.
        public var end: Int { data.upperBound + 4 }
        /// Its type as text.
        public var typeName: String { String(decoding: type, as: UTF8.self) }
    }

    /// The kinds of text chunk.
    public enum TextKind: String, Hashable, Sendable {
        case tEXt, zTXt, iTXt
    }

    /// The text of one text chunk.
    public struct Text: Hashable, Sendable {
        /// The index of its chunk in ``PNGTextChunks/chunks``.
        public let chunk: Int
        public let kind: TextKind
        /// The keyword, in UTF-8.
        public let keyword: [UInt8]
        /// An `iTXt` chunk's language tag and translated keyword (UTF-8); empty otherwise.
        public let languageTag: [UInt8]
        public let translatedKeyword: [UInt8]
        /// Whether the text is stored compressed (`zTXt`, or `iTXt` with its flag set).
        public let isCompressed: Bool
        /// The text, in UTF-8.
        public let text: [UInt8]
        /// The chunk's data before its text, kept when it is written again.
        let head: [UInt8]

        /// How the chunk is named: its type and keyword (`tEXt:Comment`),
        /// and for an `iTXt` chunk its language tag and translated keyword
        /// when it has them (`iTXt:Title:pt-BR:Título`).
        public var name: [UInt8] {
            var name = Array(kind.rawValue.utf8) + [UInt8(ascii: ":")] + keyword
            if !languageTag.isEmpty || !translatedKeyword.isEmpty {
                name += [UInt8(ascii: ":")] + languageTag + [UInt8(ascii: ":")] + translatedKeyword
            }
            return name
        }
    }

    /// The file's bytes.
    public let bytes: [UInt8]
    /// Every chunk, in order, up to `IEND`.
    public let chunks: [Chunk]
    /// The text chunks, in order.
    public let texts: [Text]
    /// The bytes after the `IEND` chunk (none in a well-formed file).
    public let trailing: Range<Int>

    /// The chunks searched as bytes: every chunk but the text chunks and
    /// the image's own (`IHDR`, `PLTE`, `IDAT`, APNG's `fdAT`, `IEND`):
    /// metadata such as `eXIf`, or a private chunk, may hold text.
    public static func searchedAsBytes(_ type: [UInt8]) -> Bool {
        !["IHDR", "PLTE", "IDAT", "fdAT", "IEND", "tEXt", "zTXt", "iTXt"].contains { Array($0.utf8) == type }
    }

    /// What there is to search in the file, in file order.
    public struct Piece: Hashable, Sendable {
        /// A text chunk's ``Text/name``; another chunk's type; `IEND+` for
        /// the bytes after the last chunk.
        public let name: [UInt8]
        /// A text chunk's text, in UTF-8; the data of another chunk, or the
        /// bytes after the last one, as they are.
        public let bytes: [UInt8]
        /// The index in ``PNGTextChunks/texts`` of a text chunk's text.
        public let text: Int?
        /// Whether it is a text chunk's text.
        public var isText: Bool { text != nil }
    }

    /// The texts of the text chunks, the data of the chunks
    /// ``searchedAsBytes(_:)`` and the bytes after `IEND`, in file order.
    public var pieces: [Piece] {
        var pieces: [Piece] = []
        var next = 0
        for (index, chunk) in chunks.enumerated() {
            if next < texts.count, texts[next].chunk == index {
                pieces.append(Piece(name: texts[next].name, bytes: texts[next].text, text: next))
                next += 1
            } else if Self.searchedAsBytes(chunk.type) {
                pieces.append(Piece(name: chunk.type, bytes: Array(bytes[chunk.data]), text: nil))
            }
        }
        if !trailing.isEmpty {
            pieces.append(Piece(name: Array("IEND+".utf8), bytes: Array(bytes[trailing]), text: nil))
        }
        return pieces
    }

    /// Reads the chunks of `bytes`, a whole PNG file, and the texts of its
    /// text chunks; the compressed ones are inflated under `limits`, which
    /// bound all of them together. Throws a ``PNGError``.
    ///
    /// - Complexity: O(*n*) in the size of the file and of the texts.
    public init(_ bytes: [UInt8], limits: DecompressionLimits = .default) throws(PNGError) {
        guard Self.isPNG(bytes) else { throw .notPNG }
        self.bytes = bytes
        let (chunks, offset) = try Self.readChunks(bytes)
        self.chunks = chunks
        trailing = offset..<bytes.count
        var texts: [Text] = []
        var inflated = 0
        for (index, chunk) in chunks.enumerated() {
            guard let kind = TextKind(rawValue: chunk.typeName) else { continue }
            let text = try Self.text(of: chunk, kind: kind, index: index, in: bytes, limits: limits)
            if text.isCompressed {
                inflated += text.text.count
                do { try limits.check(output: inflated, input: bytes.count) } catch { throw .decompressionLimit(error) }
            }
            texts.append(text)
        }
        self.texts = texts
    }

    /// The file again, the text of `texts[index]` replaced by
    /// `replacements[index]` (UTF-8) for each index given: the chunk's
    /// length and CRC made anew, its text compressed again when it was
    /// (zlib, ``Deflater``). Every other byte is copied. Throws
    /// ``PNGError/notLatin1(_:)`` when a `tEXt` or `zTXt` text cannot be
    /// written in Latin-1.
    ///
    /// - Complexity: O(*n*) in the size of the file.
    public func replacingTexts(_ replacements: [Int: [UInt8]]) throws(PNGError) -> [UInt8] {
        var newData: [Int: [UInt8]] = [:]
        for (index, replacement) in replacements {
            let text = texts[index]
            var encoded = replacement
            if text.kind != .iTXt {
                guard let latin1 = Self.latin1(fromUTF8: replacement) else { throw .notLatin1(text.kind) }
                encoded = latin1
            }
            if text.isCompressed { encoded = Self.zlib(encoded) }
            newData[text.chunk] = text.head + encoded
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        output += Self.signature
        for (index, chunk) in chunks.enumerated() {
            guard let data = newData[index] else {
                output += bytes[chunk.start..<chunk.end]
                continue
            }
            Self.appendChunk(chunk.type, data, to: &output)
        }
        output += bytes[trailing]
        return output
    }

    /// The chunks of `bytes`, a PNG file, from after the signature up to
    /// and with `IEND` (or the end of the file), and the offset after the
    /// last one. CRCs are not checked here (see ``hasValidCRC(_:in:)``).
    ///
    /// - Complexity: O(*c*) in the number of chunks.
    static func readChunks(_ bytes: [UInt8]) throws(PNGError) -> (chunks: [Chunk], end: Int) {
        var chunks: [Chunk] = []
        var offset = signature.count
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw .truncated }
            let length = bigEndian(bytes, at: offset)
            guard length <= 0x7FFF_FFFF else { throw .chunkTooLong }
            let dataStart = offset + 8
            guard bytes.count - dataStart - 4 >= Int(length) else { throw .truncated }
            let chunk = Chunk(
                type: Array(bytes[offset + 4..<dataStart]), start: offset, data: dataStart..<dataStart + Int(length))
            chunks.append(chunk)
            offset = chunk.end
            if chunk.type == Array("IEND".utf8) { break }
        }
        return (chunks, offset)
    }

    /// Whether the CRC stored after `chunk` is the CRC-32 of its type and data.
    ///
    /// - Complexity: O(*n*) in the chunk's length.
    static func hasValidCRC(_ chunk: Chunk, in bytes: [UInt8]) -> Bool {
        var crc = CRC32()
        crc.update(bytes[chunk.start + 4..<chunk.data.upperBound])
        return crc.value == bigEndian(bytes, at: chunk.data.upperBound)
    }

    /// Appends a chunk of `type` holding `data` to `output`: length, type,
    /// data and CRC-32.
    ///
    /// - Complexity: O(*n*) in the data's length.
    static func appendChunk(_ type: [UInt8], _ data: some Collection<UInt8>, to output: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &output)
        output += type
        output += data
        var crc = CRC32()
        crc.update(type)
        crc.update(data)
        appendBigEndian(crc.value, to: &output)
    }

    // MARK: Reading a text chunk

    private static func text(
        of chunk: Chunk, kind: TextKind, index: Int, in bytes: [UInt8], limits: DecompressionLimits
    ) throws(PNGError) -> Text {
        let data = bytes[chunk.data]
        guard let keywordEnd = data.firstIndex(of: 0), keywordEnd > data.startIndex else {
            throw .malformed(kind, "no keyword")
        }
        let keyword = utf8(fromLatin1: data[..<keywordEnd])
        var cursor = keywordEnd + 1
        var compressed = false
        var languageTag: [UInt8] = []
        var translatedKeyword: [UInt8] = []
        switch kind {
        case .tEXt:
            break
        case .zTXt:
            guard cursor < data.endIndex else { throw .malformed(kind, "no compression method") }
            guard data[cursor] == 0 else { throw .unknownCompression(kind, data[cursor]) }
            compressed = true
            cursor += 1
        case .iTXt:
            guard data.endIndex - cursor >= 2 else { throw .malformed(kind, "no compression flag") }
            guard data[cursor] <= 1 else { throw .malformed(kind, "compression flag \(data[cursor])") }
            compressed = data[cursor] == 1
            guard !compressed || data[cursor + 1] == 0 else { throw .unknownCompression(kind, data[cursor + 1]) }
            cursor += 2
            guard let tagEnd = data[cursor...].firstIndex(of: 0) else { throw .malformed(kind, "no language tag") }
            languageTag = Array(data[cursor..<tagEnd])
            cursor = tagEnd + 1
            guard let translatedEnd = data[cursor...].firstIndex(of: 0) else {
                throw .malformed(kind, "no translated keyword")
            }
            translatedKeyword = Array(data[cursor..<translatedEnd])
            cursor = translatedEnd + 1
        }
        let stored = data[cursor...]
        var text: [UInt8]
        if compressed {
            do {
                text = try ZlibDecoder.decompress(Array(stored), limits: limits)
            } catch let error as DecompressionLimitError {
                throw .decompressionLimit(error)
            } catch {
                throw .damaged(kind, "\(error)")
            }
        } else {
            text = Array(stored)
        }
        if kind != .iTXt { text = utf8(fromLatin1: text[...]) }
        return Text(
            chunk: index, kind: kind, keyword: keyword, languageTag: languageTag,
            translatedKeyword: translatedKeyword, isCompressed: compressed, text: text,
            head: Array(data[..<cursor]))
    }

    // MARK: Helpers

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    static func appendBigEndian(_ value: UInt32, to output: inout [UInt8]) {
        output += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Latin-1 bytes in UTF-8: each byte from 0x80 up becomes two.
    static func utf8(fromLatin1 bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                result.append(byte)
            } else {
                result += [0xC0 | byte >> 6, 0x80 | byte & 0x3F]
            }
        }
        return result
    }

    /// UTF-8 text in Latin-1, or nil when it holds a character past U+00FF
    /// (or is not UTF-8).
    static func latin1(fromUTF8 bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                result.append(byte)
                index += 1
            } else if byte == 0xC2 || byte == 0xC3, index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 {
                result.append((byte & 0x03) << 6 | bytes[index + 1] & 0x3F)
                index += 2
            } else {
                return nil
            }
        }
        return result
    }

    /// `data` as a zlib stream (RFC 1950): header 78 9C, DEFLATE, Adler-32.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var adler = Adler32()
        adler.update(data)
        let checksum = adler.value
        return [0x78, 0x9C] + Deflater.deflate(data)
            + [
                UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF),
                UInt8(checksum & 0xFF),
            ]
    }
}
