/// A streaming DEFLATE compressor (RFC 1951), written from the RFC: LZ77
/// matching through hash chains over a 32 KiB window, and each block sent
/// with whichever of a dynamic Huffman code, the fixed code or no
/// compression (stored) makes it smallest.
///
/// Feed it the data in pieces of any size with `compress(_:output:)` and
/// call ``finish(output:)`` once at the end; the compressed stream comes out
/// in pieces as blocks complete. Memory stays fixed (about 450 KiB) whatever
/// the size of the data.
///
/// ```swift
/// let deflater = Deflater()
/// var stream: [UInt8] = []
/// for piece in pieces {
///     deflater.compress(piece) { stream.append(contentsOf: $0) }
/// }
/// deflater.finish { stream.append(contentsOf: $0) }
/// // Inflater.inflate(stream) gives the pieces back, one after the other.
/// ```
///
/// Matching is greedy: at each position the longest match found in at
/// most ``maximumChainLength`` earlier positions with the same three bytes
/// (8 by default; the search stops early at a match of 32 bytes) is taken.
/// On log text the output is about 5% smaller than `gzip -1`'s, at about
/// three quarters of its speed.
///
/// - Complexity: O(*n* × ``maximumChainLength``) time, O(1) memory.
public final class Deflater {
    /// How many earlier positions are tried for a match, at most.
    public let maximumChainLength: Int
    /// The chain length used unless another is asked for: 8.
    public static let defaultMaximumChainLength = 8

    private static let windowSize = 32768
    private static let bufferSize = 2 * windowSize
    private static let minimumMatch = 3
    private static let maximumMatch = 258
    /// The lookahead kept before a position is matched, unless at the end.
    private static let minimumLookahead = maximumMatch + minimumMatch + 1
    /// The farthest a match may reach back: a little under the window, so
    /// that a chain never follows a slot reused by a newer position.
    private static let maximumDistance = windowSize - minimumLookahead
    private static let hashBits = 15
    private static let symbolCapacity = 16384
    /// A match this long ends the search of the chain: longer ones would
    /// gain little and cost a chain walk each.
    private static let niceLength = 32
    /// Positions inside a match are entered in the hash chains only when the
    /// match is at most this long; long matches are runs a later match finds anyway.
    private static let maximumInsertLength = 16

    private let buffer: UnsafeMutablePointer<UInt8>
    private let head: UnsafeMutablePointer<Int32>
    private let previous: UnsafeMutablePointer<Int32>
    private let symbols: UnsafeMutablePointer<UInt32>
    private var symbolCount = 0
    private var position = 0
    private var end = 0
    private var blockStart = 0
    private var isFinished = false
    private let writer = BitWriter()

    /// Makes a deflater that tries at most `maximumChainLength` earlier
    /// positions for each match (more: smaller output, slower).
    ///
    /// ```swift
    /// let thorough = Deflater(maximumChainLength: 128)
    /// ```
    public init(maximumChainLength: Int = Deflater.defaultMaximumChainLength) {
        self.maximumChainLength = max(1, maximumChainLength)
        buffer = .allocate(capacity: Self.bufferSize + 8)
        buffer.initialize(repeating: 0, count: Self.bufferSize + 8)
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: -1, count: 1 << Self.hashBits)
        previous = .allocate(capacity: Self.windowSize)
        previous.initialize(repeating: -1, count: Self.windowSize)
        symbols = .allocate(capacity: Self.symbolCapacity)
        symbols.initialize(repeating: 0, count: Self.symbolCapacity)
    }

    deinit {
        buffer.deallocate()
        head.deallocate()
        previous.deallocate()
        symbols.deallocate()
    }

    /// Compresses the next piece of data, handing the compressed bytes of
    /// the blocks it completes to `output`.
    ///
    /// ```swift
    /// deflater.compress(Array("CPF 390.533.447-05".utf8)) { file.write($0) }
    /// ```
    ///
    /// - Precondition: ``finish(output:)`` was not called yet.
    /// - Complexity: O(*n*) for *n* bytes, times the chain length.
    public func compress(_ piece: UnsafeBufferPointer<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void)
        rethrows
    {
        precondition(!isFinished, "Deflater.compress after finish")
        var rest = piece
        while !rest.isEmpty {
            if end == Self.bufferSize { try slide(output) }
            let count = min(rest.count, Self.bufferSize - end)
            (buffer + end).update(from: rest.baseAddress!, count: count)
            end += count
            rest = UnsafeBufferPointer(rebasing: rest[count...])
            try match(upTo: end - Self.minimumLookahead, output)
        }
    }

    /// Compresses the next piece of data, as the variant taking an
    /// `UnsafeBufferPointer` does.
    ///
    /// ```swift
    /// deflater.compress([0x61, 0x62, 0x63]) { _ in }
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* bytes, times the chain length.
    public func compress(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows
    {
        let done: Void? = try piece.withContiguousStorageIfAvailable { try compress($0, output: output) }
        if done == nil {
            try Array(piece).withUnsafeBufferPointer { try compress($0, output: output) }
        }
    }

    /// Compresses what is left, ends the stream with its final block and
    /// hands over the rest of the compressed bytes.
    ///
    /// ```swift
    /// deflater.finish { file.write($0) }
    /// ```
    ///
    /// - Precondition: not called before.
    /// - Complexity: O(*n*) in the data still held.
    public func finish(output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        precondition(!isFinished, "Deflater.finish called twice")
        isFinished = true
        try match(upTo: end, output)
        writeBlock(isFinal: true)
        writer.alignToByte()
        try writer.handOver(output)
    }

    /// Compresses `data` into a whole DEFLATE stream.
    ///
    /// ```swift
    /// let stream = Deflater.deflate(Array("abcabcabc".utf8))
    /// ```
    ///
    /// - Complexity: O(*n*) in the size of the data.
    public static func deflate(_ data: [UInt8], maximumChainLength: Int = Deflater.defaultMaximumChainLength) -> [UInt8]
    {
        let deflater = Deflater(maximumChainLength: maximumChainLength)
        var result: [UInt8] = []
        deflater.compress(data) { result.append(contentsOf: $0) }
        deflater.finish { result.append(contentsOf: $0) }
        return result
    }

    // MARK: Matching

    @inline(__always)
    private func hash(at index: Int) -> Int {
        let word = UnsafeRawPointer(buffer + index).loadUnaligned(as: UInt32.self).littleEndian & 0xFF_FFFF
        return Int((word &* 2_654_435_761) >> UInt32(32 - Self.hashBits))
    }

    /// Moves the second half of the buffer to the front, after sending the
    /// current block (whose bytes a stored block would need).
    private func slide(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        writeBlock(isFinal: false)
        try writer.handOver(output)
        let shift = Self.windowSize
        buffer.update(from: buffer + shift, count: Self.bufferSize - shift)
        position -= shift
        end -= shift
        blockStart -= shift
        let offset = Int32(shift)
        // Branch-free, so the loops vectorize: positions before the new
        // start become -1, "no position".
        for slot in 0..<(1 << Self.hashBits) {
            head[slot] = max(head[slot] &- offset, -1)
        }
        for slot in 0..<Self.windowSize {
            previous[slot] = max(previous[slot] &- offset, -1)
        }
    }

    /// Finds matches for the positions up to `limit` (exclusive).
    private func match(upTo limit: Int, _ output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let buffer = self.buffer
        let head = self.head
        let previous = self.previous
        let symbols = self.symbols
        let end = self.end
        let windowMask = Self.windowSize - 1
        var position = self.position
        var symbolCount = self.symbolCount
        defer {
            self.position = position
            self.symbolCount = symbolCount
        }
        while position < limit {
            let available = end - position
            var bestLength = 0
            var bestDistance = 0
            if available >= Self.minimumMatch {
                let slot = hash(at: position)
                var candidate = Int(head[slot])
                previous[position & windowMask] = head[slot]
                head[slot] = Int32(truncatingIfNeeded: position)
                let longest = min(Self.maximumMatch, available)
                var chain = maximumChainLength
                let lowest = position - Self.maximumDistance
                while candidate >= 0 && candidate >= lowest && chain > 0 {
                    // Cheap rejection: the byte that would make the match longer.
                    if bestLength == 0 || buffer[candidate + bestLength] == buffer[position + bestLength] {
                        var length = 0
                        while length + 8 <= longest {
                            let a = UnsafeRawPointer(buffer + candidate + length).loadUnaligned(as: UInt64.self)
                            let b = UnsafeRawPointer(buffer + position + length).loadUnaligned(as: UInt64.self)
                            let difference = (a ^ b).littleEndian
                            if difference != 0 {
                                length += difference.trailingZeroBitCount >> 3
                                break
                            }
                            length += 8
                        }
                        if length + 8 > longest {
                            while length < longest && buffer[candidate + length] == buffer[position + length] {
                                length += 1
                            }
                        }
                        length = min(length, longest)
                        if length > bestLength {
                            bestLength = length
                            bestDistance = position - candidate
                            if length >= Self.niceLength || length == longest { break }
                        }
                    }
                    candidate = Int(previous[candidate & windowMask])
                    chain -= 1
                }
            }
            if bestLength >= Self.minimumMatch && !(bestLength == Self.minimumMatch && bestDistance > 4096) {
                symbols[symbolCount] = 0x8000_0000 | UInt32(bestLength) << 16 | UInt32(bestDistance)
                symbolCount += 1
                let matchEnd = position + bestLength
                position += 1
                if bestLength <= Self.maximumInsertLength {
                    // Later matches may start inside this one.
                    while position < matchEnd {
                        if end - position >= Self.minimumMatch {
                            let slot = hash(at: position)
                            previous[position & windowMask] = head[slot]
                            head[slot] = Int32(truncatingIfNeeded: position)
                        }
                        position += 1
                    }
                } else {
                    position = matchEnd
                }
            } else {
                symbols[symbolCount] = UInt32(buffer[position])
                symbolCount += 1
                position += 1
            }
            if symbolCount == Self.symbolCapacity {
                self.position = position
                self.symbolCount = symbolCount
                writeBlock(isFinal: false)
                try writer.handOver(output)
                symbolCount = 0
            }
        }
    }

    // MARK: Blocks

    /// The length code (257...285) and extra bits of a match length.
    private static let lengthCodes: [UInt16] = {
        var codes = [UInt16](repeating: 0, count: 259)
        let base = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227, 258,
        ]
        for (index, start) in base.enumerated() {
            let stop = index + 1 < base.count ? base[index + 1] : 259
            for length in start..<stop where length <= 258 { codes[length] = UInt16(index) }
        }
        codes[258] = 28
        return codes
    }()
    private static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    @inline(__always)
    private static func distanceCode(_ distance: Int) -> Int {
        // Codes 0-3 are distances 1-4; after that two codes per power of two.
        if distance <= 4 { return distance - 1 }
        let bits = Int.bitWidth - (distance - 1).leadingZeroBitCount  // distance - 1 needs `bits` bits
        let half = ((distance - 1) >> (bits - 2)) & 1
        return 2 * (bits - 1) + half
    }

    private static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    private static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Sends the symbols gathered since the last block as one block (more
    /// when stored), in the cheapest of the three forms.
    private func writeBlock(isFinal: Bool) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        let lengthCodes = Self.lengthCodes
        for index in 0..<symbolCount {
            let symbol = symbols[index]
            if symbol & 0x8000_0000 == 0 {
                literalFrequencies[Int(symbol)] += 1
            } else {
                literalFrequencies[257 + Int(lengthCodes[Int((symbol >> 16) & 0x1FF)])] += 1
                distanceFrequencies[Self.distanceCode(Int(symbol & 0xFFFF))] += 1
            }
        }
        literalFrequencies[256] = 1

        // Dynamic code; both codes made complete (at least two symbols each),
        // which every inflater accepts.
        var dynamicLiteralFrequencies = literalFrequencies
        if dynamicLiteralFrequencies.filter({ $0 > 0 }).count < 2 { dynamicLiteralFrequencies[0] += 1 }
        var dynamicDistanceFrequencies = distanceFrequencies
        for code in 0..<2 where dynamicDistanceFrequencies.filter({ $0 > 0 }).count < 2 {
            if dynamicDistanceFrequencies[code] == 0 { dynamicDistanceFrequencies[code] = 1 }
        }
        let literalLengths = HuffmanCodeBuilder.lengths(frequencies: dynamicLiteralFrequencies, limit: 15)
        let distanceLengths = HuffmanCodeBuilder.lengths(frequencies: dynamicDistanceFrequencies, limit: 15)
        let header = DynamicBlockHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

        var extraBits = 0
        for code in 0..<29 { extraBits += literalFrequencies[257 + code] * Self.lengthExtra[code] }
        for code in 0..<30 { extraBits += distanceFrequencies[code] * Self.distanceExtra[code] }
        func cost(_ literal: [UInt8], _ distance: [UInt8]) -> Int {
            var bits = extraBits
            for symbol in 0..<286 { bits += literalFrequencies[symbol] * Int(literal[symbol]) }
            for symbol in 0..<30 { bits += distanceFrequencies[symbol] * Int(distance[symbol]) }
            return bits
        }
        let dynamicCost = 3 + header.bitCount + cost(literalLengths, distanceLengths)
        let fixedCost = 3 + cost(Self.fixedLiteralLengths, Self.fixedDistanceLengths)
        let byteCount = position - blockStart
        let storedCost = (max(1, (byteCount + 65534) / 65535) * 5 + byteCount) * 8 + 7

        if storedCost <= min(fixedCost, dynamicCost) {
            writeStored(isFinal: isFinal)
        } else if fixedCost <= dynamicCost {
            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(1, count: 2)
            writeSymbols(
                literal: HuffmanCodeBuilder.codes(lengths: Self.fixedLiteralLengths),
                distance: HuffmanCodeBuilder.codes(lengths: Self.fixedDistanceLengths),
                literalLengths: Self.fixedLiteralLengths, distanceLengths: Self.fixedDistanceLengths)
        } else {
            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(2, count: 2)
            header.write(to: writer)
            writeSymbols(
                literal: HuffmanCodeBuilder.codes(lengths: literalLengths),
                distance: HuffmanCodeBuilder.codes(lengths: distanceLengths),
                literalLengths: literalLengths, distanceLengths: distanceLengths)
        }
        symbolCount = 0
        blockStart = position
    }

    private func writeStored(isFinal: Bool) {
        var start = blockStart
        repeat {
            let count = min(65535, position - start)
            let last = start + count == position
            writer.write(isFinal && last ? 1 : 0, count: 1)
            writer.write(0, count: 2)
            writer.alignToByte()
            writer.write(count, count: 16)
            writer.write(~count & 0xFFFF, count: 16)
            writer.append(UnsafeBufferPointer(start: buffer + start, count: count))
            start += count
        } while start < position
    }

    private func writeSymbols(literal: [UInt16], distance: [UInt16], literalLengths: [UInt8], distanceLengths: [UInt8])
    {
        let lengthCodes = Self.lengthCodes
        let writer = self.writer
        let symbols = self.symbols
        let symbolCount = self.symbolCount
        let lengthBase = Self.lengthBase
        let lengthExtra = Self.lengthExtra
        let distanceBase = Self.distanceBase
        let distanceExtra = Self.distanceExtra
        for index in 0..<symbolCount {
            let symbol = symbols[index]
            if symbol & 0x8000_0000 == 0 {
                writer.write(Int(literal[Int(symbol)]), count: Int(literalLengths[Int(symbol)]))
                continue
            }
            let length = Int((symbol >> 16) & 0x1FF)
            let lengthCode = Int(lengthCodes[length])
            writer.write(Int(literal[257 + lengthCode]), count: Int(literalLengths[257 + lengthCode]))
            writer.write(length - lengthBase[lengthCode], count: lengthExtra[lengthCode])
            let distanceValue = Int(symbol & 0xFFFF)
            let code = Self.distanceCode(distanceValue)
            writer.write(Int(distance[code]), count: Int(distanceLengths[code]))
            writer.write(distanceValue - distanceBase[code], count: distanceExtra[code])
        }
        writer.write(Int(literal[256]), count: Int(literalLengths[256]))
    }
}
