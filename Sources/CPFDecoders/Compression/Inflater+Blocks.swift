// The blocks of a DEFLATE stream (RFC 1951, 3.2.3): each block's header
// read, a stored block copied, a Huffman block decoded, until the final
// block ends.

extension Inflater {
    func run(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
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
}
