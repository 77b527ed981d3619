import Testing

@testable import CPFDecoders

@Suite("UTF8Validation")
struct UTF8ValidationTests {
    @Test("agrees with Python's UTF-8 decoder on every first two bytes")
    func agreesWithPython() throws {
        // For each pair, the length of the first character of the pair
        // followed by two continuation bytes, or 0 when there is none.
        let printed = try python(
            """
            out = []
            for b0 in range(256):
                for b1 in range(256):
                    data = bytes([b0, b1, 0x80, 0x80])
                    length = 0
                    for n in range(1, 5):
                        try:
                            if len(data[:n].decode("utf-8")) == 1:
                                length = n
                                break
                        except UnicodeDecodeError:
                            pass
                    out.append(str(length))
            print("".join(out))
            """)
        let expected = Array(printed.prefix(65536)).map { Int($0 - 0x30) }
        var mismatches = 0
        for b0 in 0..<256 {
            for b1 in 0..<256 {
                let bytes: [UInt8] = [UInt8(b0), UInt8(b1), 0x80, 0x80]
                let length = bytes.withUnsafeBufferPointer { UTF8Validation.sequenceLength($0, at: 0) }
                if length != expected[b0 * 256 + b1] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// The Unicode Standard, section 3.9, table 3-8: "61 F1 80 80 E1 80 C2 62
    /// 80 63 80 BF 64" reads a, U+FFFD, U+FFFD, U+FFFD, b, U+FFFD, c, U+FFFD,
    /// U+FFFD, d: one replacement per maximal subpart.
    @Test("finds the maximal subparts of the Unicode Standard's example")
    func maximalSubparts() {
        let bytes: [UInt8] = [0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64]
        var lengths: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let length = UTF8Validation.sequenceLength(buffer, at: index)
                let step = length > 0 ? length : UTF8Validation.maximalSubpartLength(buffer, at: index)
                lengths.append(length > 0 ? 0 : step)
                index += step
            }
        }
        #expect(lengths == [0, 3, 2, 1, 0, 1, 0, 1, 1, 0])
    }

    @Test(
        "says a sequence cut by the end could continue",
        arguments: [
            ([0xE2, 0x82] as [UInt8], -1), ([0xF0, 0x9F, 0x98], -1), ([0xE0, 0x80], 0), ([0xC3], -1), ([0xF5], 0),
        ])
    func cutSequences(bytes: [UInt8], expected: Int) {
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.sequenceLength($0, at: 0) } == expected)
    }
}
