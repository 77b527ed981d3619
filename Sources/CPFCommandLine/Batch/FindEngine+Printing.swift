import CPFKit
import CPFSystem

/// How `find` prints one match: `SOURCE:LINE:COLUMN: TEXT` (in colour
/// with `--color`, in one go for printable text) or a JSON object.
extension FindEngine {
    /// Copies `count` bytes a word at a time: reads and writes up to 7
    /// bytes more, which must be there (the source is padded to whole words,
    /// and the space reserved has room). Returns `count`.
    @inline(__always)
    static func copyWords(_ source: UnsafeRawPointer?, count: Int, to destination: UnsafeMutableRawPointer)
        -> Int
    {
        guard let source else { return 0 }
        var offset = 0
        while offset < count {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self
            )
            offset += 8
        }
        return count
    }

    /// Prints one match, if it is to be reported; `start` is the input
    /// offset of its first digit or character. Every line feed before it
    /// has been counted, and perhaps some inside it (a match that began in
    /// an earlier block): its line is the one where it starts.
    @inline(__always)
    func report(
        _ match: TaxpayerScanner.Match, startingAt start: Int, at position: inout Position, to out: OutputBuffer
    ) {
        switch match {
        case .cpf(let cpf): report(cpf, startingAt: start, at: &position, to: out)
        case .cnpj(let cnpj): report(cnpj, startingAt: start, at: &position, to: out)
        }
    }

    /// ``report(_:startingAt:at:to:)`` for a CPF: its text copied at most 96
    /// bytes into a value on the stack, the hot path of `find`.
    @inline(__always)
    func report(
        _ match: CPFScanner.Match, startingAt start: Int, at position: inout Position, to out: OutputBuffer
    ) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        if settings.isLineLocal, match.spansLineBreak { return }
        position.counts.add(match)
        guard settings.printsMatches else { return }
        let (line, column) = position.lineAndColumn(of: start)
        let source = position.source
        // The text as written, at most 96 bytes.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            let count = match.writeText(to: buffer)
            if let hiding { hiding.hide(match, in: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])) }
            let written = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            if json {
                var object = Self.jsonObject(at: position, line: line, column: column, text: written, to: out)
                if settings.accepted != .cpf { object.string("document", TaxpayerID.Kind.cpf.rawValue) }
                object.string("cpf", reserving: 11) {
                    if hiding == nil {
                        $0.copyBytes(from: match.digits.utf8)
                    } else {
                        for index in 0..<11 { $0[index] = match.writtenDigit(index, in: written) }
                    }
                    return 11
                }
                object.string("confidence", match.confidence.rawValue)
                object.bool("valid", match.isValid)
                if match.isOCRReading { object.bool("ocr", true) }
                object.end()
            } else {
                writeMatchLine(source: source, line: line, column: column, text: written, position: &position, to: out)
            }
        }
    }

    /// A match's JSON object begun: where it is (`source`, `member`, `in`,
    /// `line`, `column`) and its `text`; its kind's fields come next.
    @inline(__always)
    static func jsonObject(
        at position: Position, line: Int, column: Int, text: UnsafeRawBufferPointer, to out: OutputBuffer
    ) -> JSONObjectWriter {
        var object = JSONObjectWriter(to: out)
        object.string("source", position.source)
        if let member = position.member { object.string("member", member) }
        if let section = position.section { object.string("in", section.rawValue) }
        object.number("line", line)
        object.number("column", column)
        object.string("text", text)
        return object
    }

    /// ``report(_:startingAt:at:to:)`` for a CNPJ.
    /// Kept out of line: the CPF path is the hot one, and its loop stays small.
    @inline(never)
    func report(
        _ match: CNPJScanner.Match, startingAt start: Int, at position: inout Position, to out: OutputBuffer
    ) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        if settings.isLineLocal, match.spansLineBreak { return }
        position.counts.add(confidence: match.confidence, isValid: match.isValid)
        guard settings.printsMatches else { return }
        let (line, column) = position.lineAndColumn(of: start)
        let source = position.source
        let (text, characters) = Self.shown(.cnpj(match), hiding: hiding)
        text.withUnsafeBytes { written in
            if json {
                var object = Self.jsonObject(at: position, line: line, column: column, text: written, to: out)
                Self.writeFields(.cnpj(match), characters: characters, namingKind: true, to: &object)
                object.end()
            } else {
                writeMatchLine(source: source, line: line, column: column, text: written, position: &position, to: out)
            }
        }
    }

    /// `SOURCE:LINE:COLUMN: TEXT`, TEXT escaped (see ``Escaping``), in
    /// colour with `--color`.
    @inline(__always)
    func writeMatchLine(
        source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer, position: inout Position,
        to out: OutputBuffer
    ) {
        if settings.colours {
            writeColouredLine(source: source, line: line, column: column, text: text, to: out)
        } else if text.allSatisfy({ $0 &- 0x20 < 0x5F }), source.count <= 1 << 16 {
            writeLine(source: source, line: line, column: column, text: text, position: &position, to: out)
        } else {
            out.write(source)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: line)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: column)
            out.write(": ")
            Escaping.writeReadable(text, quote: nil, to: out)
            out.write(byte: 0x0A)
        }
    }

    /// `SOURCE:LINE:COLUMN: TEXT` in colour, as grep colours its matches:
    /// the source (already escaped) magenta, the numbers green, the CPF
    /// (escaped here) bold red.
    func writeColouredLine(
        source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer, to out: OutputBuffer
    ) {
        Colour.start(Colour.source, to: out)
        out.write(source)
        Colour.end(to: out)
        out.write(byte: UInt8(ascii: ":"))
        Colour.start(Colour.number, to: out)
        out.write(decimal: line)
        Colour.end(to: out)
        out.write(byte: UInt8(ascii: ":"))
        Colour.start(Colour.number, to: out)
        out.write(decimal: column)
        Colour.end(to: out)
        out.write(": ")
        Colour.start(Colour.match, to: out)
        Escaping.writeReadable(text, quote: nil, to: out)
        Colour.end(to: out)
        out.write(byte: 0x0A)
    }

    /// `SOURCE:LINE:COLUMN: TEXT` in one go, for printable ASCII text.
    @inline(__always)
    func writeLine(
        source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer, position: inout Position,
        to out: OutputBuffer
    ) {
        let lineDigits = position.lineDigits
        if position.renderedLine != line {
            position.lineDigitCount = OutputBuffer.store(decimal: line, at: lineDigits)
            position.renderedLine = line
        }
        let lineDigitCount = position.lineDigitCount
        out.withReservedSpace(source.count + 8 + 24 + 19 + 3 + text.count + 1) { space in
            let buffer = space.baseAddress!
            var count = Self.copyWords(source.baseAddress, count: source.count, to: buffer)
            buffer.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count, as: UInt8.self)
            count += 1
            count += Self.copyWords(lineDigits, count: lineDigitCount, to: buffer + count)
            buffer.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count, as: UInt8.self)
            count += 1
            count += OutputBuffer.store(decimal: column, at: buffer + count)
            buffer.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count, as: UInt8.self)
            buffer.storeBytes(of: UInt8(ascii: " "), toByteOffset: count + 1, as: UInt8.self)
            count += 2
            UnsafeMutableRawBufferPointer(rebasing: space[count...]).copyMemory(from: text)
            count += text.count
            buffer.storeBytes(of: 0x0A, toByteOffset: count, as: UInt8.self)
            return count + 1
        }
    }
}
