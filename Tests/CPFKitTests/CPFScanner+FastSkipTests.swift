// Tests of Scanner/CPFScanner+FastSkip.swift: the word-at-a-time search for
// digits agrees with a byte-by-byte one (the word primitives themselves are
// tested exhaustively in DigitWordTests).

@testable import CPFKit
import Testing

@Suite("CPFScanner fast skip")
struct CPFScannerFastSkipTests {
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

@Suite("CPFScanner block masks")
struct CPFScannerBlockMaskTests {
    @Test("possible starts include every number start that a candidate could take")
    func possibleStarts() {
        let text = Array("ab 390.533.447-05 x 2026-11-28T 192.168.1.1 39053344705 ".utf8)
            + [UInt8](repeating: 0x61, count: 64)
        text.withUnsafeBufferPointer { buffer in
            let starts = CPFScanner.possibleStarts(buffer.baseAddress!, digitBefore: false).starts
            let positions = (0..<48).filter { starts >> UInt64($0) & 1 != 0 }
            #expect(positions.contains(3))
            #expect(!positions.contains(20))     // 2026-11-28: 10 bytes
            #expect(positions.contains(32))      // 192.168.1.1 and what follows: a possible start
            #expect(positions.contains(44))
        }
    }
}
