/// One Huffman table of a JPEG file as a DHT segment defines it (T.81
/// B.2.4.2): the number of codes of each length 1 to 16 (`BITS`) and the
/// symbols in the order of their codes (`HUFFVAL`), with what decoding and
/// encoding need derived from them (Annex C, F.2.2.3).
///
/// ```swift
/// let table = try JPEGHuffmanTable(counts: counts, symbols: symbols)
/// table.canEncode(0x00)   // whether the table has a code for EOB
/// ```
package struct JPEGHuffmanTable: Sendable {
    /// How many codes have each length: `counts[0]` is of length 1.
    package let counts: [UInt8]
    /// The symbols, in increasing order of their codes.
    package let symbols: [UInt8]
    /// The code of each symbol (EHUFCO), valid where `sizes` is not 0.
    private(set) var codes: [UInt16]
    /// The length of each symbol's code (EHUFSI), 0 for a symbol without one.
    private(set) var sizes: [UInt8]
    /// The largest code of each length, or -1 (MAXCODE, index 1 to 16).
    private var maximumCodes: [Int32]
    /// The index in `symbols` of the first code of each length, minus that code.
    private var offsets: [Int32]
    /// For the next 9 bits: the symbol (low byte) and code length (high
    /// byte), or 0 when the code is longer than 9 bits.
    private var lookup: [UInt16]

    static let lookupBits = 9

    /// The table of `counts` (16 numbers) and `symbols`.
    ///
    /// - Throws: ``JPEGError/malformedSegment(_:)`` when the counts do not
    ///   match the symbols or describe more codes than lengths allow.
    package init(counts: [UInt8], symbols: [UInt8]) throws(JPEGError) {
        guard counts.count == 16, counts.reduce(0, { $0 + Int($1) }) == symbols.count, symbols.count <= 256 else {
            throw .malformedSegment("Huffman table counts do not match its symbols")
        }
        self.counts = counts
        self.symbols = symbols
        codes = [UInt16](repeating: 0, count: 256)
        sizes = [UInt8](repeating: 0, count: 256)
        maximumCodes = [Int32](repeating: -1, count: 18)
        offsets = [Int32](repeating: 0, count: 18)
        lookup = [UInt16](repeating: 0, count: 1 << Self.lookupBits)
        // Annex C: codes of each length follow one another, one more each.
        var code: Int32 = 0
        var index = 0
        for length in 1...16 {
            let count = Int(counts[length - 1])
            if count > 0 {
                offsets[length] = Int32(index) - code
                for _ in 0..<count {
                    guard code < (Int32(1) << length) else {
                        throw .malformedSegment("Huffman table with more codes than fit their lengths")
                    }
                    let symbol = Int(symbols[index])
                    if sizes[symbol] == 0 {
                        codes[symbol] = UInt16(code)
                        sizes[symbol] = UInt8(length)
                    }
                    if length <= Self.lookupBits {
                        let shift = Self.lookupBits - length
                        let first = Int(code) << shift
                        for entry in first..<first + (1 << shift) {
                            lookup[entry] = UInt16(length) << 8 | UInt16(symbol)
                        }
                    }
                    code += 1
                    index += 1
                }
                maximumCodes[length] = code - 1
            }
            code <<= 1
        }
        maximumCodes[17] = Int32.max
    }

    /// Whether the table has a code for `symbol`.
    package func canEncode(_ symbol: UInt8) -> Bool {
        sizes[Int(symbol)] != 0
    }

    /// The symbol whose code starts the 16 bits `bits` (first bit highest)
    /// and the code's length, or nil when no code does.
    @inline(__always)
    func decode(_ bits: UInt32) -> (symbol: UInt8, length: Int)? {
        let entry = lookup[Int(bits >> UInt32(16 - Self.lookupBits))]
        if entry != 0 {
            return (UInt8(truncatingIfNeeded: entry), Int(entry >> 8))
        }
        for length in (Self.lookupBits + 1)...16 {
            let code = Int32(bits >> UInt32(16 - length))
            if code <= maximumCodes[length] {
                let index = Int(offsets[length] + code)
                guard index >= 0, index < symbols.count else { return nil }
                return (symbols[index], length)
            }
        }
        return nil
    }

    /// The DHT payload of this table: class and identifier, counts, symbols.
    package func segmentPayload(tableClass: Int, identifier: Int) -> [UInt8] {
        [UInt8(tableClass << 4 | identifier)] + counts + symbols
    }
}
