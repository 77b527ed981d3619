/// The header of a dynamic block (RFC 1951, 3.2.7): the two codes' lengths,
/// run-length coded with symbols 16, 17 and 18, under a code of their own.
struct DynamicBlockHeader {
    var literalCount: Int
    var distanceCount: Int
    /// The run-length symbols, each with its extra bits' value.
    var runs: [(symbol: Int, extra: Int)] = []
    var codeLengths: [UInt8]
    var codeLengthCount: Int

    private static let order: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        let all = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
        var index = 0
        while index < all.count {
            let value = all[index]
            var run = 1
            while index + run < all.count && all[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    runs.append((18, take - 11))
                    run -= take
                }
                if run >= 3 {
                    runs.append((17, run - 3))
                    run = 0
                }
            } else {
                runs.append((Int(value), 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    runs.append((16, take - 3))
                    run -= take
                }
            }
            for _ in 0..<run { runs.append((Int(value), 0)) }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        if frequencies.filter({ $0 > 0 }).count < 2 {
            frequencies[frequencies[0] == 0 ? 0 : 1] += 1
        }
        codeLengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: 7)
        codeLengthCount = 19
        while codeLengthCount > 4 && codeLengths[Self.order[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }
    }

    var bitCount: Int {
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for run in runs {
            bits += Int(codeLengths[run.symbol])
            bits += run.symbol == 16 ? 2 : run.symbol == 17 ? 3 : run.symbol == 18 ? 7 : 0
        }
        return bits
    }

    func write(to writer: BitWriter) {
        writer.write(literalCount - 257, count: 5)
        writer.write(distanceCount - 1, count: 5)
        writer.write(codeLengthCount - 4, count: 4)
        for index in 0..<codeLengthCount { writer.write(Int(codeLengths[Self.order[index]]), count: 3) }
        let codes = HuffmanCodeBuilder.codes(lengths: codeLengths)
        for run in runs {
            writer.write(Int(codes[run.symbol]), count: Int(codeLengths[run.symbol]))
            switch run.symbol {
            case 16: writer.write(run.extra, count: 2)
            case 17: writer.write(run.extra, count: 3)
            case 18: writer.write(run.extra, count: 7)
            default: break
            }
        }
    }
}
