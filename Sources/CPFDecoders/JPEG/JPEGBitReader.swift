/// Reads the bits of a scan's entropy-coded data (T.81 F.2.2.5): a 0x00
/// after 0xFF is a stuffed byte and dropped, 0xFF bytes before a marker are
/// fill, and a marker ends the bits until ``restart(expecting:)`` passes it.
///
/// Past the last real bit the reader shows 0-bits to a lookahead but
/// refuses to consume them, so a truncated scan is an error, not garbage.
///
/// ```swift
/// var reader = JPEGBitReader(bytes: buffer, start: dataStart, end: dataEnd)
/// let symbol = try reader.decode(with: table)
/// let value = try reader.receiveExtended(symbol)
/// ```
struct JPEGBitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to load.
    private(set) var position: Int
    /// Where the scan's data ends (its terminating marker).
    let end: Int
    /// The bits loaded, the next one highest.
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` are real.
    private var count = 0
    /// Whether loading stopped at a marker.
    private var atMarker = false

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// Loads bytes until 57 bits or more are held, a marker or the end.
    @inline(__always)
    private mutating func fill() {
        while count <= 56 && !atMarker && position < end {
            let byte = bytes[position]
            if byte == 0xFF {
                var next = position + 1
                while next < end && bytes[next] == 0xFF { next += 1 }
                guard next < end, bytes[next] == 0x00 else {
                    atMarker = true
                    return
                }
                position = next + 1
            } else {
                position += 1
            }
            buffer |= UInt64(byte) << UInt64(56 - count)
            count += 8
        }
    }

    /// The symbol whose code comes next in `table`.
    @inline(__always)
    mutating func decode(with table: JPEGHuffmanTable) throws(JPEGError) -> UInt8 {
        if count < 16 { fill() }
        guard let (symbol, length) = table.decode(UInt32(truncatingIfNeeded: buffer >> 48)) else {
            throw .corruptScan("bits that match no Huffman code")
        }
        guard length <= count else { throw .corruptScan("data ends inside a block") }
        buffer <<= UInt64(length)
        count -= length
        return symbol
    }

    /// The next `size` bits (0 to 16) as a signed value (T.81 F.2.2.1,
    /// RECEIVE then EXTEND).
    @inline(__always)
    mutating func receiveExtended(_ size: Int) throws(JPEGError) -> Int {
        guard size > 0 else { return 0 }
        if count < size { fill() }
        guard size <= count else { throw .corruptScan("data ends inside a block") }
        let value = Int(truncatingIfNeeded: buffer >> UInt64(64 - size))
        buffer <<= UInt64(size)
        count -= size
        return value < 1 << (size - 1) ? value - (1 << size) + 1 : value
    }

    /// Drops the bits left of the interval, then passes restart marker
    /// RST`number` (T.81 F.2.2.5); any other marker, or none, throws.
    mutating func restart(expecting number: Int) throws(JPEGError) {
        buffer = 0
        count = 0
        atMarker = false
        // Skip what an encoder left before the marker, stuffed bytes included.
        while position < end {
            if bytes[position] == 0xFF {
                var next = position + 1
                while next < end && bytes[next] == 0xFF { next += 1 }
                guard next < end else { break }
                if bytes[next] != 0x00 {
                    guard bytes[next] == 0xD0 + UInt8(number & 7) else {
                        throw .corruptScan("restart marker out of sequence")
                    }
                    position = next + 1
                    return
                }
                position = next + 1
            } else {
                position += 1
            }
        }
        throw .corruptScan("restart marker missing")
    }
}
