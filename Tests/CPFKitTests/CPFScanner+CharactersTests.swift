// Tests of Scanner/CPFScanner+Characters.swift: characters recognised by
// their UTF-8 bytes, forwards and backwards, and the two-byte characters
// told without decoding as decoding tells them.

import Testing

@testable import CPFKit

@Suite("CPFScanner characters")
struct CPFScannerCharactersTests {
    @Test("characters are recognised by their UTF-8 bytes, forwards and backwards")
    func characterKinds() {
        let text: [UInt8] = Array(
            "-\u{2010}\u{2015}\u{2212} \u{A0}\u{202F}\u{2009}\u{AD}\u{200B}\u{FEFF}\u{2069}./\n\r*xé".utf8)
        let expected: [CPFScanner.Kind] = [
            .dash, .dash, .dash, .dash, .space, .space, .space, .space, .invisible, .invisible,
            .invisible, .invisible, .dot, .slash, .lineFeed, .carriageReturn, .star, .other, .other, .other,
        ]
        text.withUnsafeBufferPointer { buffer in
            let view = CPFScanner.Text(base: buffer.baseAddress!, count: buffer.count, lowest: 0, final: true)
            var forward: [CPFScanner.Kind] = []
            var index = 0
            while true {
                let (kind, length) = view.next(index, limit: buffer.count)
                if kind == .absent { break }
                forward.append(kind)
                index += length
            }
            #expect(forward == expected)
            var backward: [CPFScanner.Kind] = []
            var end = buffer.count
            while true {
                let (kind, length) = view.previous(end, limit: 0)
                if kind == .absent { break }
                backward.append(kind)
                end -= length
            }
            #expect(backward == expected.reversed())
        }
    }

    /// What ``CPFScanner/Text/next(_:limit:)`` and
    /// ``CPFScanner/Text/previous(_:limit:)`` say of a character of two
    /// bytes `lead second`, the slow way: decoded and looked up.
    private static func decodedKind(_ lead: UInt8, _ second: UInt8) -> (CPFScanner.Kind, Int) {
        let bytes = [lead, second]
        let scalar = bytes.withUnsafeBufferPointer { CPFScanner.decodeScalar($0.baseAddress!, length: 2) }
        guard let scalar else { return (.other, 1) }
        let kind = CPFScanner.scalarKind(scalar)
        return kind == .other ? (.other, 1) : (kind, 2)
    }

    @Test("every two-byte sequence is told, without decoding, as decoding it tells")
    func twoByteShortcut() {
        var differences: [String] = []
        for lead in UInt8(0xC2)...0xDF {
            for second in UInt8(0)...0xFF {
                let expected = Self.decodedKind(lead, second)
                [lead, second, UInt8(ascii: "x")].withUnsafeBufferPointer { buffer in
                    let view = CPFScanner.Text(base: buffer.baseAddress!, count: 3, lowest: 0, final: true)
                    let forward = view.next(0, limit: 3)
                    if forward != expected { differences.append("next \(lead) \(second): \(forward)") }
                    // Backwards, the last byte is a continuation byte.
                    guard second & 0xC0 == 0x80 else { return }
                    let backward = view.previous(2, limit: 0)
                    if backward != expected { differences.append("previous \(lead) \(second): \(backward)") }
                    // With the lead out of reach: a lone continuation byte.
                    if view.previous(2, limit: 1) != (.other, 1) { differences.append("previous \(second) alone") }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        // The accented letters of Portuguese, and the two characters of C2 that matter.
        #expect(Self.decodedKind(0xC3, 0xA7) == (.other, 1))  // ç
        #expect(Self.decodedKind(0xC2, 0xA0) == (.space, 2))
        #expect(Self.decodedKind(0xC2, 0xAD) == (.invisible, 2))
        #expect(Self.decodedKind(0xCD, 0x8F) == (.invisible, 2))  // U+034F
    }
}
