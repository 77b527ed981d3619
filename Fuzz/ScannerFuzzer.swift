// Fuzz target for CPFScanner (Sources/CPFKit/Scanner).
//
// Built with CPFKit's sources as one module, so it uses CPFKit directly:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name ScannerFuzzer \
//       $(find Sources/CPFKit -name '*.swift') Fuzz/ScannerFuzzer.swift -o /tmp/scanfuzz
//   /tmp/scanfuzz -max_total_time=60
//
// For each input it checks, and crashes through `precondition` otherwise:
// - scanning the input whole equals scanning it in pieces whose sizes come
//   from the input itself (empty and one-byte pieces included);
// - both equal the SPEC's rule read literally, tried at every start position;
// - every match is a valid CPF by the readable rule (`isValidCPF`), its text
//   is the bytes of the input at its range, and the settled offset never
//   passes a match still to come;
// - redacting in both styles leaves nothing to find and changes only digits.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = CPFScanner.matches(in: bytes)

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
            precondition(scanner.settledOffset >= settled && scanner.settledOffset <= offset
                         && offset - scanner.settledOffset <= 15, "settled offset out of bounds")
            settled = scanner.settledOffset
        }
    }
    scanner.finish { match in
        precondition(match.range.lowerBound >= settled, "a match before the settled offset")
        pieces.append(match)
    }
    precondition(pieces == whole, "scanning in pieces differs from scanning the whole")

    let expected = literalRule(bytes)
    precondition(whole.map(\.range) == expected, "the scanner differs from the SPEC's rule")
    for match in whole {
        let text = String(decoding: bytes[match.range], as: UTF8.self)
        precondition(text.isValidCPF, "a match that is not a valid CPF")
        precondition(match.text == text, "a match's text differs from the input")
        precondition(match.cpf.digits == String(text.filter { $0 != "." && $0 != "-" }), "a match's digits")
    }

    for style in CPFScanner.RedactionStyle.allCases {
        let redacted = CPFScanner.redacting(bytes, style: style)
        precondition(CPFScanner.matches(in: redacted).isEmpty, "a CPF left after redaction")
        for index in bytes.indices where redacted[index] != bytes[index] {
            precondition(bytes[index] &- 0x30 < 10 && redacted[index] == UInt8(ascii: "*"), "redaction changed a non-digit")
        }
    }
    return 0
}

/// The ranges the SPEC's rule finds, tried at every start position: 3+3+3+2
/// digits with an optional `.`, `.`, `-`; the bytes around neither digits nor
/// `. - / ,` next to a digit; valid by `isValidCPF`.
private func literalRule(_ bytes: [UInt8]) -> [Range<Int>] {
    func isDigit(_ index: Int) -> Bool { index >= 0 && index < bytes.count && bytes[index] &- 0x30 < 10 }
    func touches(_ index: Int, _ outward: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        return isDigit(index) || (bytes[index] &- 0x2C < 4 && isDigit(index + outward))
    }
    var found: [Range<Int>] = []
    start: for start in bytes.indices {
        var end = start
        for (count, separator) in [(3, UInt8(ascii: ".")), (3, UInt8(ascii: ".")), (3, UInt8(ascii: "-")), (2, UInt8(0))] {
            for _ in 0..<count {
                guard isDigit(end) else { continue start }
                end += 1
            }
            if separator != 0, end < bytes.count, bytes[end] == separator { end += 1 }
        }
        guard !touches(start - 1, -1), !touches(end, 1),
              String(decoding: bytes[start..<end], as: UTF8.self).isValidCPF
        else { continue }
        found.append(start..<end)
    }
    return found
}
