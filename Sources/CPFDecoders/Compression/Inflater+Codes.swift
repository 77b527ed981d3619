// The Huffman codes an Inflater decodes a block with: RFC 1951's fixed
// code (3.2.6), or a dynamic block's, read from its header as code
// lengths run-length coded under a code of their own (3.2.7).

extension Inflater {
    /// The fixed code of RFC 1951, 3.2.6.
    func buildFixedTables() {
        for symbol in 0..<288 {
            lengths[symbol] = symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8
        }
        try! literalLengths.build(lengths: lengths, count: 288, allowsSingleCode: false)
        for symbol in 0..<32 { lengths[symbol] = 5 }
        try! distances.build(lengths: lengths, count: 32, allowsSingleCode: false)
    }

    /// The order in which the code length code's lengths are given (RFC 1951, 3.2.7).
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Reads the code lengths of a dynamic block and sets up its codes;
    /// false when the input ends first.
    func readDynamicTables() throws(InflateError) -> Bool {
        guard need(14) else { return false }
        let literalCount = take(5) + 257
        let distanceCount = take(5) + 1
        let codeLengthCount = take(4) + 4
        if literalCount > 286 || distanceCount > 30 {
            throw .invalidCodeLengths(.tooManyCodes(literalLength: literalCount, distance: distanceCount))
        }
        for index in 0..<19 { lengths[index] = 0 }
        for index in 0..<codeLengthCount {
            guard need(3) else { return false }
            lengths[Self.codeLengthOrder[index]] = UInt8(take(3))
        }
        try codeLengths.build(lengths: lengths, count: 19, allowsSingleCode: false)

        let total = literalCount + distanceCount
        var index = 0
        while index < total {
            refill()
            let (symbol, length) = codeLengths.decode(bitBuffer, available: bitCount)
            if length == 16 { throw .invalidCode }
            if length == 17 { return false }
            _ = take(length)
            if symbol < 16 {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            let value: UInt8
            let repeatCount: Int
            switch symbol {
            case 16:
                guard need(2) else { return false }
                if index == 0 { throw .invalidCodeLengths(.repeatWithoutPrevious) }
                value = lengths[index - 1]
                repeatCount = 3 + take(2)
            case 17:
                guard need(3) else { return false }
                value = 0
                repeatCount = 3 + take(3)
            default:
                guard need(7) else { return false }
                value = 0
                repeatCount = 11 + take(7)
            }
            if index + repeatCount > total { throw .invalidCodeLengths(.repeatPastEnd) }
            for _ in 0..<repeatCount {
                lengths[index] = value
                index += 1
            }
        }
        if lengths[256] == 0 { throw .invalidCodeLengths(.missingEndOfBlock) }
        try literalLengths.build(lengths: lengths, count: literalCount, allowsSingleCode: true)
        try distances.build(lengths: lengths + literalCount, count: distanceCount, allowsSingleCode: true)
        return true
    }
}
