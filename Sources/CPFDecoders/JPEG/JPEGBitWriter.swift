/// Writes the bits of a scan's entropy-coded data (T.81 F.1.2.3): each
/// 0xFF byte is followed by a stuffed 0x00, and a byte is finished with
/// 1-bits before a marker.
///
/// ```swift
/// var writer = JPEGBitWriter()
/// writer.write(0b101, count: 3)
/// writer.finishByte()
/// writer.bytes   // [0xBF]
/// ```
struct JPEGBitWriter {
    /// The bytes written.
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `bits` (0 to 32), highest first.
    @inline(__always)
    mutating func write(_ bits: UInt32, count: Int) {
        guard count > 0 else { return }
        buffer = buffer << UInt64(count) | UInt64(bits) & ((1 << UInt64(count)) - 1)
        self.count += count
        while self.count >= 8 {
            self.count -= 8
            let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(self.count))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
        }
    }

    /// Fills the last byte with 1-bits.
    mutating func finishByte() {
        if count > 0 { write(0xFF, count: 8 - count) }
    }

    /// Finishes the byte, then appends marker RST`number`.
    mutating func restartMarker(_ number: Int) {
        finishByte()
        bytes.append(0xFF)
        bytes.append(0xD0 + UInt8(number & 7))
    }
}
