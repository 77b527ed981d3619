// The symbols of a Huffman block decoded (RFC 1951, 3.2.5): literals,
// and lengths with distances copied from the window, eight bytes at a
// time where they do not overlap; the hot loop of the Inflater, on local
// copies of its state.

extension Inflater {
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
    func decodeHuffmanBlock(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
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
