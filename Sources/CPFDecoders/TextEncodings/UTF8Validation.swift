/// UTF-8 well-formedness (the Unicode Standard, table 3-7).
enum UTF8Validation {
    /// The length of the well-formed sequence starting at `bytes[index]`: 1
    /// to 4, 0 when the bytes there do not start one, or -1 when they are
    /// the start of one cut by the end of `bytes`.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        for offset in 1..<length {
            if index + offset >= bytes.count { return -1 }
            let byte = bytes[index + offset]
            if offset == 1 ? (byte < low || byte > high) : (byte < 0x80 || byte > 0xBF) { return 0 }
        }
        return length
    }

    /// The bytes, from 1 to 3, of the longest start of a well-formed
    /// sequence at `bytes[index]` when none is there: the "maximal subpart"
    /// the Unicode Standard (section 3.9) replaces with one U+FFFD.
    static func maximalSubpartLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        var length = 1
        while length < 4 && index + length < bytes.count {
            // The prefix is a maximal subpart while it is still the start of
            // some well-formed sequence: try completing it with valid bytes.
            var probe = Array(bytes[index..<index + length + 1])
            while probe.count < 4 { probe.append(0x80) }
            let extended = probe.withUnsafeBufferPointer { sequenceLength($0, at: 0) }
            if extended <= length { break }
            length += 1
        }
        return length
    }

    /// The length of the longest prefix of `bytes` made of whole, well-formed sequences.
    static func validPrefixLength(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let length = sequenceLength(buffer, at: index)
                if length <= 0 { return index }
                index += length
            }
            return index
        }
    }

    /// Whether `bytes` is the start of a well-formed sequence cut short.
    static func couldContinue(_ bytes: ArraySlice<UInt8>) -> Bool {
        Array(bytes).withUnsafeBufferPointer { sequenceLength($0, at: 0) == -1 }
    }
}
