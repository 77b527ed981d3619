// Tests of Scanner/CPFScanner+ASCIICandidate.swift: the quick ASCII parse
// finds what the full parse finds, on any bytes.

import Testing

@testable import CPFKit

@Suite("CPFScanner ASCII candidates")
struct CPFScannerASCIICandidateTests {
    @Test("the quick ASCII parse finds what the full parse finds, on any bytes")
    func asciiCandidateAgreesWithParse() {
        // Bytes that make or break candidates, most of them digits; 32 bytes
        // from a digit, as the scanner calls it (with no byte before).
        let alphabet = Array("0123456789012345678901234567890123456789..--  /\n\r*x".utf8)
        var random = SplitMix64(seed: 27)
        var found = 0
        for _ in 0..<200_000 {
            var bytes = (0..<32).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            bytes[0] = UInt8(ascii: "0") + UInt8(random.next() % 10)
            var digits: UInt64 = 0
            for (index, byte) in bytes.prefix(24).enumerated() where byte &- 0x30 < 10 { digits |= 1 << UInt64(index) }
            bytes.withUnsafeBufferPointer { buffer in
                let quick = CPFScanner.asciiCandidate(buffer.baseAddress!, at: 0, digits: digits)
                let view = CPFScanner.Text(base: buffer.baseAddress!, count: 32, lowest: 0, final: true)
                let full: CPFScanner.Candidate?
                if case .candidate(let candidate) = CPFScanner.parse(view, at: 0) {
                    full = candidate
                } else {
                    full = nil
                }
                let text = String(decoding: bytes, as: UTF8.self).debugDescription
                #expect((quick == nil) == (full == nil), "\(text)")
                guard let quick, let full else { return }
                found += 1
                #expect(quick.end == full.end && quick.packed == full.packed, "\(text)")
                #expect(quick.offsetsLow == full.offsetsLow && quick.offsetsHigh == full.offsetsHigh, "\(text)")
                #expect(quick.usesSpaces == full.usesSpaces && quick.isFullMask == full.isFullMask, "\(text)")
                #expect(quick.isDotsOnly == full.isDotsOnly && !quick.hasWideDigits && !quick.isOCRReading, "\(text)")
            }
        }
        #expect(found > 1000)
    }
}
