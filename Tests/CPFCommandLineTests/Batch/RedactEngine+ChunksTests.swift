// Tests of Batch/RedactEngine+Chunks.swift: a file redacted in chunks on
// several threads gives, byte for byte, what one thread gives.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("RedactEngine+Chunks")
struct RedactEngineChunksTests {
    @Test("a file redacted in chunks on several threads gives one thread's output, byte for byte", arguments: [2, 3])
    func parts(threads: Int) throws {
        var random = SplitMix64(seed: 0x7EDA &+ UInt64(threads))
        let pieces = [
            "390.533.447-05", "52998224725", "CPF ", "tel ", "\n", "\r\n", " ", "x", "1", ".", "/", "-",
            "12.345.678/0001-95", "390.533.447-\n05", "390 533 447 05", "\u{200B}", "é", "\u{FF}",
            "390.533.447-\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}05",
        ]
        for _ in 0..<12 {
            let text = Array(
                (0..<Int.random(in: 200...3000, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined().utf8)
            let chunkCapacity = Int.random(in: 256...1500, using: &random)
            for style in CPFScanner.RedactionStyle.allCases {
                let one = try redacted([text], style: style)
                let many = try redacted([text], style: style, threads: threads, chunkCapacity: chunkCapacity)
                #expect(many.output == one.output)
                #expect(many.count == one.count)
                #expect(one.count > 0)
            }
        }
    }
}
