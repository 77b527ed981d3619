import CPFDecoders
import CPFKit

/// What `redact` hides in an Office document's parts, and where it must
/// not: the text's CPFs and the stored numbers, what the sweep still finds,
/// and the references that would break.
extension ArchiveRedactor {
    /// The spreadsheet numbers of a part that are CPFs as the sheet stores
    /// them (see ``DocumentReader/StoredNumber``), of the engine's minimum
    /// confidence, each with the hidden text of the CPF padded:
    /// `***********` (the cell becomes a string cell), or the pseudonym's
    /// digits (it stays a number).
    func storedNumberReplacements(_ part: OfficeXMLText) -> [(range: Range<Int>, with: [UInt8])] {
        DocumentReader.storedNumbers(in: part).compactMap { number in
            guard engine.accepted.contains(number.id.kind), number.confidence >= engine.minimumConfidence else {
                return nil
            }
            // A CNPJ's pseudonyms are refused (RedactCommand): its 14 digits are hidden.
            guard case .cpf(let cpf) = number.id else { return (number.range, Array(repeating: 0x2A, count: 14)) }
            var padded = Array(cpf.digits.utf8)
            guard let match = CPFScanner.matches(in: padded, minimumConfidence: .low).first else { return nil }
            padded.withUnsafeMutableBytes { engine.hide(match, in: $0.baseAddress!, origin: 0, counts: false) }
            return (number.range, padded)
        }
    }

    /// How many matches redaction would hide are left in the sweep of the
    /// XML part `xml` (see ``XMLSweep``), leaving out those whose text is
    /// one of `written` (the pseudonyms `--style pseudonym` wrote).
    func leftInSweep(of xml: [UInt8], written: Set<[UInt8]>) -> Int {
        let sweep = xml.withUnsafeBytes { XMLSweep.text(of: $0) }
        var hidden = sweep
        var left = 0
        hidden.withUnsafeMutableBytes { buffer in
            _ = hideAll(in: buffer) { range in
                if !written.contains(Array(sweep[range])) { left += 1 }
            }
        }
        return left
    }

    /// Whether member `name` of an Office document is one whose attribute
    /// values name other parts: relationships (`.rels`),
    /// `[Content_Types].xml`, an OpenDocument manifest.
    static func isReferencePart(_ name: [UInt8]) -> Bool {
        let lowered = name.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        return lowered.count > 5 && lowered.suffix(5).elementsEqual(".rels".utf8)
            || lowered.elementsEqual("[content_types].xml".utf8)
            || lowered.elementsEqual("meta-inf/manifest.xml".utf8)
    }

    /// Whether the match at `range` of a reference part (see
    /// ``isReferencePart(_:)``) can be hidden where it stands without
    /// breaking a reference: in character data or a comment, or in the
    /// `Target` of a relationship whose `TargetMode` is `External` (a
    /// hyperlink's address). Anywhere else in a tag (a relationship's
    /// internal target or id, a part's name) it cannot.
    ///
    /// ```swift
    /// let xml = Array(#"<Relationship Id="r1" Target="https://x/52998224725" TargetMode="External"/>"#.utf8)
    /// xml.withUnsafeBytes { ArchiveRedactor.isHideableInReferencePart($0, 40..<51) }   // true
    /// ```
    static func isHideableInReferencePart(_ xml: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        let open = UInt8(ascii: "<")
        let close = UInt8(ascii: ">")
        var start = range.lowerBound
        while start > 0, xml[start - 1] != open, xml[start - 1] != close { start -= 1 }
        guard start > 0, xml[start - 1] == open else { return true }
        let tagStart = start - 1
        if UnsafeRawBufferPointer(rebasing: xml[tagStart...]).starts(with: "<!--".utf8) { return true }
        var end = range.upperBound
        while end < xml.count, xml[end] != close { end += 1 }
        let tag = UnsafeRawBufferPointer(rebasing: xml[tagStart..<end])
        var index = tagStart + 1
        while index < end {
            let quote = xml[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                index += 1
                continue
            }
            var valueEnd = index + 1
            while valueEnd < end, xml[valueEnd] != quote { valueEnd += 1 }
            if index < range.lowerBound, range.upperBound <= valueEnd {
                // The attribute's name: before `=`, spaces allowed around it.
                var nameEnd = index
                while nameEnd > tagStart, xml[nameEnd - 1] == 0x20 || xml[nameEnd - 1] == UInt8(ascii: "=") {
                    nameEnd -= 1
                }
                var nameStart = nameEnd
                while nameStart > tagStart + 1, xml[nameStart - 1] > 0x20 { nameStart -= 1 }
                let name = UnsafeRawBufferPointer(rebasing: xml[nameStart..<nameEnd])
                let external = [#"TargetMode="External""#, "TargetMode='External'"].contains { mode in
                    tag.firstRange(of: mode.utf8) != nil
                }
                return name.elementsEqual("Target".utf8) && external
            }
            index = valueEnd + 1
        }
        return false
    }

    /// The CPFs (and CNPJs, with `--document cnpj|any`) of an Office
    /// part's text, each with its hidden text.
    func textReplacements(_ text: [UInt8]) -> [(range: Range<Int>, with: [UInt8])] {
        var ranges: [Range<Int>] = []
        var copy = text
        return copy.withUnsafeMutableBytes { buffer in
            _ = hideAll(in: buffer) { ranges.append($0) }
            return ranges.map { ($0, Array(buffer[$0])) }
        }
    }
}
