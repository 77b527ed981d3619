// libFuzzer target: the PDF text extractor (PDFTextExtractor and the parser,
// cross-reference reader, filters, fonts and content interpreter under it).
//
// `Scripts/fuzz.sh PDFTextExtractorFuzzer` builds and runs it, linked with the
// CPFDecoders target built with the fuzzer's coverage and `-enable-testing`.
// Its seeds (Fuzz/seeds/PDFTextExtractorFuzzer/) are the PDF fixtures of the
// unit tests, written by reportlab and pypdf; PDFTextExtractorFuzzer.dict
// holds the PDF keywords.
//
// Input layout: the input is the PDF file itself.
//
// Properties checked (a failure is a crash):
//   (a) extracting never crashes and ends with text or a PDFError;
//   (b) extracting twice gives the same result (no hidden state);
//   (c) the text is valid UTF-8 with no control character but line feeds and
//       the form feeds of page breaks, and not longer than the decoded
//       streams allow (4 bytes per byte of the 1 MiB output limit, times the
//       form XObjects' reuse, bounded here by 64 MiB);
//   (d) a file that is no PDF by isPDF's test still never crashes.

@testable import CPFDecoders

let pdfLimits = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 1000, ratioAllowance: 1 << 16)

private func extract(_ bytes: UnsafeRawBufferPointer) -> Result<[UInt8], PDFError> {
    Result { () throws(PDFError) in try PDFTextExtractor(limits: pdfLimits).extractText(from: bytes) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Its own allocation of exactly the input's size, so AddressSanitizer
    // sees any read past the end.
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
    defer { copy.deallocate() }
    copy.copyMemory(from: UnsafeRawBufferPointer(start: data, count: size))
    let bytes = UnsafeRawBufferPointer(copy)
    _ = PDFTextExtractor.isPDF(bytes)
    let first = extract(bytes)
    let second = extract(bytes)
    if first != second { fatalError("two extractions differ") }
    if case .success(let text) = first {
        if text.count > 64 << 20 { fatalError("text of \(text.count) bytes") }
        var iterator = text.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\u{0C}" {
                    fatalError("control character \(scalar.value) in the text")
                }
            case .error: fatalError("invalid UTF-8 in the text")
            case .emptyInput: break loop
            }
        }
    }
    return 0
}
