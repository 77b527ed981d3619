/// The layout the masks of ``CPFMask`` and ``CNPJMask`` share: the
/// characters one after another, and before a character, the separator the
/// mask has at that position, if any; a separator is written only once a
/// character follows it.
@usableFromInline
enum MaskLayout {
    /// How long a mask laid out by `separator` is with `count` characters
    /// typed: where the caret stands after typing them.
    ///
    /// ```swift
    /// MaskLayout.maskedLength(of: 4, separator: CPFMask.separator(at:))   // 5: "390.5|"
    /// ```
    ///
    /// - Complexity: O(*count*).
    @inlinable
    static func maskedLength(of count: Int, separator: (Int) -> UInt8?) -> Int {
        var length = 0
        for _ in 0..<count {
            if separator(length) != nil { length += 1 }
            length += 1
        }
        return length
    }
}
