import CPFKit

/// Finds the CPFs in free text for `cpf find`: reads each input in large
/// blocks, scans them with `CPFScanner`, and prints each CPF of at least
/// the minimum confidence (and, when asked, each mistyped CPF) with the line
/// and byte column of its first digit.
final class FindEngine {
    /// What to report.
    struct Settings {
        /// JSON Lines instead of `SOURCE:LINE:COLUMN: TEXT`.
        var json = false
        /// The lowest confidence reported.
        var minimumConfidence = CPFScanner.Confidence.medium
        /// Whether mistyped CPFs (wrong check digits) are reported too.
        var includesInvalid = false
        /// Whether the text report is coloured (`--color`).
        var colours = false
    }

    let settings: Settings
    var json: Bool { settings.json }
    private let out: OutputBuffer
    private let reader: BlockReader
    /// CPFs found so far, over every input.
    private(set) var foundCount = 0

    // Where the input stands: the line (from 1) that starts at `lineStart`,
    // line feeds counted before the offset `counted`.
    private var source = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var line = 1
    private var lineStart = 0
    private var counted = 0
    /// The starts of the last four lines counted, newest last: a match holds
    /// at most three line breaks, so the line of its first digit is among
    /// them even when the breaks inside it were counted already.
    private var recentLineStarts: [Int] = []
    /// The decimal digits of `line`, rendered once per line that has a CPF
    /// (room for 24 bytes, copied a word at a time).
    private let lineDigits = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
    private var lineDigitCount = 0
    private var renderedLine = 0

    /// - Parameters:
    ///   - output: Where to print; standard output by default.
    ///   - blockCapacity: The largest block read at once.
    init(settings: Settings, context: Context, output: OutputBuffer? = nil, blockCapacity: Int = BlockReader.defaultCapacity) {
        self.settings = settings
        out = output ?? context.output
        reader = BlockReader(capacity: blockCapacity, flush: { [out] in out.flush() })
    }

    deinit {
        lineDigits.deallocate()
    }

    /// Prints every CPF in one input; `name` is its SOURCE (`-` for standard
    /// input), escaped in the text report as every echo on a terminal is.
    func find(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        let shown = json ? name.bytes : Escaping.readableBytes(name, limit: .max)
        // Rounded up to whole words, copied a word at a time.
        source = .allocate(byteCount: (shown.count + 7) & ~7, alignment: 8)
        source.initializeMemory(as: UInt8.self, repeating: 0)
        _ = source.initializeMemory(as: UInt8.self, from: shown)
        source = UnsafeMutableRawBufferPointer(rebasing: source[..<shown.count])
        defer {
            source.deallocate()
            source = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        }
        line = 1
        renderedLine = 0
        lineStart = 0
        counted = 0
        recentLineStarts.removeAll(keepingCapacity: true)
        var scanner = CPFScanner()
        try reader.forEachBlock(of: descriptor) { block in
            let bytes = UnsafeRawBufferPointer(block)
            let origin = scanner.offset
            scanner.feed(bytes) { match in
                if match.range.lowerBound > counted {
                    countLines(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                }
                report(match)
            }
            countLines(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
        }
        scanner.finish { report($0) }
    }

    /// Counts the line feeds from the offset `counted` up to the offset `end`,
    /// both in the block at `base`, which starts at the offset `origin`.
    @inline(__always)
    private func countLines(_ base: UnsafeRawPointer, origin: Int, upTo end: Int) {
        var cursor = base + (counted - origin)
        let stop = base + (end - origin)
        while cursor < stop, let found = memchr(cursor, 0x0A, stop - cursor) {
            line += 1
            cursor = UnsafeRawPointer(found) + 1
            lineStart = origin + (cursor - base)
            if recentLineStarts.count == 4 { recentLineStarts.removeFirst() }
            recentLineStarts.append(lineStart)
        }
        counted = end
    }

    /// Copies `count` bytes a word at a time: reads and writes up to 7
    /// bytes more, which must be there (the source is padded to whole words,
    /// and the space reserved has room). Returns `count`.
    @inline(__always)
    private static func copyWords(_ source: UnsafeRawPointer?, count: Int, to destination: UnsafeMutableRawPointer) -> Int {
        guard let source else { return 0 }
        var offset = 0
        while offset < count {
            destination.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        return count
    }

    /// Prints one match, if it is to be reported. Every line feed before it
    /// has been counted, and perhaps some inside it (a match that began in
    /// an earlier block): its line is the one where its first digit is.
    private func report(_ match: CPFScanner.Match) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        foundCount += 1
        var line = self.line
        var lineStart = self.lineStart
        if match.range.lowerBound < lineStart {
            var newer = recentLineStarts.count - 1
            while newer >= 0, recentLineStarts[newer] > match.range.lowerBound {
                line -= 1
                newer -= 1
            }
            lineStart = newer >= 0 ? recentLineStarts[newer] : 0
        }
        let column = match.range.lowerBound - lineStart + 1
        let source = UnsafeRawBufferPointer(self.source)
        // The text as written, at most 96 bytes.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            let written = UnsafeRawBufferPointer(rebasing: buffer[..<match.writeText(to: buffer)])
            if json {
                var object = JSONObjectWriter(to: out)
                object.string("source", source)
                object.number("line", line)
                object.number("column", column)
                object.string("text", written)
                object.string("cpf", reserving: 11) { $0.copyBytes(from: match.digits.utf8); return 11 }
                object.string("confidence", match.confidence.rawValue)
                object.bool("valid", match.isValid)
                object.end()
            } else if settings.colours {
                writeColouredLine(source: source, line: line, column: column, text: written)
            } else if written.allSatisfy({ $0 &- 0x20 < 0x5F }), source.count <= 1 << 16 {
                writeLine(source: source, line: line, column: column, text: written)
            } else {
                out.write(source)
                out.write(byte: UInt8(ascii: ":"))
                out.write(decimal: line)
                out.write(byte: UInt8(ascii: ":"))
                out.write(decimal: column)
                out.write(": ")
                Escaping.writeReadable(written, quote: nil, to: out)
                out.write(byte: 0x0A)
            }
        }
    }

    /// `SOURCE:LINE:COLUMN: TEXT` in colour, as grep colours its matches:
    /// the source (already escaped) magenta, the numbers green, the CPF
    /// (escaped here) bold red.
    private func writeColouredLine(source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer) {
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
    private func writeLine(source: UnsafeRawBufferPointer, line: Int, column: Int, text: UnsafeRawBufferPointer) {
        if renderedLine != line {
            lineDigitCount = OutputBuffer.store(decimal: line, at: lineDigits)
            renderedLine = line
        }
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
