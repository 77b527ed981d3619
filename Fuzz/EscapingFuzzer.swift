// libFuzzer target: the readable escaper of `cpf` (Sources/CPFCommandLine/Output/Escaping.swift),
// the one way `cpf` shows text it did not write itself on a terminal.
//
// (`Scripts/fuzz.sh` builds the CPFCommandLine target and the targets it
// depends on with the fuzzer's coverage and `-enable-testing`, and links
// this file with them.)
//
// Input: a selector byte (bit 0: the quote is `'`, else none), then any bytes.
// Properties checked (a failure is a crash, with the input printed):
//   (a) the readable form is valid UTF-8 and holds nothing a terminal acts on
//       or that changes how a line shows, judged by the standard library's
//       Unicode data, independently of the escaper's own table: no control
//       (C0, DEL, C1), no format character (Cf: bidi overrides and
//       isolates, zero-width characters), no line or paragraph separator;
//   (b) with a quote, every quote in it is escaped;
//   (c) it reads back to exactly the input bytes (\\, \t, \n, \r, \', \xHH,
//       \u{…}): nothing is lost.

@testable import CPFCommandLine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let quote: UInt8? = data[0] & 1 == 1 ? UInt8(ascii: "'") : nil
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var sink = ByteArraySink()
    input.withUnsafeBytes { Escaping.writeReadable($0, quote: quote, into: &sink) }
    let shown = sink.bytes

    // (a)
    guard let text = String(validating: shown, as: UTF8.self) else { fail("not valid UTF-8", input, shown) }
    for scalar in text.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            fail("U+\(String(scalar.value, radix: 16)) shown as it is", input, shown)
        default:
            break
        }
    }
    // (b) and (c)
    var back: [UInt8] = []
    var index = 0
    func hex(_ bytes: ArraySlice<UInt8>) -> UInt32? { UInt32(String(decoding: bytes, as: UTF8.self), radix: 16) }
    while index < shown.count {
        let byte = shown[index]
        if let quote, byte == quote { fail("an unescaped quote", input, shown) }
        guard byte == 0x5C else {
            back.append(byte)
            index += 1
            continue
        }
        guard index + 1 < shown.count else { fail("a lone backslash at the end", input, shown) }
        let kind = shown[index + 1]
        switch kind {
        case UInt8(ascii: "\\"), UInt8(ascii: "'"):
            back.append(kind)
            index += 2
        case UInt8(ascii: "t"):
            back.append(0x09)
            index += 2
        case UInt8(ascii: "n"):
            back.append(0x0A)
            index += 2
        case UInt8(ascii: "r"):
            back.append(0x0D)
            index += 2
        case UInt8(ascii: "x"):
            guard index + 4 <= shown.count, let value = hex(shown[(index + 2)..<(index + 4)]) else {
                fail("a bad \\x", input, shown)
            }
            back.append(UInt8(value))
            index += 4
        case UInt8(ascii: "u"):
            guard let close = shown[index...].firstIndex(of: UInt8(ascii: "}")), shown[index + 2] == UInt8(ascii: "{"),
                let value = hex(shown[(index + 3)..<close]), let scalar = Unicode.Scalar(value)
            else {
                fail("a bad \\u", input, shown)
            }
            back.append(contentsOf: Array(String(Character(scalar)).utf8))
            index = close + 1
        default:
            fail("an unknown escape", input, shown)
        }
    }
    if back != input { fail("does not read back to the input", input, shown) }
    return 0
}

private func fail(_ what: String, _ input: [UInt8], _ shown: [UInt8]) -> Never {
    let bytes = input.map { String($0, radix: 16) }.joined(separator: " ")
    fatalError(
        "EscapingFuzzer: \(what): input [\(bytes)] shown as \(String(decoding: shown, as: UTF8.self).debugDescription)")
}
