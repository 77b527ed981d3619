// Tests of Scanner/CPFScanner+FastSkip.swift: the word-at-a-time search for
// digits agrees with a byte-by-byte one.

@testable import CPFKit
import Testing

@Suite("CPFScanner fast skip")
struct CPFScannerFastSkipTests {
    @Test("digitBits marks exactly the ASCII digits of a word")
    func digitBits() {
        for byte in 0...255 {
            let word = UInt64(byte) << 24 | 0x4141_4141_0041_4141
            #expect(CPFScanner.digitBits(word) == ((0x30...0x39).contains(byte) ? 0x8000_0000 : 0), "\(byte)")
        }
    }

    @Test("the next digit and the end of a run, word at a time, as byte by byte")
    func agreesWithBytes() {
        var random = SplitMix64(seed: 0xFA57)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 0x30...0x39, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for start in 0...bytes.count {
                    let limit = Int.random(in: start...bytes.count, using: &random)
                    let digit = CPFScanner.firstDigit(base, from: start, limit: limit, count: bytes.count)
                    let expected = bytes[start..<limit].firstIndex { $0 &- 0x30 < 10 }
                    if let expected { #expect(digit == expected) } else {
                        #expect(digit >= limit && !bytes[start..<min(digit, bytes.count)].contains { $0 &- 0x30 < 10 })
                    }
                    let end = CPFScanner.endOfDigits(base, from: start, count: bytes.count)
                    #expect(end == (bytes[start...].firstIndex { $0 &- 0x30 >= 10 } ?? bytes.count))
                }
            }
        }
    }
}
