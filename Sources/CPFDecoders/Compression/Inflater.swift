/// A streaming DEFLATE decompressor (RFC 1951: stored, fixed and dynamic
/// Huffman blocks), written from the RFC.
///
/// Feed it the compressed input in pieces of any size with
/// `decompress(_:output:)`; it hands the output to your closure in pieces
/// as it goes, and keeps only the 32 KiB window RFC 1951 needs, a 256 KiB
/// output buffer and the bytes of a piece it could not decode yet (at most
/// a block header's few hundred). Call ``finish()`` when the input ends: a
/// stream cut short throws ``InflateError/truncatedInput``. The output is
/// checked against ``limits`` as it grows.
///
/// ```swift
/// let inflater = Inflater()
/// var text: [UInt8] = []
/// for piece in pieces {
///     try inflater.decompress(piece) { text.append(contentsOf: $0) }
/// }
/// try inflater.finish()
/// let rest = inflater.takeTrailingBytes()   // input after the final block
/// ```
///
/// The input after the end of the final block is kept, not decoded: a gzip
/// member's trailer, or the next member; take it with
/// ``takeTrailingBytes()`` (it is held until then). After an error the
/// inflater can only be ``reset()``. An `Inflater` is a reference type
/// because it owns its buffers; use one per stream and thread.
///
/// - Complexity: O(*n*) time in the sizes of input and output, O(1) memory.
public final class Inflater {
    /// The limits the output is checked against: the total of every stream
    /// since the inflater was made, across ``reset()``.
    public let limits: DecompressionLimits

    private enum State: Equatable {
        case blockHeader
        case stored(remaining: Int)
        case huffman
        case done
    }

    private static let windowSize = 32768
    /// The history kept plus the output made between two hand-overs.
    private static let bufferCapacity = 256 * 1024
    /// A whole match (258 bytes) fits below this point, plus the 8 bytes a
    /// word-wide copy may write beyond its end.
    private static let bufferSlack = 8

    private var state = State.blockHeader
    private var isFinalBlock = false
    private var tablesAreFixed = false

    private var input: UnsafeMutablePointer<UInt8>
    private var inputCapacity = 4096
    private var inputCount = 0
    private var inputPosition = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    private let window: UnsafeMutablePointer<UInt8>
    private var outputPosition = 0
    private var handedOverUpTo = 0

    private var totalInput = 0
    private var totalHandedOver = 0

    private let literalLengths = HuffmanTable(maximumSymbols: 288)
    private let distances = HuffmanTable(maximumSymbols: 32)
    private let codeLengths = HuffmanTable(maximumSymbols: 19)
    private let lengths: UnsafeMutablePointer<UInt8> = .allocate(capacity: 320)

    /// Makes an inflater whose output is checked against `limits`.
    ///
    /// ```swift
    /// let inflater = Inflater(limits: .init(maximumOutputSize: 1 << 30, maximumRatio: 100, ratioAllowance: 1 << 20))
    /// ```
    public init(limits: DecompressionLimits = .default) {
        self.limits = limits
        input = .allocate(capacity: inputCapacity)
        window = .allocate(capacity: Self.bufferCapacity + Self.bufferSlack)
        window.initialize(repeating: 0, count: Self.bufferCapacity + Self.bufferSlack)
        lengths.initialize(repeating: 0, count: 320)
    }

    deinit {
        input.deallocate()
        window.deallocate()
        literalLengths.deallocate()
        distances.deallocate()
        codeLengths.deallocate()
        lengths.deallocate()
    }

    /// Whether the final block has ended: the stream is complete.
    public var isFinished: Bool { state == .done }

    /// The bytes of output handed over since the last ``reset()``.
    public private(set) var outputCount = 0

    /// Starts a new stream (the next member of a gzip file), keeping the
    /// buffers and the totals ``limits`` apply to. Input after the end of
    /// the previous stream is dropped: take it first with
    /// ``takeTrailingBytes()``.
    ///
    /// - Complexity: O(1).
    public func reset() {
        state = .blockHeader
        isFinalBlock = false
        inputCount = 0
        inputPosition = 0
        bitBuffer = 0
        bitCount = 0
        outputPosition = 0
        handedOverUpTo = 0
        outputCount = 0
    }

    /// Decompresses the next piece of input, handing every byte of output it
    /// makes to `output` (in one or more calls) before it returns. After the
    /// end of the stream, input is only kept, for ``takeTrailingBytes()``.
    ///
    /// ```swift
    /// try inflater.decompress(piece) { decoded in sink.write(decoded) }
    /// ```
    ///
    /// Throws an ``InflateError`` for input that is not DEFLATE (after
    /// handing over the output decoded before the error), a
    /// ``DecompressionLimitError`` when a limit is broken, and what `output`
    /// throws.
    ///
    /// - Complexity: O(*n* + *m*) for *n* bytes of input and *m* of output.
    public func decompress(_ piece: UnsafeBufferPointer<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void)
        throws
    {
        appendInput(piece)
        if state == .done { return }
        totalInput += piece.count
        do {
            try run(output)
        } catch let error as InflateError {
            // What was decoded before the error is handed over all the same:
            // whatever the piece sizes, the caller sees the same output.
            try handOver(output)
            throw error
        }
        try handOver(output)
        unreadWholeBytes()
    }

    /// Decompresses the next piece of input; as the variant taking an
    /// `UnsafeBufferPointer` does.
    ///
    /// ```swift
    /// try inflater.decompress([0x03, 0x00]) { _ in }   // an empty final block
    /// ```
    ///
    /// - Complexity: O(*n* + *m*) for *n* bytes of input and *m* of output.
    public func decompress(_ piece: some Collection<UInt8>, output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws
    {
        let done: Void? = try piece.withContiguousStorageIfAvailable { try decompress($0, output: output) }
        if done == nil {
            try Array(piece).withUnsafeBufferPointer { try decompress($0, output: output) }
        }
    }

    /// Says that the input has ended: throws ``InflateError/truncatedInput``
    /// unless the final block ended.
    ///
    /// - Complexity: O(1).
    public func finish() throws(InflateError) {
        if state != .done { throw .truncatedInput }
    }

    /// The input given after the end of the final block, which is no part
    /// of the stream; it is removed from the inflater.
    ///
    /// - Complexity: O(*n*) in the number of those bytes.
    public func takeTrailingBytes() -> [UInt8] {
        guard state == .done else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: input + inputPosition, count: inputCount - inputPosition))
        inputPosition = inputCount
        return bytes
    }

    /// Decompresses a whole DEFLATE stream held in memory; the bytes after
    /// its end are ignored.
    ///
    /// ```swift
    /// let text = try Inflater.inflate([0x4b, 0x4c, 0x4a, 0x06, 0x00])   // "abc"
    /// ```
    ///
    /// - Complexity: O(*n*) in the sizes of input and output.
    public static func inflate(_ stream: [UInt8], limits: DecompressionLimits = .default) throws -> [UInt8] {
        let inflater = Inflater(limits: limits)
        var result: [UInt8] = []
        try inflater.decompress(stream) { result.append(contentsOf: $0) }
        try inflater.finish()
        return result
    }

    // MARK: Input

    private func appendInput(_ piece: UnsafeBufferPointer<UInt8>) {
        let kept = inputCount - inputPosition
        if inputPosition > 0 {
            if kept > 0 { input.update(from: input + inputPosition, count: kept) }
            inputPosition = 0
            inputCount = kept
        }
        if kept + piece.count > inputCapacity {
            var capacity = inputCapacity
            while capacity < kept + piece.count { capacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.initialize(from: input, count: kept)
            input.deallocate()
            input = grown
            inputCapacity = capacity
        }
        if let base = piece.baseAddress, piece.count > 0 {
            (input + inputCount).initialize(from: base, count: piece.count)
            inputCount += piece.count
        }
    }

    /// Gives the whole bytes held in the bit buffer back to the input, so
    /// that between calls fewer than 8 bits are held and the input buffer
    /// can drop everything before `inputPosition`.
    private func unreadWholeBytes() {
        let whole = bitCount >> 3
        inputPosition -= whole
        bitCount &= 7
        bitBuffer &= (1 << UInt64(bitCount)) - 1
    }

    /// Adds input bytes to the bit buffer, a byte at a time, until it holds
    /// more than 56 bits or the input runs out.
    private func refill() {
        while bitCount <= 56 && inputPosition < inputCount {
            bitBuffer |= UInt64(input[inputPosition]) << UInt64(bitCount)
            inputPosition += 1
            bitCount += 8
        }
    }

    /// Whether `count` bits are available (after a refill).
    private func need(_ count: Int) -> Bool {
        if bitCount < count { refill() }
        return bitCount >= count
    }

    private func take(_ count: Int) -> Int {
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    // MARK: Output

    /// Hands over the output made since the last hand-over, after checking it
    /// against the limits.
    private func handOver(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let count = outputPosition - handedOverUpTo
        guard count > 0 else { return }
        try limits.check(output: totalHandedOver + count, input: totalInput)
        try output(UnsafeBufferPointer(start: window + handedOverUpTo, count: count))
        totalHandedOver += count
        outputCount += count
        handedOverUpTo = outputPosition
    }

    /// Hands over the output and moves the last 32 KiB to the front of the
    /// buffer, where back-references find them.
    private func slideWindow(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try handOver(output)
        let kept = min(outputPosition, Self.windowSize)
        window.update(from: window + outputPosition - kept, count: kept)
        outputPosition = kept
        handedOverUpTo = kept
    }

    // MARK: Blocks

    private func run(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        while true {
            switch state {
            case .done:
                return
            case .blockHeader:
                guard try readBlockHeader() else { return }
            case .stored(let remaining):
                if remaining == 0 {
                    endBlock()
                    continue
                }
                if outputPosition == Self.bufferCapacity { try slideWindow(output) }
                let count = min(remaining, Self.bufferCapacity - outputPosition, inputCount - inputPosition)
                if count == 0 { return }
                (window + outputPosition).update(from: input + inputPosition, count: count)
                outputPosition += count
                inputPosition += count
                state = .stored(remaining: remaining - count)
            case .huffman:
                guard try decodeHuffmanBlock(output) else { return }
                endBlock()
            }
        }
    }

    private func endBlock() {
        if isFinalBlock {
            state = .done
            bitBuffer >>= UInt64(bitCount & 7)
            bitCount -= bitCount & 7
            unreadWholeBytes()
        } else {
            state = .blockHeader
        }
    }

    /// Reads a block header; false (with nothing consumed) when the input
    /// ends before the header does.
    private func readBlockHeader() throws(InflateError) -> Bool {
        let saved = (bitBuffer, bitCount, inputPosition)
        func rollBack() -> Bool {
            (bitBuffer, bitCount, inputPosition) = saved
            return false
        }
        guard need(3) else { return rollBack() }
        let header = take(3)
        let final = header & 1 == 1
        switch header >> 1 {
        case 0:
            _ = take(bitCount & 7)
            guard need(32) else { return rollBack() }
            let length = take(16)
            let complement = take(16)
            if length != ~complement & 0xFFFF {
                throw .storedLengthMismatch(length: length, complement: complement)
            }
            unreadWholeBytes()
            state = .stored(remaining: length)
        case 1:
            if !tablesAreFixed {
                buildFixedTables()
                tablesAreFixed = true
            }
            state = .huffman
        case 2:
            guard try readDynamicTables() else { return rollBack() }
            tablesAreFixed = false
            state = .huffman
        default:
            throw .invalidBlockType
        }
        isFinalBlock = final
        return true
    }

    /// The fixed code of RFC 1951, 3.2.6.
    private func buildFixedTables() {
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
    private func readDynamicTables() throws(InflateError) -> Bool {
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

    /// Decodes the symbols of a Huffman block until its end (true) or until
    /// the input runs out (false; the last, incomplete symbol is left unread).
    private func decodeHuffmanBlock(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        let lengthBase = Self.lengthBase
        let lengthExtra = Self.lengthExtra
        let distanceBase = Self.distanceBase
        let distanceExtra = Self.distanceExtra
        let literalLengths = self.literalLengths
        let distances = self.distances
        let window = self.window
        let input = self.input
        let inputCount = self.inputCount
        var bits = bitBuffer
        var count = bitCount
        var position = inputPosition
        var out = outputPosition
        defer {
            bitBuffer = bits
            bitCount = count
            inputPosition = position
            outputPosition = out
        }
        while true {
            if out > Self.bufferCapacity - 258 {
                outputPosition = out
                try slideWindow(output)
                out = outputPosition
            }
            let saved = (bits, count, position)
            // Refill: eight bytes at once while the input has them; bits above
            // `count` then hold the next input bits, which later refills OR in
            // again unchanged.
            if inputCount - position >= 8 {
                bits |= UnsafeRawPointer(input + position).loadUnaligned(as: UInt64.self).littleEndian << UInt64(count)
                position += (63 - count) >> 3
                count |= 56
            } else {
                while count <= 56 && position < inputCount {
                    bits |= UInt64(input[position]) << UInt64(count)
                    position += 1
                    count += 8
                }
            }
            var (symbol, length) = literalLengths.decode(bits, available: count)
            if length > 15 {
                if length == 16 { throw InflateError.invalidCode }
                (bits, count, position) = saved
                return false
            }
            bits >>= UInt64(length)
            count -= length
            if symbol < 256 {
                window[out] = UInt8(truncatingIfNeeded: symbol)
                out += 1
                continue
            }
            if symbol == 256 { return true }
            symbol -= 257
            if symbol >= 29 { throw InflateError.invalidLengthSymbol(symbol + 257) }
            let extra = lengthExtra[symbol]
            if extra > count {
                (bits, count, position) = saved
                return false
            }
            let matchLength = lengthBase[symbol] + Int(bits & ((1 << UInt64(extra)) - 1))
            bits >>= UInt64(extra)
            count -= extra

            let (distanceSymbol, distanceLength) = distances.decode(bits, available: count)
            if distanceLength > 15 {
                if distanceLength == 16 { throw InflateError.invalidCode }
                (bits, count, position) = saved
                return false
            }
            bits >>= UInt64(distanceLength)
            count -= distanceLength
            if distanceSymbol >= 30 { throw InflateError.invalidDistanceSymbol(distanceSymbol) }
            let dExtra = distanceExtra[distanceSymbol]
            if dExtra > count {
                (bits, count, position) = saved
                return false
            }
            let distance = distanceBase[distanceSymbol] + Int(bits & ((1 << UInt64(dExtra)) - 1))
            bits >>= UInt64(dExtra)
            count -= dExtra
            if distance > out {
                throw InflateError.distanceTooFarBack(distance: distance, available: out)
            }
            var from = window + out - distance
            var to = window + out
            out += matchLength
            if distance >= 8 {
                // Eight bytes at a time; each word is read after the bytes it
                // repeats were written, since they are 8 or more behind.
                let end = to + matchLength
                repeat {
                    UnsafeMutableRawPointer(to).storeBytes(
                        of: UnsafeRawPointer(from).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    to += 8
                    from += 8
                } while to < end
            } else {
                for _ in 0..<matchLength {
                    to.pointee = from.pointee
                    to += 1
                    from += 1
                }
            }
        }
    }
}
