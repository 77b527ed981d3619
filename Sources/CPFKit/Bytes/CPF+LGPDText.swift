extension CPF {
    /// `text` as a diagnostic may show it: the digits the LGPD form hides
    /// turned into `*` (the first three and the last two of its digits;
    /// all of them when it has five or fewer), every other byte kept. For a
    /// CPF in any form it is ``CPF/lgpdMasked``'s form as written, so a report
    /// says which value it is about without holding a CPF in clear.
    ///
    /// ```swift
    /// Array("390.533.447-00".utf8).withUnsafeBytes { String(decoding: CPF.lgpdHidingDigits($0), as: UTF8.self) }
    /// // "***.533.447-**"
    /// Array("N/A".utf8).withUnsafeBytes { String(decoding: CPF.lgpdHidingDigits($0), as: UTF8.self) }
    /// // "N/A"
    /// ```
    package static func lgpdHidingDigits(_ text: UnsafeRawBufferPointer) -> [UInt8] {
        var digitCount = 0
        for byte in text where byte &- 0x30 < 10 { digitCount += 1 }
        var result = [UInt8]()
        result.reserveCapacity(text.count)
        var index = 0
        for byte in text {
            if byte &- 0x30 < 10 {
                result.append(index < 3 || index >= digitCount - 2 ? UInt8(ascii: "*") : byte)
                index += 1
            } else {
                result.append(byte)
            }
        }
        return result
    }
}
