/// A compressed or archive format the decoders do not read, known by the
/// magic bytes at the start of a file (whatever its name): a file in one
/// of them cannot be searched, and is to be reported as such rather than
/// scanned as if its compressed bytes were text.
///
/// ```swift
/// UnreadFormat.detect([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00])   // .xz
/// UnreadFormat.detect(Array("BZh91AY&SY".utf8))              // .bzip2
/// UnreadFormat.detect(Array("plain text".utf8))              // nil
/// ```
public enum UnreadFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// xz: `FD 37 7A 58 5A 00`.
    case xz
    /// bzip2: `BZh` and the block size, a digit 1 to 9.
    case bzip2
    /// Zstandard: `28 B5 2F FD`.
    case zstd
    /// LZ4 frame: `04 22 4D 18`.
    case lz4
    /// lzip: `LZIP`.
    case lzip
    /// Unix compress (LZW, `.Z`): `1F 9D`.
    case compress
    /// 7-Zip: `37 7A BC AF 27 1C`.
    case sevenZip
    /// RAR: `Rar!` `1A 07`.
    case rar
    /// zip: `PK 03 04` (a local file header), or `PK 05 06` (an empty archive).
    case zip

    /// The format's usual name: `xz`, `bzip2`, `zstd`, `lz4`, `lzip`,
    /// `compress`, `7z`, `rar`, `zip`.
    public var description: String { self == .sevenZip ? "7z" : rawValue }

    /// The format whose magic bytes `prefix` starts with, or nil.
    ///
    /// ```swift
    /// UnreadFormat.detect([0x28, 0xB5, 0x2F, 0xFD, 0x04])   // .zstd
    /// ```
    ///
    /// - Complexity: O(1).
    public static func detect(_ prefix: some Collection<UInt8>) -> UnreadFormat? {
        // The first six bytes, the first lowest: no allocation per file.
        var head: UInt64 = 0
        var count = 0
        for byte in prefix.prefix(6) {
            head |= UInt64(byte) << UInt64(8 * count)
            count += 1
        }
        for (magic, length, format) in magics where count >= length {
            guard head & (UInt64(1) << UInt64(8 * length) &- 1) == magic else { continue }
            if format == .bzip2 {
                // The block size after `BZh`: a digit 1 to 9.
                guard count > 3, UInt8(truncatingIfNeeded: head >> 24) &- 0x31 < 9 else { continue }
            }
            return format
        }
        return nil
    }

    /// Each format's magic bytes as a number (the first byte lowest) and
    /// their count, in the order they are tried.
    private static let magics: [(magic: UInt64, length: Int, format: UnreadFormat)] = [
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], UnreadFormat.xz),
        ([0x42, 0x5A, 0x68], .bzip2),
        ([0x28, 0xB5, 0x2F, 0xFD], .zstd),
        ([0x04, 0x22, 0x4D, 0x18], .lz4),
        ([0x4C, 0x5A, 0x49, 0x50], .lzip),
        ([0x1F, 0x9D], .compress),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], .sevenZip),
        ([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07], .rar),
        ([0x50, 0x4B, 0x03, 0x04], .zip),
        ([0x50, 0x4B, 0x05, 0x06], .zip),
    ].map { bytes, format in
        (bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }, bytes.count, format)
    }
}
