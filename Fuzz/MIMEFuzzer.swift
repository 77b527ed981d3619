// libFuzzer target: the base64 and quoted-printable decoders and encoders.
//
// `Scripts/fuzz.sh MIMEFuzzer` builds and runs it, linked with the CPFDecoders
// target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the data.
//   bit 0: base64 (clear) or quoted-printable (set);
//   bits 1-7: the piece size, 1 to 128.
//
// Properties checked (a failure is a crash):
//   (a) decoding the data in pieces gives what decoding it whole gives
//       (base64: the same error too), and quoted-printable never makes more
//       bytes than it reads;
//   (b) the data encoded (lines of 76, CRLF) decodes back to the data, with
//       no encoded line over 76 characters.

@testable import CPFDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let pieceSize = Int(selector >> 1) + 1
    let encoded: [UInt8]
    if selector & 1 == 0 {
        let whole = try? Base64Decoder.decode(bytes)
        let decoder = Base64Decoder()
        var pieces: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: pieceSize) {
            decoder.decode(bytes[start..<min(start + pieceSize, bytes.count)]) { pieces.append(contentsOf: $0) }
        }
        let finished: Void? = try? decoder.finish { pieces.append(contentsOf: $0) }
        if (whole == nil) != (finished == nil) || (whole != nil && whole! != pieces) {
            fatalError("base64: pieces of \(pieceSize) decode differently")
        }
        encoded = Base64Encoder.encode(bytes)
        guard (try? Base64Decoder.decode(encoded)) == bytes else { fatalError("base64: round trip failed") }
    } else {
        let whole = QuotedPrintableDecoder.decode(bytes)
        if whole.count > bytes.count { fatalError("quoted-printable: more out than in") }
        let decoder = QuotedPrintableDecoder()
        var pieces: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: pieceSize) {
            decoder.decode(bytes[start..<min(start + pieceSize, bytes.count)]) { pieces.append(contentsOf: $0) }
        }
        decoder.finish { pieces.append(contentsOf: $0) }
        if pieces != whole { fatalError("quoted-printable: pieces of \(pieceSize) decode differently") }
        encoded = QuotedPrintableEncoder.encode(bytes)
        // Hard line breaks come back as CRLF: compare with LF and lone CR kept, CRLF and LF as CRLF.
        var expected: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A {
                if !(index > 0 && bytes[index - 1] == 0x0D) { expected.append(0x0D) }
            }
            expected.append(byte)
        }
        if QuotedPrintableDecoder.decode(encoded) != expected { fatalError("quoted-printable: round trip failed") }
    }
    for line in encoded.split(separator: 0x0A) where line.count > 77 {
        fatalError("an encoded line of \(line.count) characters")
    }
    return 0
}
