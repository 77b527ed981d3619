// libFuzzer target: the Office XML text layer (OfficeXMLText, OfficeXMLParser).
//
// `Scripts/fuzz.sh OfficeXMLTextFuzzer` builds and runs it, linked with the
// CPFDecoders target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the XML part.
//   bits 0-2: which part it is read as (document.xml, sharedStrings.xml, a
//             sheet, a slide, ODF content.xml, styles.xml, meta.xml, core.xml);
//   bits 3-7: the seed of the replacements chosen.
//
// Properties checked (a failure is a crash):
//   (a) reading either succeeds or throws an OfficeXMLError; the text is
//       UTF-8, at most three bytes per input byte, and every character maps
//       inside the input;
//   (b) replacing random characters (not white space) with as many ASCII
//       letters gives a part that reads back as the text with those
//       characters replaced;
//   (c) replacing random ranges (any length, numeric cells whole) either
//       is refused with an OfficeXMLError or gives a part that reads.

@testable import CPFDecoders

private let parts: [(OfficeDocumentKind, String)] = [
    (.wordprocessing, "word/document.xml"), (.spreadsheet, "xl/sharedStrings.xml"),
    (.spreadsheet, "xl/worksheets/sheet1.xml"), (.presentation, "ppt/slides/slide1.xml"),
    (.openDocumentText, "content.xml"), (.openDocumentSpreadsheet, "styles.xml"),
    (.openDocumentPresentation, "meta.xml"), (.wordprocessing, "docProps/core.xml"),
]

/// SplitMix64, seeded from the input, so a crash reproduces.
private struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
}

private func read(_ xml: [UInt8], _ kind: OfficeDocumentKind, _ part: String) -> Result<OfficeXMLText, OfficeXMLError> {
    xml.withUnsafeBufferPointer { buffer in
        Result { () throws(OfficeXMLError) -> OfficeXMLText in
            try OfficeXMLText(xml: UnsafeRawBufferPointer(buffer), kind: kind, part: Array(part.utf8))
        }
    }
}

private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let (kind, part) = parts[Int(selector & 7)]
    var random = Random(state: UInt64(selector >> 3) &* 0x1_0000_0001 &+ UInt64(input.count))

    guard case .success(let office) = read(input, kind, part) else { return 0 }
    let text = office.text
    if text.count > 3 * input.count { fatalError("\(text.count) bytes of text from \(input.count)") }
    if String(validating: text, as: UTF8.self) == nil { fatalError("the text is not UTF-8") }
    for offset in 0..<text.count {
        guard let range = office.xmlRange(ofTextOffset: offset), range.lowerBound >= 0,
            range.upperBound <= input.count
        else { fatalError("text offset \(offset) maps outside the input") }
    }

    // (b) same-length replacements of characters that are not white space.
    var replacements: [(range: Range<Int>, with: [UInt8])] = []
    var expected: [UInt8] = []
    var offset = 0
    while offset < text.count {
        var end = offset + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        if !isSpace(text[offset]), !office.numericCells.contains(where: { $0.lowerBound == offset }),
            random.next(3) == 0
        {
            let letter = UInt8(ascii: "a") + UInt8(random.next(26))
            replacements.append((range: offset..<end, with: [letter]))
            expected.append(letter)
        } else {
            expected += text[offset..<end]
        }
        offset = end
    }
    do {
        let output = try office.replacing(replacements)
        guard case .success(let reread) = read(output, kind, part) else { fatalError("a rewritten part does not read") }
        if reread.text != expected { fatalError("the rewritten part reads as other text") }
    } catch {
        fatalError("same-length replacements refused: \(error)")
    }

    // (c) replacements of any length, numeric cells whole.
    replacements.removeAll()
    offset = 0
    var cells = office.numericCells.makeIterator()
    var cell = cells.next()
    while offset < text.count {
        while let current = cell, current.lowerBound < offset { cell = cells.next() }
        if let current = cell, current.lowerBound == offset, random.next(2) == 0 {
            let digits = random.next(2) == 0
            let new = (0..<random.next(12)).map { _ in digits ? UInt8(ascii: "7") : UInt8(ascii: "*") }
            replacements.append((range: current, with: new))
            offset = current.upperBound
            continue
        }
        var end = offset + 1
        while end < text.count, random.next(3) != 0 { end += 1 }
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        if random.next(4) == 0 {
            let new = Array("<&x>\"".utf8).prefix(random.next(6))
            replacements.append((range: offset..<end, with: Array(new)))
        }
        offset = end
    }
    if let output = try? office.replacing(replacements), case .failure(let error) = read(output, kind, part) {
        fatalError("a rewritten part does not read: \(error)")
    }
    return 0
}
