/// The Windows-1252 code page: bytes 00-7F and A0-FF are the Unicode code
/// points of the same number; 80-9F are the typographic characters Windows
/// put there (`€`, `‚`, `“`, `–`, `Š`…), except the five bytes it leaves
/// undefined (81, 8D, 8F, 90, 9D), read here as the C1 controls of the same
/// number so that every byte round-trips.
///
/// ```swift
/// Windows1252.scalar(for: 0xED)     // "í"
/// Windows1252.scalar(for: 0x80)     // "€"
/// Windows1252.byte(for: "€")        // 0x80
/// Windows1252.byte(for: "ő")        // nil: not in the code page
/// ```
public enum Windows1252 {
    /// The code points of bytes 80-9F.
    static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D,
        0x017E, 0x0178,
    ]

    /// The character `byte` stands for.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func scalar(for byte: UInt8) -> Unicode.Scalar {
        if byte >= 0x80 && byte < 0xA0 {
            return Unicode.Scalar(UInt32(high[Int(byte) - 0x80]))!
        }
        return Unicode.Scalar(byte)
    }

    /// The byte that stands for `scalar`, or nil when the code page has none.
    ///
    /// - Complexity: O(1) (a search of 32 entries for 80-9F).
    public static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value < 0x80 || (value >= 0xA0 && value <= 0xFF) { return UInt8(value) }
        if let index = high.firstIndex(of: UInt16(truncatingIfNeeded: value)), value <= 0xFFFF {
            return UInt8(0x80 + index)
        }
        return nil
    }
}
