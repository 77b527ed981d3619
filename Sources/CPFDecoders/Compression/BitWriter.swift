/// Bits written least significant first into bytes, handed over in pieces.
/// The buffer holds one block: the deflater hands it over after each.
final class BitWriter {
    /// Room for the largest block: 16384 symbols of at most 48 bits, or a
    /// stored block of the whole 64 KiB buffer, plus headers.
    static let capacity = 256 * 1024

    private var bits: UInt64 = 0
    private var bitCount = 0
    private var count = 0
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        bytes = .allocate(capacity: Self.capacity + 8)
        bytes.initialize(repeating: 0, count: Self.capacity + 8)
    }

    deinit {
        bytes.deallocate()
    }

    @inline(__always)
    func write(_ value: Int, count width: Int) {
        bits |= UInt64(truncatingIfNeeded: value) << UInt64(bitCount)
        bitCount += width
        if bitCount >= 32 {
            UnsafeMutableRawPointer(bytes + count).storeBytes(of: bits.littleEndian, as: UInt64.self)
            count += 4
            bits >>= 32
            bitCount -= 32
        }
    }

    func alignToByte() {
        if bitCount & 7 != 0 { write(0, count: 8 - bitCount & 7) }
        while bitCount > 0 {
            bytes[count] = UInt8(truncatingIfNeeded: bits)
            count += 1
            bits >>= 8
            bitCount -= 8
        }
    }

    /// Appends whole bytes; the writer must be at a byte boundary.
    func append(_ raw: UnsafeBufferPointer<UInt8>) {
        precondition(bitCount == 0 && count + raw.count <= Self.capacity)
        if let base = raw.baseAddress { (bytes + count).update(from: base, count: raw.count) }
        count += raw.count
    }

    /// Hands the complete bytes over and forgets them; up to 31 bits wait
    /// for the next block.
    func handOver(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard count > 0 else { return }
        try output(UnsafeBufferPointer(start: bytes, count: count))
        count = 0
    }
}
