// Tests of Commands/DecodingOptions.swift: sizes with their suffixes, the
// limits the options give.

import CPFDecoders
import Testing

@testable import CPFCommandLine

@Suite("DecodingOptions")
struct DecodingOptionsTests {
    @Test(
        "sizes take K, M, G and T, powers of 1024",
        arguments: [
            ("0", 0), ("1048576", 1 << 20), ("500M", 500 << 20), ("64G", 64 << 30), ("2t", 2 << 40), ("1k", 1024),
        ] as [(String, Int)])
    func sizes(text: String, expected: Int) {
        #expect(DecodingOptions.byteCount(text) == expected)
    }

    @Test("other sizes are refused", arguments: ["", "G", "-1", "1.5G", "1GB", "99999999999T", "١٢"])
    func badSizes(text: String) {
        #expect(DecodingOptions.byteCount(text) == nil)
    }

    @Test func limitsComeFromTheOptions() throws {
        let definition = FindCommand.definition
        let none = try ParsedArguments.parse(["--json"], for: definition)
        #expect(try DecodingOptions.limits(none) == DecodingReader.defaultLimits)
        let both = try ParsedArguments.parse(["--max-decompressed-size=1G", "--max-ratio", "50"], for: definition)
        let limits = try DecodingOptions.limits(both)
        #expect(limits.maximumOutputSize == 1 << 30 && limits.maximumRatio == 50 && limits.ratioAllowance == 64 << 20)
    }
}
