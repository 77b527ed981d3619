// The input of an Inflater: the pieces it is given kept until decoded,
// and read a few bits at a time, least significant first, through a
// 64-bit buffer.

extension Inflater {
    func appendInput(_ piece: UnsafeBufferPointer<UInt8>) {
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
    func unreadWholeBytes() {
        let whole = bitCount >> 3
        inputPosition -= whole
        bitCount &= 7
        bitBuffer &= (1 << UInt64(bitCount)) - 1
    }

    /// Adds input bytes to the bit buffer, a byte at a time, until it holds
    /// more than 56 bits or the input runs out.
    func refill() {
        while bitCount <= 56 && inputPosition < inputCount {
            bitBuffer |= UInt64(input[inputPosition]) << UInt64(bitCount)
            inputPosition += 1
            bitCount += 8
        }
    }

    /// Whether `count` bits are available (after a refill).
    func need(_ count: Int) -> Bool {
        if bitCount < count { refill() }
        return bitCount >= count
    }

    func take(_ count: Int) -> Int {
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }
}
