import CPFKit
import CPFSystem

/// Where an input stands while `find` scans it: its line, the starts of
/// the last lines, and the matches counted.
extension FindEngine {
    /// CPFs reported, by confidence, mistyped ones apart.
    struct Counts {
        var low = 0, medium = 0, high = 0, mistyped = 0

        var total: Int { low + medium + high + mistyped }

        mutating func add(_ match: CPFScanner.Match) {
            add(confidence: match.confidence, isValid: match.isValid)
        }

        mutating func add(confidence: CPFScanner.Confidence, isValid: Bool) {
            if !isValid {
                mistyped += 1
            } else {
                switch confidence {
                case .low: low += 1
                case .medium: medium += 1
                case .high: high += 1
                }
            }
        }

        static func += (lhs: inout Counts, rhs: Counts) {
            lhs.low += rhs.low
            lhs.medium += rhs.medium
            lhs.high += rhs.high
            lhs.mistyped += rhs.mistyped
        }
    }

    /// Where an input stands: the line (from 1) that starts at `lineStart`,
    /// line feeds counted before the offset `counted`. A local value while
    /// an input is scanned (not stored in the engine), so that the hot path
    /// pays no run-time exclusivity checks.
    struct Position {
        /// The input's SOURCE as printed, padded with zeros to whole words.
        let source: UnsafeRawBufferPointer
        /// In JSON, the path of the archive member scanned, if it is one
        /// (SOURCE is the archive then).
        var member: UnsafeRawBufferPointer?
        /// In JSON, the section of a document the text is from, beside its
        /// own text (`"in":"sweep"`); in the text report it is in SOURCE.
        var section: DocumentReader.Section?
        /// ``scratchSize`` bytes, 8-aligned, zeroed when made: the decimal
        /// digits of the line last rendered (24 bytes, copied a word at a
        /// time), rendered once per line that has a match, then the starts of
        /// the last 16 lines counted, a ring indexed by line number. A match
        /// holds at most three line breaks, and one passed on late (a CPF
        /// beside a CNPJ that ``TaxpayerScanner`` waited to decide) starts at
        /// most a few lines before the last counted: its line is among them.
        var scratch: UnsafeMutableRawPointer
        var lineDigits: UnsafeMutableRawPointer { scratch }
        /// The bytes of ``scratch``: 24 for the digits, 8 spare, 128 for the
        /// starts, rounded up to whole cache lines (each chunk of a file
        /// scanned on several threads has its own, which must not share one).
        static let scratchSize = 192
        var line = 1
        var lineStart = 0
        var counted = 0
        var renderedLine = 0
        var lineDigitCount = 0
        /// The matches reported from this position on.
        var counts = Counts()

        init(source: UnsafeRawBufferPointer, scratch: UnsafeMutableRawPointer) {
            self.source = source
            self.scratch = scratch
        }

        /// Makes the ``scratch`` of a position, zeroed: deallocated by the caller.
        static func allocateScratch(count: Int = 1) -> UnsafeMutableRawPointer {
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchSize * count, alignment: 64)
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: scratchSize * count)
            return scratch
        }

        /// The start of line `number`, one of the last 16 counted.
        @inline(__always)
        func start(ofLine number: Int) -> Int {
            scratch.load(fromByteOffset: 32 + (number & 15) &* 8, as: Int.self)
        }

        @inline(__always)
        mutating func record(lineStart: Int) {
            scratch.storeBytes(of: lineStart, toByteOffset: 32 + (line & 15) &* 8, as: Int.self)
        }

        /// Counts the line feeds from the offset `counted` up to the offset
        /// `end`, both in the block at `base`, which starts at the offset `origin`.
        @inline(__always)
        mutating func countLines(_ base: UnsafeRawPointer, origin: Int, upTo end: Int) {
            var cursor = base + (counted - origin)
            let stop = base + (end - origin)
            while cursor < stop, let found = system_findByte(0x0A, in: cursor, count: stop - cursor) {
                line += 1
                cursor = found + 1
                lineStart = origin + (cursor - base)
                record(lineStart: lineStart)
            }
            counted = end
        }

        /// The line and byte column (from 1) of the offset `offset`, at most
        /// 15 line breaks before the last counted.
        func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
            var line = self.line
            var lineStart = self.lineStart
            while offset < lineStart, line > 1 {
                line -= 1
                lineStart = line == 1 ? 0 : start(ofLine: line)
            }
            return (line, offset - lineStart + 1)
        }
    }
}
