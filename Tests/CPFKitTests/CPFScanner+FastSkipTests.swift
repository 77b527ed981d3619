// Tests of Scanner/CPFScanner+FastSkip.swift: the word-at-a-time search for
// digits agrees with a byte-by-byte one (the word primitives themselves are
// tested exhaustively in DigitWordTests).

import Testing

@testable import CPFKit

@Suite("CPFScanner fast skip")
struct CPFScannerFastSkipTests {
    @Test("the next digit (or byte 0xEF) and the end of a run, word at a time, as byte by byte")
    func agreesWithBytes() {
        var random = SplitMix64(seed: 0xFA57)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? UInt8.random(in: 0x30...0x39, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for start in 0...bytes.count {
                    let limit = Int.random(in: start...bytes.count, using: &random)
                    let digit = CPFScanner.firstDigit(base, from: start, limit: limit, count: bytes.count)
                    // An ASCII digit, or 0xEF (which may start a fullwidth digit).
                    let stops: (UInt8) -> Bool = { $0 &- 0x30 < 10 || $0 == 0xEF }
                    let expected = bytes[start..<limit].firstIndex(where: stops)
                    if let expected {
                        #expect(digit == expected)
                    } else {
                        #expect(digit >= limit && !bytes[start..<min(digit, bytes.count)].contains(where: stops))
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
        let text =
            Array("ab 390.533.447-05 x 2026-11-28T 192.168.1.1 39053344705 ".utf8)
            + [UInt8](repeating: 0x61, count: 128)
        text.withUnsafeBufferPointer { buffer in
            let masks = CPFScanner.BlockMasks(buffer.baseAddress!)
            let next = CPFScanner.BlockMasks(buffer.baseAddress! + 64)
            let starts = CPFScanner.possibleStarts(masks, next, digitBefore: false)
            let positions = (0..<64).filter { starts >> UInt64($0) & 1 != 0 }
            #expect(positions.contains(3))
            #expect(!positions.contains(20))  // 2026-11-28: 10 bytes
            #expect(positions.contains(32))  // 192.168.1.1 and what follows: a possible start
            #expect(positions.contains(44))
        }
    }

    @Test("a candidate that starts near the end of a block is seen through the next block's masks")
    func startsAcrossBlocks() {
        // "39053344705" at 58..<69 straddles the two blocks; "123" at 61 of
        // a second text is followed by letters and is no possible start.
        var text = [UInt8](repeating: 0x61, count: 128)
        text.replaceSubrange(58..<69, with: Array("39053344705".utf8))
        var other = [UInt8](repeating: 0x61, count: 128)
        other.replaceSubrange(61..<64, with: Array("123".utf8))
        for (bytes, expected) in [(text, [58]), (other, [])] {
            bytes.withUnsafeBufferPointer { buffer in
                let starts = CPFScanner.possibleStarts(
                    CPFScanner.BlockMasks(buffer.baseAddress!), CPFScanner.BlockMasks(buffer.baseAddress! + 64),
                    digitBefore: false)
                #expect((0..<64).filter { starts >> UInt64($0) & 1 != 0 } == expected)
            }
        }
    }

    @Test("block masks agree with the bytes, all 256 values at every position")
    func masksAgreeWithBytes() {
        for value in 0...255 {
            for position in stride(from: 0, to: 64, by: 7) {
                var bytes = [UInt8](repeating: 0x61, count: 64)
                bytes[position] = UInt8(value)
                let masks = bytes.withUnsafeBufferPointer { CPFScanner.BlockMasks($0.baseAddress!) }
                let bit = UInt64(1) << UInt64(position)
                let byte = UInt8(value)
                #expect((masks.digits & bit != 0) == (byte &- 0x30 < 10))
                #expect((masks.nonASCII & bit != 0) == (byte >= 0x80))
                #expect((masks.inCandidate & bit != 0) == (byte &- 0x2C < 0x0E || byte <= 0x20 || byte >= 0x80))
                #expect(masks.digits & ~bit == 0 && masks.nonASCII & ~bit == 0)
            }
        }
    }

    @Test("a fullwidth digit at any position, across the block's end too, is among the wide runs and the wide starts")
    func fullwidthDigitsAreWideStarts() {
        let wide: [UInt8] = [0xEF, 0xBC, 0x95]  // ５
        for position in 0..<64 {
            var bytes = Array("çã ação é".utf8) + [UInt8](repeating: 0x61, count: 128)
            bytes.replaceSubrange(position..<position + 3, with: wide)
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                let runs = CPFScanner.wideRuns(CPFScanner.BlockMasks(base), CPFScanner.BlockMasks(base + 64))
                let starts = CPFScanner.wideDigitStarts(base, leads: runs)
                let expected = (0..<64).filter { base[$0] == 0xEF && base[$0 + 1] == 0xBC && base[$0 + 2] &- 0x90 < 10 }
                #expect((0..<64).filter { starts >> UInt64($0) & 1 != 0 } == expected)
                #expect(expected.contains(position))
            }
        }
    }

    @Test("mayStartNumber is true exactly when the 72 bytes hold an ASCII digit or a byte 0xEF")
    func mayStartNumberSeesDigitsAndWideLeads() {
        for value in 0...255 {
            for position in stride(from: 0, to: 72, by: 5) {
                var bytes = [UInt8](repeating: 0x61, count: 72)
                bytes.replaceSubrange(10..<12, with: [0xC3, 0xA7])  // ç
                if position != 10 && position != 11 { bytes[position] = UInt8(value) }
                let expected = bytes.contains { $0 &- 0x30 < 10 || $0 == 0xEF }
                #expect(bytes.withUnsafeBufferPointer { CPFScanner.mayStartNumber($0.baseAddress!) } == expected)
            }
        }
    }

    @Test("mayStartNumber agrees with its definition on random bytes, digits and 0xEF rare among them")
    func mayStartNumberOnRandomBytes() {
        var random = SplitMix64(seed: 72)
        var positives = 0
        for _ in 0..<20_000 {
            let bytes = (0..<72).map { _ in
                let byte = UInt8(truncatingIfNeeded: random.next())
                // Most digits and 0xEF become other bytes, so that most arrays have none.
                return (byte &- 0x30 < 10 || byte == 0xEF) && random.next() % 16 != 0 ? byte ^ 0x40 : byte
            }
            let expected = bytes.contains { $0 &- 0x30 < 10 || $0 == 0xEF }
            if expected { positives += 1 }
            #expect(bytes.withUnsafeBufferPointer { CPFScanner.mayStartNumber($0.baseAddress!) } == expected)
        }
        #expect(positives > 1000 && positives < 19_000)
    }
}
