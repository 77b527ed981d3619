// libFuzzer target: the three fast paths of CPF validation against the
// readable rule.
//
// `Scripts/fuzz.sh ValidationFuzzer` builds and runs it, linked with the
// CPFKit target built with the fuzzer's coverage and `-enable-testing`, so
// internal helpers are visible and the whole library is instrumented.
//
// Input layout: the first byte is a selector, the rest is the text.
//   bits 0-2: the parsing options, one of the eight combinations
//             (bit 0 strict, bit 1 pads leading zeros, bit 2 allows repeated digits);
//   bits 3-7: where the text is cut into pieces for the streaming parser.
//
// Properties checked (a failure is a crash, with the input and options printed):
//   (a) CPF.parse(bytes) == String(decoding: bytes, as: UTF8.self).cpfParsingResult(options:) (the rule behind
// CPF(validating:options:)),
//       exactly, reasons and positions included, invalid UTF-8 too;
//   (b) CPF.isValidUTF8(bytes) == whether CPF.parse(bytes) succeeds;
//   (c) a StreamingParser fed the text in two pieces, in three pieces, and
//       byte by byte, ends with the same result as CPF.parse; after every
//       piece its result is CPF.parse of the prefix consumed so far; and once
//       it says `isSettled`, the final result is a failure.
//
// Every buffer handed to the library is its own allocation of exactly the
// right size, so AddressSanitizer sees any read past the end of a piece.

@testable import CPFKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let selector = data[0]
    let options = ValidationFuzzer.options[Int(selector & 7)]
    let count = size - 1
    // An exactly sized copy of the text (libFuzzer's buffer is exactly sized
    // too, but a copy also gives the empty text a non-nil base address).
    let text = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    defer { text.deallocate() }
    if count > 0 { text.copyMemory(from: UnsafeRawBufferPointer(start: data + 1, count: count)) }
    let bytes = UnsafeRawBufferPointer(text)
    ValidationFuzzer.check(bytes, selector: selector, options: options)
    if count == 0 {
        // The empty text with no base address at all.
        ValidationFuzzer.check(UnsafeRawBufferPointer(start: nil, count: 0), selector: selector, options: options)
    }
    return 0
}

enum ValidationFuzzer {
    /// The eight combinations of format, padding and repeated digits.
    static let options: [CPF.ParsingOptions] = (0..<8).map { bits in
        CPF.ParsingOptions(
            format: bits & 1 == 0 ? .lenient : .strict,
            padsLeadingZeros: bits & 2 != 0,
            allowsRepeatedDigits: bits & 4 != 0
        )
    }

    static func check(_ bytes: UnsafeRawBufferPointer, selector: UInt8, options: CPF.ParsingOptions) {
        let parsed = CPF.parse(bytes, options: options)

        // (a) The byte parser against the readable rule.
        let readable = String(decoding: bytes, as: UTF8.self).cpfParsingResult(options: options)
        if parsed != readable {
            fail("CPF.parse differs from CPF(validating:options:)", bytes, options, expected: readable, actual: parsed)
        }

        // (b) isValid is exactly whether parse succeeds.
        let isValid = CPF.isValidUTF8(bytes, options: options)
        if isValid != parsed.isSuccess {
            fail(
                "CPF.isValidUTF8 is \(isValid) but CPF.parse says \(parsed)", bytes, options, expected: parsed,
                actual: parsed)
        }

        // (c) The streaming parser, however the input is cut.
        let count = bytes.count
        let (first, second) = cuts(count: count, selector: selector, bytes: bytes)
        stream(bytes, pieces: [0, first, count], options: options, expected: parsed)
        stream(bytes, pieces: [0, first, second, count], options: options, expected: parsed)
        if count <= 64 {
            streamByteByByte(bytes, options: options, expected: parsed)
        }
    }

    /// Two cut points, 0 ≤ first ≤ second ≤ count, from the selector's top
    /// five bits and the text itself: near the start, near the end, or
    /// anywhere, so that cuts land on every byte of short texts and across
    /// the eight-byte words of long ones.
    static func cuts(count: Int, selector: UInt8, bytes: UnsafeRawBufferPointer) -> (Int, Int) {
        guard count > 0 else { return (0, 0) }
        let choice = Int(selector >> 3)  // 0...31
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a of the text, for "anywhere"
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let anywhere = Int(truncatingIfNeeded: hash >> 33) % (count + 1)
        let first: Int
        switch choice & 3 {
        case 0: first = min(choice >> 2, count)  // 0...7 from the start
        case 1: first = max(count - (choice >> 2), 0)  // 0...7 from the end
        case 2: first = min(8 * ((choice >> 2) + 1), count)  // a word boundary
        default: first = anywhere
        }
        let rest = count - first
        let second = first + (rest == 0 ? 0 : Int(truncatingIfNeeded: hash >> 7) % (rest + 1))
        return (first, second)
    }

    /// Feeds bytes[cuts[i]..<cuts[i+1]] to one parser, each piece in its own
    /// exactly sized buffer.
    static func stream(
        _ bytes: UnsafeRawBufferPointer, pieces cuts: [Int], options: CPF.ParsingOptions,
        expected: Result<CPF, CPFValidationError>
    ) {
        var parser = CPF.StreamingParser(options: options)
        var settledAt: Int? = nil
        for index in 0..<(cuts.count - 1) {
            let range = cuts[index]..<cuts[index + 1]
            let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: range.count, alignment: 1)
            if !range.isEmpty { piece.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[range])) }
            parser.consume(UnsafeRawBufferPointer(piece))
            piece.deallocate()
            checkPrefix(parser, bytes, upTo: range.upperBound, options: options, cuts: cuts)
            if settledAt == nil, parser.isSettled { settledAt = range.upperBound }
        }
        let result = parser.result
        if result != expected {
            fail(
                "StreamingParser (pieces cut at \(cuts)) differs from CPF.parse", bytes, options,
                expected: expected, actual: result)
        }
        if let settledAt, result.isSuccess {
            fail(
                """
                StreamingParser was settled after \(settledAt) bytes (pieces cut at \(cuts)) but the result is a \
                success
                """,
                bytes, options, expected: expected, actual: result)
        }
    }

    /// Feeds the bytes one `consume(_: UInt8)` at a time.
    static func streamByteByByte(
        _ bytes: UnsafeRawBufferPointer, options: CPF.ParsingOptions,
        expected: Result<CPF, CPFValidationError>
    ) {
        var parser = CPF.StreamingParser(options: options)
        var settled = false
        for byte in bytes {
            parser.consume(byte)
            settled = settled || parser.isSettled
        }
        let result = parser.result
        if result != expected {
            fail(
                "StreamingParser (byte by byte) differs from CPF.parse", bytes, options, expected: expected,
                actual: result)
        }
        if settled, result.isSuccess {
            fail(
                "StreamingParser (byte by byte) was settled but the result is a success", bytes, options,
                expected: expected, actual: result)
        }
    }

    /// After a piece, the streaming result is the parse of the prefix so far.
    static func checkPrefix(
        _ parser: CPF.StreamingParser, _ bytes: UnsafeRawBufferPointer, upTo end: Int,
        options: CPF.ParsingOptions, cuts: [Int]
    ) {
        let prefix = UnsafeMutableRawBufferPointer.allocate(byteCount: end, alignment: 1)
        defer { prefix.deallocate() }
        if end > 0 { prefix.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<end])) }
        let expected = CPF.parse(UnsafeRawBufferPointer(prefix), options: options)
        let result = parser.result
        if result != expected {
            fail(
                """
                StreamingParser after the first \(end) bytes (pieces cut at \(cuts)) differs from CPF.parse of \
                those bytes
                """,
                UnsafeRawBufferPointer(prefix), options, expected: expected, actual: result)
        }
    }

    static func describe(_ options: CPF.ParsingOptions) -> String {
        "format: .\(options.format), padsLeadingZeros: \(options.padsLeadingZeros), "
            + "allowsRepeatedDigits: \(options.allowsRepeatedDigits)"
    }

    static func fail(
        _ what: String, _ bytes: UnsafeRawBufferPointer, _ options: CPF.ParsingOptions,
        expected: Result<CPF, CPFValidationError>, actual: Result<CPF, CPFValidationError>
    ) -> Never {
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined(separator: " ")
        let text = String(decoding: bytes, as: UTF8.self).debugDescription
        fatalError(
            """
            \(what)
              input (\(bytes.count) bytes): \(hex)
              as text: \(text)
              options: \(describe(options))
              expected: \(expected)
              actual:   \(actual)
            """)
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
