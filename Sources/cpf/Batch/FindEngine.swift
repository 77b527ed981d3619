import CPFKit

/// Finds the CPFs in free text for `cpf find`: reads each input in large
/// blocks, scans them with `CPFScanner`, and prints each CPF with its line and
/// byte column.
final class FindEngine {
    /// JSON Lines instead of `SOURCE:LINE:COLUMN: TEXT`.
    let json: Bool
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
    /// The decimal digits of `line`, rendered once per line that has a CPF
    /// (room for 24 bytes, copied a word at a time).
    private let lineDigits = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
    private var lineDigitCount = 0
    private var renderedLine = 0

    /// - Parameters:
    ///   - output: Where to print; standard output by default.
    ///   - blockCapacity: The largest block read at once.
    init(json: Bool, context: Context, output: OutputBuffer? = nil, blockCapacity: Int = BlockReader.defaultCapacity) {
        self.json = json
        out = output ?? context.output
        reader = BlockReader(capacity: blockCapacity)
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

    /// Prints one CPF. Every line feed before it has been counted: a match
    /// that began in an earlier block has only digits and separators between
    /// its start and the bytes counted, so the current line is its line.
    private func report(_ match: CPFScanner.Match) {
        foundCount += 1
        let column = match.range.lowerBound - lineStart + 1
        let source = UnsafeRawBufferPointer(self.source)
        if json {
            var object = JSONObjectWriter(to: out)
            object.string("source", source)
            object.number("line", line)
            object.number("column", column)
            object.string("text", reserving: 14) { match.writeText(to: $0) }
            object.string("cpf", reserving: 11) { match.cpf.writeDigits(to: $0) }
            object.end()
        } else if source.count <= 1 << 16 {
            // SOURCE:LINE:COLUMN: TEXT in one go.
            if renderedLine != line {
                lineDigitCount = OutputBuffer.store(decimal: line, at: lineDigits)
                renderedLine = line
            }
            out.withReservedSpace(source.count + 8 + 24 + 19 + 3 + 14 + 1) { space in
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
                count += match.writeText(to: UnsafeMutableRawBufferPointer(rebasing: space[count...]))
                buffer.storeBytes(of: 0x0A, toByteOffset: count, as: UInt8.self)
                return count + 1
            }
        } else {
            out.write(source)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: line)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: column)
            out.write(": ")
            out.withReservedSpace(14) { match.writeText(to: $0) }
            out.write(byte: 0x0A)
        }
    }
}
