/// The text of a PowerPoint 97-2003 presentation, read from the records of
/// its `PowerPoint Document` stream as [MS-PPT] describes them: every
/// TextCharsAtom (UTF-16LE), TextBytesAtom (one byte a character, the low
/// byte of its UTF-16 code unit) and CString (UTF-16LE: names, hyperlinks'
/// addresses, comments) in the stream, one a line, containers entered.
/// The whole stream is walked, not only the records its last edit points
/// to, so text an earlier save left behind is read too.
///
/// ```swift
/// let part = try PowerPointBinaryText.read(try CompoundFile(bytes))
/// part.path   // "PowerPoint Document"
/// ```
enum PowerPointBinaryText {
    /// The text of the presentation `file`.
    static func read(_ file: CompoundFile) throws -> LegacyOfficeText.Part {
        if file.entry(named: "EncryptedSummary") != nil { throw LegacyOfficeError.encrypted }
        let stream = try LegacyOfficeText.stream(file, "PowerPoint Document")
        var text: [UInt8] = []
        // Where each container being read ends; records are read in a loop, containers entered in place.
        var ends: [Int] = [stream.count]
        var offset = 0
        while offset < stream.count {
            while let end = ends.last, offset >= end, ends.count > 1 { ends.removeLast() }
            let end = ends.last!
            guard offset + 8 <= end else {
                if stream[offset..<end].allSatisfy({ $0 == 0 }) {
                    offset = end
                    continue
                }
                throw LegacyOfficeError.damaged("PowerPoint record header past its container at \(offset)")
            }
            let version = CompoundFile.u16(stream, offset) & 0x000F
            let type = CompoundFile.u16(stream, offset + 2)
            let length = Int(CompoundFile.u32(stream, offset + 4))
            let body = offset + 8
            guard length <= end - body else {
                throw LegacyOfficeError.damaged("PowerPoint record \(type) past its container at \(offset)")
            }
            // CryptSession10Container: the presentation is encrypted.
            if type == 0x2F14 { throw LegacyOfficeError.encrypted }
            if version == 0x000F {
                // A container: its records follow.
                ends.append(body + length)
                offset = body
                continue
            }
            switch type {
            case 0x0FA0, 0x0FBA:  // TextCharsAtom, CString
                LegacyOfficeText.appendUTF16(stream[body..<body + length], to: &text)
                LegacyOfficeText.endLine(&text)
            case 0x0FA8:  // TextBytesAtom
                for byte in stream[body..<body + length] {
                    LegacyOfficeText.appendCharacter(UInt16(byte), to: &text)
                }
                LegacyOfficeText.endLine(&text)
            default:
                break
            }
            offset = body + length
        }
        return LegacyOfficeText.Part(path: "PowerPoint Document", text: text)
    }
}
