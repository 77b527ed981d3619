// Fuzz target for CPFScanner (Sources/CPFKit/Scanner/).
//
// `Scripts/fuzz.sh ScannerFuzzer 20` builds and runs it, linked with the
// CPFKit target built with the fuzzer's coverage and `-enable-testing`.
//
// For each input it checks, and crashes through `precondition` otherwise:
// - scanning the input whole equals scanning it in pieces whose sizes come
//   from the input itself (empty and one-byte pieces included), and the
//   settled offset never passes a match still to come nor lags more than
//   115 bytes;
// - every match: its text is the bytes of the input at its range, at most
//   96 bytes; its digits are those written at its digit offsets (a
//   fullwidth digit or an OCR reading's letter read as its digit); a valid one is
//   a valid CPF by the readable rule (`isValidCPF`), a mistyped one has
//   confidence high;
// - the hiding scanner (`CPFScanner(hidingFrom:)`) reports, at each
//   confidence, the ranges the full scan reports at that confidence or more;
// - redacting at each confidence, in both styles, changes only digits (and
//   OCR look-alike letters) into `*`, the last byte of a fullwidth digit
//   into that of `＊`, and leaves nothing of that confidence to find.
// (The rule itself is checked against a reference written the simple way in
// Tests/CPFKitTests/CPFScannerTests.swift.)

@testable import CPFKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = CPFScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)

    // The same input in pieces: sizes from the input's bytes, read backwards
    // so that they vary independently of the text at each point.
    var scanner = CPFScanner()
    var pieces: [CPFScanner.Match] = []
    var settled = 0
    bytes.withUnsafeBytes { all in
        var offset = 0
        var turn = 0
        var lastWasEmpty = false
        while offset < all.count {
            let seed = Int(bytes[(all.count - 1 - turn % all.count)])
            var size = min(all.count - offset, seed < 64 ? seed % 4 : seed < 192 ? seed - 60 : seed * 9)
            if size == 0, lastWasEmpty { size = 1 }  // never two empty pieces in a row: always progress
            lastWasEmpty = size == 0
            turn += 1
            scanner.feed(UnsafeRawBufferPointer(rebasing: all[offset..<offset + size])) { match in
                precondition(match.range.lowerBound >= settled, "a match before the settled offset")
                pieces.append(match)
            }
            offset += size
            precondition(scanner.offset == offset, "offset")
            precondition(
                scanner.settledOffset >= settled && scanner.settledOffset <= offset
                    && offset - scanner.settledOffset <= 115, "settled offset out of bounds")
            settled = scanner.settledOffset
        }
    }
    scanner.finish { match in
        precondition(match.range.lowerBound >= settled, "a match before the settled offset")
        pieces.append(match)
    }
    precondition(pieces == whole, "scanning in pieces differs from scanning the whole")

    var previousEnd = 0
    for match in whole {
        precondition(match.range.count <= 96 && match.range.lowerBound >= previousEnd, "overlapping or too long")
        previousEnd = match.range.upperBound
        let text = String(decoding: bytes[match.range], as: UTF8.self)
        precondition(match.text == text, "a match's text differs from the input")
        let digits = bytes[match.range].withUnsafeBytes { written in
            (0..<11).map { match.writtenDigit($0, in: written) }
        }
        precondition(String(decoding: digits, as: UTF8.self) == match.digits, "a match's digits")
        if match.isValid {
            precondition(
                match.digits.isValidCPF && match.cpf?.digits == match.digits, "a match that is not a valid CPF")
        } else {
            precondition(!match.digits.isValidCPF && match.confidence == .high && match.cpf == nil, "a mistyped CPF")
        }
    }

    for level in CPFScanner.Confidence.allCases {
        // The scanner `redact` uses reports what the full scan hides at this level.
        var hiding = CPFScanner(hidingFrom: level)
        var hidden: [CPFScanner.Match] = []
        bytes.withUnsafeBytes { hiding.feed($0) { hidden.append($0) } }
        hiding.finish { hidden.append($0) }
        let expected = whole.filter { $0.confidence >= level }
        precondition(
            hidden.map(\.range) == expected.map(\.range) && hidden.map(\.isValid) == expected.map(\.isValid),
            "the hiding scanner differs from the full scan")
        for style in CPFScanner.RedactionStyle.allCases {
            let redacted = CPFScanner.redacting(bytes, style: style, minimumConfidence: level)
            precondition(
                CPFScanner.matches(in: redacted, minimumConfidence: level, includeInvalid: true).isEmpty,
                "a CPF left after redaction")
            // Hiding in place, as `cpf redact` does, writes the same bytes.
            var inPlace = bytes
            let count = inPlace.withUnsafeMutableBytes {
                CPFScanner.hideCPFs(in: $0, reaching: 0..<$0.count, style: style, minimumConfidence: level)
            }
            precondition(inPlace == redacted && count == expected.count, "hiding in place differs from redacting")
            for index in bytes.indices where redacted[index] != bytes[index] {
                // The last byte of a fullwidth digit (EF BC 90-99); an ASCII digit
                // after a stray EF BC is an ASCII digit.
                let wide =
                    index >= 2 && bytes[index - 2] == 0xEF && bytes[index - 1] == 0xBC && bytes[index] &- 0x90 < 10
                precondition(
                    wide
                        ? bytes[index] &- 0x90 < 10 && redacted[index] == 0x8A
                        : CPFScanner.ocrDigit(bytes[index]) != nil && redacted[index] == UInt8(ascii: "*"),
                    "redaction changed a non-digit")
            }
        }
    }
    return 0
}
