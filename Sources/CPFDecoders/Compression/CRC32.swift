/// The CRC-32 of gzip, zip and PNG (ISO 3309, ITU-T V.42: the reflected
/// polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF), computed
/// incrementally over pieces of input.
///
/// Its check value is `0xCBF43926`, the CRC of the ASCII text `123456789`:
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("1234".utf8))
/// crc.update(Array("56789".utf8))
/// print(crc.value == 0xCBF4_3926)       // true
/// print(CRC32.checksum(of: Array("123456789".utf8)) == 0xCBF4_3926)   // true
/// ```
///
/// The bytes are taken eight at a time through eight tables ("slicing by
/// eight"), computed once from the polynomial.
public struct CRC32: Hashable, Sendable {
    /// The running register, before the final XOR.
    @usableFromInline
    internal var register: UInt32 = 0xFFFF_FFFF

    /// A CRC of no bytes yet.
    public init() {}

    /// The CRC of the bytes given so far.
    public var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// Adds `bytes` to the checksummed input.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        var crc = register
        CRC32Tables.shared.tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            while remaining >= 8 {
                let low =
                    UInt32(pointer[0]) | UInt32(pointer[1]) << 8 | UInt32(pointer[2]) << 16 | UInt32(pointer[3]) << 24
                let high =
                    UInt32(pointer[4]) | UInt32(pointer[5]) << 8 | UInt32(pointer[6]) << 16 | UInt32(pointer[7]) << 24
                let word = crc ^ low
                crc =
                    t[7 * 256 + Int(word & 0xFF)] ^ t[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((word >> 16) & 0xFF)] ^ t[4 * 256 + Int(word >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                pointer += 8
                remaining -= 8
            }
            while remaining > 0 {
                crc = t[Int((crc ^ UInt32(pointer.pointee)) & 0xFF)] ^ (crc >> 8)
                pointer += 1
                remaining -= 1
            }
        }
        register = crc
    }

    /// Adds `bytes` to the checksummed input.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update($0) }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { update($0) }
        }
    }

    /// The CRC-32 of `bytes`.
    ///
    /// ```swift
    /// CRC32.checksum(of: Array("123456789".utf8))   // 0xCBF43926
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func checksum(of bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}

/// The eight 256-entry tables of slicing by eight: table 0 is the classic
/// byte-at-a-time table of the reflected polynomial; table k advances an
/// entry of table k − 1 by one more zero byte.
struct CRC32Tables: Sendable {
    static let shared = CRC32Tables()

    /// Eight tables of 256 entries, one after the other.
    let tables: [UInt32]

    init() {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        self.tables = tables
    }
}
