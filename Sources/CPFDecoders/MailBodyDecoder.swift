/// Decodes the body of one leaf part (or one header block, as text) from
/// the events of ``MailStructureParser``: its transfer encoding, then its
/// charset to UTF-8, with the map back to the input. What the reader and the
/// rewriter share.
final class MailBodyDecoder {
    let transferEncoding: MailPart.TransferEncoding
    private let transcoder: TextToUTF8Transcoder
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

    init(transferEncoding: MailPart.TransferEncoding, encoding: CharacterEncoding) {
        self.transferEncoding = transferEncoding
        transcoder = TextToUTF8Transcoder(encoding: encoding)
    }

    typealias Output = (UnsafeBufferPointer<UInt8>, MailOffsetMap) throws -> Void

    func content(_ bytes: [UInt8], offset: Int, lineContinues: Bool, _ output: Output) rethrows {
        var decoded: [UInt8] = []
        switch transferEncoding {
        case .identity:
            add(bytes, offset: offset, identity: true, to: &decoded)
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
        case .identity: add(bytes, offset: offset, identity: true, to: &decoded)
        case .base64: return
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
        let map = mapForOutput()
        try transcoder.finish { utf8, transcoding in
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
        let map = segments
        try transcoder.decode(decoded) { utf8, transcoding in
            try output(utf8, MailOffsetMap(pieceStart: utf8Count, transcoding: transcoding, segments: map))
            utf8Count += utf8.count
        }
        _ = mapForOutput()
    }
}
