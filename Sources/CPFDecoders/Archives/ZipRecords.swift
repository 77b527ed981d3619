/// The fixed parts of the zip format (PKWARE APPNOTE 6.3.10) the reader
/// and the rewriter share: record signatures and sizes, little-endian
/// fields, and the zip64 extended information extra field (0x0001).
enum ZipRecords {
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endSignature: UInt32 = 0x0605_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let dataDescriptorSignature: UInt32 = 0x0807_4B50

    static let localHeaderSize = 30
    static let centralHeaderSize = 46
    static let endSize = 22
    static let zip64EndSize = 56
    static let zip64LocatorSize = 20
    /// The zip64 extended information extra field's header ID.
    static let zip64ExtraID: UInt16 = 0x0001

    /// The size of the slices member data is read and copied in.
    static let sliceSize = 64 << 10

    /// Reads little-endian fields from `bytes`; every read past the end
    /// gives nil, so a damaged record can never trap.
    struct Reader {
        let bytes: [UInt8]
        var position: Int

        init(_ bytes: [UInt8], at position: Int = 0) {
            self.bytes = bytes
            self.position = position
        }

        mutating func u16() -> UInt16? {
            guard position >= 0, position + 2 <= bytes.count else { return nil }
            defer { position += 2 }
            return UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
        }

        mutating func u32() -> UInt32? {
            guard let low = u16(), let high = u16() else { return nil }
            return UInt32(low) | UInt32(high) << 16
        }

        mutating func u64() -> UInt64? {
            guard let low = u32(), let high = u32() else { return nil }
            return UInt64(low) | UInt64(high) << 32
        }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, position >= 0, position + count <= bytes.count else { return nil }
            defer { position += count }
            return Array(bytes[position..<position + count])
        }
    }

    static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        append16(UInt16(truncatingIfNeeded: value), to: &bytes)
        append16(UInt16(truncatingIfNeeded: value >> 16), to: &bytes)
    }

    static func append64(_ value: UInt64, to bytes: inout [UInt8]) {
        append32(UInt32(truncatingIfNeeded: value), to: &bytes)
        append32(UInt32(truncatingIfNeeded: value >> 32), to: &bytes)
    }

    /// The data of the first extra field block with header ID `id` in
    /// `extra`, or nil (also when the blocks are malformed before it).
    static func extraBlock(_ id: UInt16, in extra: [UInt8]) -> [UInt8]? {
        var reader = Reader(extra)
        while let header = reader.u16(), let length = reader.u16() {
            guard let data = reader.bytes(Int(length)) else { return nil }
            if header == id { return data }
        }
        return nil
    }

    /// `extra` with its first block of header ID `id` replaced by `block`
    /// (a whole block, header included; empty to remove it) where it
    /// stands, and any later blocks of that ID removed; `block` goes first
    /// when there was none.
    static func replacingExtraBlock(_ id: UInt16, in extra: [UInt8], with block: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var placed = false
        var reader = Reader(extra)
        while true {
            let start = reader.position
            guard let header = reader.u16(), let length = reader.u16(), reader.bytes(Int(length)) != nil else {
                result += extra[start...]
                return placed ? result : block + result
            }
            if header != id {
                result += extra[start..<reader.position]
            } else if !placed {
                result += block
                placed = true
            }
        }
    }

    /// A zip64 extended information block (header included) holding `values` in order.
    static func zip64Block(_ values: [UInt64]) -> [UInt8] {
        var block: [UInt8] = []
        append16(zip64ExtraID, to: &block)
        append16(UInt16(values.count * 8), to: &block)
        for value in values { append64(value, to: &block) }
        return block
    }
}
