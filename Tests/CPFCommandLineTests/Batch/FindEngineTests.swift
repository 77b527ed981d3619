// Tests of Batch/FindEngine.swift: lines and byte columns, whatever the
// block size; the JSON and text formats; counts over several inputs.

import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

/// What `cpf find` prints for `input`, worked out plainly: every match of the
/// scanner on the whole text, its line (1 + line feeds before it) and column
/// (bytes since the last line feed, from 1).
private func expectedReport(_ input: [UInt8], name: String) -> String {
    CPFScanner.matches(in: input).map { match in
        let before = input[..<match.range.lowerBound]
        let line = before.filter { $0 == 0x0A }.count + 1
        let column = match.range.lowerBound - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return "\(name):\(line):\(column): \(String(decoding: input[match.range], as: UTF8.self))\n"
    }.joined()
}

/// The output of a find engine over one or more inputs read from files.
private func found(
    _ inputs: [(name: String, bytes: [UInt8])], json: Bool = false, blockCapacity: Int = 1 << 20,
    settings: FindEngine.Settings? = nil, chunkCapacity: Int = ChunkPipeline.defaultChunkCapacity
) throws -> (output: String, count: Int) {
    var count = 0
    let output = try capturedOutput { out in
        let engine = FindEngine(
            settings: settings ?? .init(json: json), context: Context(), output: out, blockCapacity: blockCapacity,
            chunkCapacity: chunkCapacity)
        for input in inputs {
            try withFileDescriptor(containing: input.bytes) { try engine.find($0, named: RawText(input.name)) }
        }
        count = engine.foundCount
    }
    return (String(decoding: output, as: UTF8.self), count)
}

@Suite("FindEngine")
struct FindEngineTests {
    /// (settings, name, path, expected output).
    @Test(
        "a CPF in a name is reported as in the name",
        arguments: [
            (
                FindEngine.Settings(), "CPF 390.533.447-05.txt", "d/CPF 390.533.447-05.txt",
                "d/CPF 390.533.447-05.txt:name:5: 390.533.447-05\n"
            ),
            (
                FindEngine.Settings(json: true), "39053344705", "t/39053344705",
                #"{"source":"t/39053344705","in":"name","column":1,"text":"39053344705","cpf":"39053344705","confidence":"medium","valid":true}"#
                    + "\n"
            ),
            (FindEngine.Settings(minimumConfidence: .high), "39053344705", "t/39053344705", ""),
            (FindEngine.Settings(), "CPF 390.533.447-00", "t/CPF 390.533.447-00", ""),
            (
                FindEngine.Settings(includesInvalid: true), "CPF 390.533.447-00", "x\ty/CPF 390.533.447-00",
                "x\\ty/CPF 390.533.447-00:name:5: 390.533.447-00\n"
            ),
        ] as [(FindEngine.Settings, String, String, String)])
    func cpfInAName(settings: FindEngine.Settings, name: String, path: String, expected: String) {
        var count = 0
        let output = capturedOutput { out in
            let engine = FindEngine(settings: settings, context: Context(), output: out)
            engine.findInName(ArraySlice(name.utf8), path: RawText(path))
            count = engine.foundCount
        }
        #expect(String(decoding: output, as: UTF8.self) == expected)
        #expect(count == (expected.isEmpty ? 0 : 1))
    }

    static let text = Array(
        """
        id;cpf\r\n1;390.533.447-05\r\n2;cpf39053344705 x\n\n  52998224725\n12.345.678/0001-95 \
        1.390.533.447-05\n529982247-25
        """
        .utf8)

    @Test func linesAndByteColumns() throws {
        let result = try found([("a.txt", Self.text)])
        #expect(
            result.output == """
                a.txt:2:3: 390.533.447-05
                a.txt:3:6: 39053344705
                a.txt:5:3: 52998224725
                a.txt:7:1: 529982247-25

                """)
        #expect(result.count == 4)
    }

    @Test("the same lines and columns whatever the block size", arguments: [1, 2, 3, 5, 8, 13, 64, 100])
    func anyBlockSize(capacity: Int) throws {
        #expect(try found([("-", Self.text)], blockCapacity: capacity).output == expectedReport(Self.text, name: "-"))
    }

    @Test("random texts, random block sizes")
    func randomTexts() throws {
        var random = SplitMix64(seed: 0xF1D)
        let pieces = [
            "390.533.447-05", "52998224725", "\n", "\r\n", " ", "x", "1", ".", "/", "12.345.678/0001-95", "\u{FF}", "é",
        ]
        for _ in 0..<200 {
            let text = Array(
                (0..<Int.random(in: 0...80, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                    .utf8)
            let capacity = Int.random(in: 1...200, using: &random)
            #expect(try found([("t", text)], blockCapacity: capacity).output == expectedReport(text, name: "t"))
        }
    }

    @Test("a file scanned in chunks on several threads gives one thread's report, byte for byte", arguments: [2, 3, 4])
    func parts(threads: Int) throws {
        var random = SplitMix64(seed: 0x9A27 &+ UInt64(threads))
        let pieces = [
            "390.533.447-05", "52998224725", "CPF ", "tel ", "\n", "\r\n", " ", "x", "1", ".", "/", "-",
            "12.345.678/0001-95", "390.533.447-\n05", "390 533 447 05", "\u{200B}", "é", "\u{FF}",
        ]
        for _ in 0..<12 {
            let text = Array(
                (0..<Int.random(in: 200...3000, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined().utf8)
            let chunkCapacity = Int.random(in: 256...1500, using: &random)
            for json in [false, true] {
                var settings = FindEngine.Settings(json: json)
                settings.minimumConfidence = .low
                settings.includesInvalid = true
                let one = try found([("t", text)], settings: settings)
                settings.threads = threads
                let many = try found([("t", text)], settings: settings, chunkCapacity: chunkCapacity)
                #expect(many.output == one.output)
                #expect(many.count == one.count)
                #expect(one.count > 0)
            }
        }
    }

    @Test(
        "chunks that count thousands of line feeds each, runs of empty lines included, give one thread's lines",
        arguments: [2031, 2032, 2040, 5000, 9001])
    func manyLineFeedsPerChunk(chunkCapacity: Int) throws {
        var random = SplitMix64(seed: UInt64(chunkCapacity))
        let pieces = [
            "CPF 390.533.447-05", "52998224725", "\n", String(repeating: "\n", count: 300), "x", " ",
            String(repeating: "\n", count: 2100),
        ]
        let text = Array((0..<4000).map { _ in pieces.randomElement(using: &random)! }.joined().utf8)
        var settings = FindEngine.Settings()
        let one = try found([("t", text)], settings: settings)
        settings.threads = 2
        let many = try found([("t", text)], settings: settings, chunkCapacity: chunkCapacity)
        #expect(many.output == one.output)
        #expect(one.count > 100)
    }

    @Test("lines count again from 1 in each input, and the count covers them all")
    func severalInputs() throws {
        let result = try found([
            ("one", Array("\n\n39053344705".utf8)), ("two", Array("52998224725".utf8)), ("none", []),
        ])
        #expect(result.output == "one:3:1: 39053344705\ntwo:1:1: 52998224725\n")
        #expect(result.count == 2)
    }

    @Test func jsonLines() throws {
        let result = try found([("a \"b\"\\c", Array("x 390.533.447-05\n39053344705".utf8))], json: true)
        #expect(
            result.output == """
                {"source":"a \\"b\\"\\\\c","line":1,"column":3,"text":"390.533.447-05","cpf":"39053344705","confidence":"high","valid":true}
                {"source":"a \\"b\\"\\\\c","line":2,"column":1,"text":"39053344705","cpf":"39053344705","confidence":"medium","valid":true}

                """)
    }

    @Test("a source name too long to format in one go is written in pieces")
    func longSourceName() throws {
        let name = String(repeating: "d/", count: 40_000) + "f"
        #expect(try found([(name, Array("39053344705".utf8))]).output == "\(name):1:1: 39053344705\n")
    }

    @Test func nothingFound() throws {
        #expect(try found([("-", Array("nothing here 123".utf8))]) == ("", 0))
    }

    // The v2 scanning rule (docs/reference.md#cpf-find-cpfs-in-free-text): confidence, mistyped CPFs, matches with line
    // breaks.

    static let mixed = Array("tel 11987654374\nid 39053344705\nCPF 390 533 447 05\nCPF 231.002.999-00\n".utf8)

    @Test(
        "the minimum confidence and --include-invalid choose what is reported",
        arguments: [
            (CPFScanner.Confidence.high, false, ["3:5: 390 533 447 05"]),
            (.medium, false, ["2:4: 39053344705", "3:5: 390 533 447 05"]),
            (.low, false, ["1:5: 11987654374", "2:4: 39053344705", "3:5: 390 533 447 05"]),
            (.high, true, ["3:5: 390 533 447 05", "4:5: 231.002.999-00"]),
        ])
    func confidenceAndMistyped(level: CPFScanner.Confidence, includesInvalid: Bool, expected: [String]) throws {
        let settings = FindEngine.Settings(minimumConfidence: level, includesInvalid: includesInvalid)
        let result = try found([("t", Self.mixed)], settings: settings)
        #expect(result.output == expected.map { "t:\($0)\n" }.joined())
        #expect(result.count == expected.count)
    }

    @Test(
        "a match broken across lines: its first digit's line and column, the line break escaped, in any block size",
        arguments: [3, 7, 16, 1 << 20])
    func brokenAcrossLines(blockCapacity: Int) throws {
        let input = Array("a\nCPF 390.533.447-\r\n05 e\nCPF 529.982.\n247-25\n".utf8)
        let result = try found([("t", input)], blockCapacity: blockCapacity)
        #expect(result.output == "t:2:5: 390.533.447-\\r\\n05\nt:4:5: 529.982.\\n247-25\n")
        let json = try found([("t", input)], blockCapacity: blockCapacity, settings: .init(json: true))
        #expect(
            json.output.contains(
                #""line":2,"column":5,"text":"390.533.447-\r\n05","cpf":"39053344705","confidence":"high","valid":true"#
            ))
    }

    @Test func reportedCPFsAreCountedByConfidenceForStats() throws {
        let engine = FindEngine(
            settings: .init(minimumConfidence: .low, includesInvalid: true), context: Context(),
            output: OutputBuffer(sink: { _ throws(Errno) in }))
        try withFileDescriptor(containing: Self.mixed) { try engine.find($0, named: "t") }
        // tel 11987654374: low; id 39053344705: medium; CPF 390 533 447 05: high; 231.002.999-00: mistyped.
        let counts = engine.reportedCounts
        #expect((counts.low, counts.medium, counts.high, counts.mistyped) == (1, 1, 1, 1))
    }
}
