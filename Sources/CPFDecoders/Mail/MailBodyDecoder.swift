/// Decodes the body of one leaf part (or one header block, as text) from
/// the events of ``MailStructureParser``: its transfer encoding, then its
/// charset to UTF-8, with the map back to the input. What the reader and the
/// rewriter share.
///
/// Besides base64 and quoted-printable it decodes uuencoded bodies
/// (``MailPart/TransferEncoding/uuencode``) and, in a body without a
/// transfer encoding, a `begin 644 NAME` ... `end` block of uuencoded lines
/// (the `begin` and `end` lines kept as text). A body in UTF-16 or UTF-32
/// without a transfer encoding is read with its line breaks as content (they
/// are bytes of its code units). `utf-16` and `utf-32` are read little-endian
/// when the body starts with that byte order mark.
final class MailBodyDecoder {
    let transferEncoding: MailPart.TransferEncoding
    /// The encoding given, and the one read once the first bytes are known.
    private let givenEncoding: CharacterEncoding
    private let sniffsByteOrder: Bool
    private var transcoder: TextToUTF8Transcoder?
    /// Decoded bytes held until there are enough to tell the byte order.
    private var held: [UInt8] = []
    /// The encoding read (the given one until the first bytes are known).
    private(set) var encoding: CharacterEncoding
    /// Whether the body started with its encoding's byte order mark.
    private(set) var startsWithByteOrderMark = false
    /// The first bytes of the body once its transfer encoding is decoded
    /// (up to ``leadingCount``): what tells an attached archive.
    private(set) var leading: [UInt8] = []
    static let leadingCount = 1024
    /// Whether every byte of the body, once its transfer encoding is
    /// decoded, is kept in ``held`` (an attachment ``MailReader`` may read
    /// whole), up to ``maximumHeldCount`` bytes.
    var holdsDecoded = false {
        didSet { if !holdsDecoded { heldDecoded = [] } }
    }
    /// The most bytes kept while ``holdsDecoded``; past it, none are kept
    /// and ``heldOverflowed`` is set.
    var maximumHeldCount = Int.max
    /// The bytes kept while ``holdsDecoded``.
    private(set) var heldDecoded: [UInt8] = []
    /// Whether the body was longer than ``maximumHeldCount`` while held.
    private(set) var heldOverflowed = false
    /// Whether the decoded bytes are transcoded to UTF-8 and handed over:
    /// false once the body is known to be an attachment read whole.
    var transcodes = true
    /// Whether uuencoded lines were decoded.
    private(set) var decodedUUEncoded = false
    /// Uuencode: inside a `begin` ... `end` block; the line read so far; whether at a line's start.
    private var inUUBlock = false
    private var uuLine: [UInt8] = []
    private var uuLineOffset = 0
    private var atLineStart = true
    /// Whether `begin` ... `end` blocks are looked for in a body without a transfer encoding.
    private let readsUUBlocks: Bool
    /// The `begin` line was read; its line break is still text.
    private var uuBeginPending = false
    private let base64 = Base64Decoder()
    private var segments: [MailOffsetMap.Segment] = []
    private var decodedCount = 0
    private var utf8Count = 0
    /// Quoted-printable: the line ended with `=` (a soft break), so its line break is no content.
    private var softBreak = false
    /// Quoted-printable: the end of a long line's piece, kept until more of the line comes.
    private var qpCarry: [UInt8] = []
    private var qpCarryOffset = 0
    /// Base64: the last line read, where the bytes of a last partial quantum came from.
    private var lastLine = 0..<0

    /// `sniffsByteOrder`: the charset was `utf-16` or `utf-32` (no byte
    /// order given): a little-endian byte order mark makes it little-endian.
    init(
        transferEncoding: MailPart.TransferEncoding, encoding: CharacterEncoding, sniffsByteOrder: Bool = false,
        readsUUBlocks: Bool = false
    ) {
        self.transferEncoding = transferEncoding
        self.readsUUBlocks = readsUUBlocks
        givenEncoding = encoding
        self.encoding = encoding
        self.sniffsByteOrder = sniffsByteOrder
        if encoding.codeUnitSize == 1 { transcoder = TextToUTF8Transcoder(encoding: encoding) }
    }

    /// A decoder for the body of `part`.
    convenience init(part: MailPart) {
        let charset = part.charset
        self.init(
            transferEncoding: part.transferEncoding, encoding: part.textEncoding,
            sniffsByteOrder: charset == "utf-16" || charset == "utf-32", readsUUBlocks: true)
    }

    typealias Output = (UnsafeBufferPointer<UInt8>, MailOffsetMap) throws -> Void

    func content(_ bytes: [UInt8], offset: Int, lineContinues: Bool, _ output: Output) rethrows {
        var decoded: [UInt8] = []
        switch transferEncoding {
        case .identity where givenEncoding.codeUnitSize == 1:
            let startsLine = atLineStart
            atLineStart = !lineContinues
            if inUUBlock || (readsUUBlocks && startsLine && !lineContinues && Self.isUUBegin(bytes)) {
                if inUUBlock {
                    uuLine += bytes
                    if uuLine.count == bytes.count { uuLineOffset = offset }
                    if !lineContinues {
                        let line = uuLine
                        uuLine.removeAll()
                        if Self.isUUEnd(line) {
                            inUUBlock = false
                            add(line, offset: uuLineOffset, identity: true, to: &decoded)
                        } else {
                            decodeUU(line, offset: uuLineOffset, into: &decoded)
                        }
                    }
                } else {
                    inUUBlock = true
                    uuBeginPending = true
                    add(bytes, offset: offset, identity: true, to: &decoded)
                }
            } else {
                add(bytes, offset: offset, identity: true, to: &decoded)
            }
        case .identity:
            add(bytes, offset: offset, identity: true, to: &decoded)
        case .uuencode:
            uuLine += bytes
            if uuLine.count == bytes.count { uuLineOffset = offset }
            if !lineContinues {
                let line = uuLine
                uuLine.removeAll()
                if !Self.isUUBegin(line) && !Self.isUUEnd(line) { decodeUU(line, offset: uuLineOffset, into: &decoded) }
            }
        case .base64:
            if !bytes.isEmpty { lastLine = offset..<offset + bytes.count }
            base64.decode(bytes) { add(Array($0), inputStart: offset, inputEnd: offset + bytes.count, to: &decoded) }
        case .quotedPrintable:
            var line = qpCarry + bytes
            var lineOffset = qpCarry.isEmpty ? offset : qpCarryOffset
            qpCarry.removeAll()
            if lineContinues {
                // Keep trailing blanks and an `=` near the end: their meaning depends on what follows.
                var cut = line.count
                while cut > 0 && (line[cut - 1] == 0x20 || line[cut - 1] == 0x09) { cut -= 1 }
                if let equals = line[max(0, cut - 2)..<cut].lastIndex(of: 0x3D) { cut = equals }
                qpCarry = Array(line[cut...])
                qpCarryOffset = lineOffset + cut
                line.removeLast(line.count - cut)
            } else {
                while let last = line.last, last == 0x20 || last == 0x09 { line.removeLast() }
                softBreak = line.last == 0x3D
                if softBreak { line.removeLast() }
            }
            decodeQuotedPrintable(line, offset: &lineOffset, into: &decoded)
        }
        try transcode(decoded, output)
    }

    /// Text decoded elsewhere (a header field), every byte of it from the whole input range given.
    func decoded(_ bytes: [UInt8], from input: Range<Int>, _ output: Output) rethrows {
        var decoded: [UInt8] = []
        add(bytes, inputStart: input.lowerBound, inputEnd: input.upperBound, to: &decoded)
        try transcode(decoded, output)
    }

    func lineBreak(_ bytes: [UInt8], offset: Int, _ output: Output) rethrows {
        var decoded: [UInt8] = []
        switch transferEncoding {
        case .identity:
            atLineStart = true
            // Inside a uuencoded block the decoded bytes carry their own line breaks.
            if inUUBlock && !uuBeginPending { return }
            uuBeginPending = false
            add(bytes, offset: offset, identity: true, to: &decoded)
        case .base64, .uuencode: return
        case .quotedPrintable:
            if softBreak {
                softBreak = false
                return
            }
            add(bytes, offset: offset, identity: true, to: &decoded)
        }
        try transcode(decoded, output)
    }

    func finish(_ output: Output) rethrows {
        var decoded: [UInt8] = []
        if !uuLine.isEmpty {
            let line = uuLine
            uuLine.removeAll()
            if inUUBlock || transferEncoding == .uuencode, !Self.isUUBegin(line), !Self.isUUEnd(line) {
                decodeUU(line, offset: uuLineOffset, into: &decoded)
            } else {
                add(line, offset: uuLineOffset, identity: true, to: &decoded)
            }
        }
        if transferEncoding == .base64 {
            // A lone last character holds no byte: nothing is lost by dropping it.
            _ = try? base64.finish {
                add(Array($0), inputStart: lastLine.lowerBound, inputEnd: lastLine.upperBound, to: &decoded)
            }
        }
        if !qpCarry.isEmpty {
            var line = qpCarry
            qpCarry.removeAll()
            while let last = line.last, last == 0x20 || last == 0x09 || last == 0x3D { line.removeLast() }
            decodeQuotedPrintable(line, offset: &qpCarryOffset, into: &decoded)
        }
        try transcode(decoded, output)
        guard transcodes else { return }
        try transcodeHeld(output)
        let map = mapForOutput()
        try transcoder?.finish { utf8, transcoding in
            try output(utf8, MailOffsetMap(pieceStart: utf8Count, transcoding: transcoding, segments: map))
            utf8Count += utf8.count
        }
    }

    private func decodeQuotedPrintable(_ line: [UInt8], offset: inout Int, into decoded: inout [UInt8]) {
        var index = 0
        var literalStart = 0
        func flushLiteral() {
            if index > literalStart {
                add(Array(line[literalStart..<index]), offset: offset + literalStart, identity: true, to: &decoded)
            }
        }
        while index < line.count {
            if line[index] == 0x3D, index + 2 < line.count,
                let high = Self.hexValue(line[index + 1]), let low = Self.hexValue(line[index + 2])
            {
                flushLiteral()
                add([high << 4 | low], inputStart: offset + index, inputEnd: offset + index + 3, to: &decoded)
                index += 3
                literalStart = index
            } else {
                index += 1
            }
        }
        flushLiteral()
        offset += line.count
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private func add(_ bytes: [UInt8], offset: Int, identity: Bool, to decoded: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        segments.append(
            .init(
                decodedStart: decodedCount, decodedEnd: decodedCount + bytes.count,
                inputStart: offset, inputEnd: offset + bytes.count, isIdentity: identity))
        decodedCount += bytes.count
        decoded += bytes
    }

    private func add(_ bytes: [UInt8], inputStart: Int, inputEnd: Int, to decoded: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        segments.append(
            .init(
                decodedStart: decodedCount, decodedEnd: decodedCount + bytes.count,
                inputStart: inputStart, inputEnd: inputEnd, isIdentity: false))
        decodedCount += bytes.count
        decoded += bytes
    }

    /// The segments the transcoder's next output may refer to (it holds at most 3 bytes back).
    private func mapForOutput() -> [MailOffsetMap.Segment] {
        let keepFrom = decodedCount - 8
        if let first = segments.firstIndex(where: { $0.decodedEnd > keepFrom }), first > 0 {
            segments.removeFirst(first)
        }
        return segments
    }

    private func transcode(_ decoded: [UInt8], _ output: Output) rethrows {
        guard !decoded.isEmpty else { return }
        if leading.count < Self.leadingCount { leading += decoded.prefix(Self.leadingCount - leading.count) }
        if holdsDecoded, !heldOverflowed {
            if heldDecoded.count + decoded.count > maximumHeldCount {
                heldOverflowed = true
                heldDecoded = []
            } else {
                heldDecoded += decoded
            }
        }
        guard transcodes else { return }
        guard transcoder != nil else {
            // UTF-16 or UTF-32: the byte order mark, if any, is in the first 4 bytes.
            held += decoded
            if held.count >= 4 { try transcodeHeld(output) }
            return
        }
        try feed(decoded, output)
    }

    private func feed(_ decoded: [UInt8], _ output: Output) rethrows {
        guard let transcoder else { return }
        let map = segments
        try transcoder.decode(decoded) { utf8, transcoding in
            try output(utf8, MailOffsetMap(pieceStart: utf8Count, transcoding: transcoding, segments: map))
            utf8Count += utf8.count
        }
        _ = mapForOutput()
    }

    /// Decides the byte order on the bytes held, and transcodes them.
    private func transcodeHeld(_ output: Output) rethrows {
        guard transcoder == nil else { return }
        let first = held
        held.removeAll()
        if sniffsByteOrder {
            let little: CharacterEncoding =
                givenEncoding == .utf32BigEndian ? .utf32LittleEndian : .utf16LittleEndian
            if first.starts(with: little.byteOrderMark) { encoding = little }
        }
        startsWithByteOrderMark = first.starts(with: encoding.byteOrderMark)
        transcoder = TextToUTF8Transcoder(encoding: encoding)
        guard !first.isEmpty else { return }
        try feed(first, output)
    }

    // MARK: uuencode

    /// `begin` and a mode of three or four octal digits (`begin 644 name`).
    static func isUUBegin(_ line: [UInt8]) -> Bool {
        var line = line[...]
        if line.last == 0x0D { line = line.dropLast() }
        guard line.starts(with: Array("begin ".utf8)) else { return false }
        let mode = line.dropFirst(6).prefix { $0 != 0x20 }
        return (3...4).contains(mode.count) && mode.allSatisfy { $0 >= 0x30 && $0 <= 0x37 }
            && line.count > 6 + mode.count + 1
    }

    /// `end`, alone on its line.
    static func isUUEnd(_ line: [UInt8]) -> Bool {
        var line = line[...]
        while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
        return line.elementsEqual("end".utf8)
    }

    /// Decodes one uuencoded line: its first character gives the count of
    /// bytes, then each 4 characters (each 6 bits, plus 32; `` ` `` is 0) 3 bytes.
    /// Every byte of it comes from the whole line.
    private func decodeUU(_ line: [UInt8], offset: Int, into decoded: inout [UInt8]) {
        var text = line[...]
        while let last = text.last, last == 0x0D || last == 0x0A { text = text.dropLast() }
        guard let first = text.first else { return }
        let count = Int((first &- 0x20) & 0x3F)
        guard count > 0 else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 2)
        var index = text.startIndex + 1
        func sextet(_ at: Int) -> UInt8 { at < text.endIndex ? (text[at] &- 0x20) & 0x3F : 0 }
        while bytes.count < count && index < text.endIndex {
            let (a, b, c, d) = (sextet(index), sextet(index + 1), sextet(index + 2), sextet(index + 3))
            bytes += [a << 2 | b >> 4, b << 4 | c >> 2, c << 6 | d]
            index += 4
        }
        if bytes.count > count { bytes.removeLast(bytes.count - count) }
        decodedUUEncoded = true
        add(bytes, inputStart: offset, inputEnd: offset + line.count, to: &decoded)
    }
}
