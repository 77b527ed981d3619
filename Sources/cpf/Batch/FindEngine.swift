#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
    private var source: [UInt8] = []
    private var line = 1
    private var lineStart = 0
    private var counted = 0

    init(json: Bool, context: Context, blockCapacity: Int = BlockReader.defaultCapacity) {
        self.json = json
        out = context.output
        reader = BlockReader(capacity: blockCapacity)
    }

    /// Prints every CPF in one input; `name` is its SOURCE (`-` for standard input).
    func find(_ descriptor: FileDescriptor, named name: String) throws(Errno) {
        source = Array(name.utf8)
        line = 1
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

    /// Prints one CPF. Every line feed before it has been counted: a match
    /// that began in an earlier block has only digits and separators between
    /// its start and the bytes counted, so the current line is its line.
    private func report(_ match: CPFScanner.Match) {
        foundCount += 1
        let column = match.range.lowerBound - lineStart + 1
        if json {
            out.write("{\"source\":\"")
            source.withUnsafeBytes { Escaping.writeJSONString($0, to: out) }
            out.write("\",\"line\":")
            out.write(decimal: line)
            out.write(",\"column\":")
            out.write(decimal: column)
            out.write(",\"text\":\"")
            out.withReservedSpace(14) { match.writeText(to: $0) }
            out.write("\",\"cpf\":\"")
            out.withReservedSpace(11) { match.cpf.writeDigits(to: $0); return 11 }
            out.write("\"}\n")
        } else {
            source.withUnsafeBytes { out.write($0) }
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: line)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: column)
            out.withReservedSpace(17) { buffer in
                buffer.storeBytes(of: UInt8(ascii: ":"), as: UInt8.self)
                buffer.storeBytes(of: UInt8(ascii: " "), toByteOffset: 1, as: UInt8.self)
                let length = match.writeText(to: buffer + 2)
                buffer.storeBytes(of: 0x0A, toByteOffset: 2 + length, as: UInt8.self)
                return 3 + length
            }
        }
    }
}
