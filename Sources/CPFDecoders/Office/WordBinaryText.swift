/// The text of a Word 97-2003 document, read as [MS-DOC] describes it: the
/// File Information Block at the start of the `WordDocument` stream names
/// the table stream (`0Table` or `1Table`) and the place of the CLX in it;
/// the CLX's piece table maps each run of character positions to where its
/// text lies in `WordDocument`, compressed (one Windows-1252 byte a
/// character, at half the piece's offset) or UTF-16LE. Every piece is read,
/// so the text holds the body, footnotes, headers and footers, comments and
/// text boxes, in the order the piece table gives (a fast-saved document's
/// pieces too).
///
/// ```swift
/// let part = try WordBinaryText.read(try CompoundFile(bytes))
/// part.path   // "WordDocument"
/// ```
enum WordBinaryText {
    /// The text of the Word document `file`, at most `limit` bytes.
    static func read(_ file: CompoundFile, limit: Int = 256 << 20) throws -> LegacyOfficeText.Part {
        let word = try LegacyOfficeText.stream(file, "WordDocument")
        let u16 = { (offset: Int) in Int(CompoundFile.u16(word, offset)) }
        let u32 = { (offset: Int) in Int(CompoundFile.u32(word, offset)) }
        guard word.count >= 68, u16(0) == 0xA5EC else { throw LegacyOfficeError.damaged("no Word FIB") }
        let flags = u16(10)
        // fEncrypted (bit 8); fObfuscated (bit 15) only with it.
        if flags & 0x0100 != 0 { throw LegacyOfficeError.encrypted }
        // Word 97 is nFib 0x00C1; Word 6 and 95 (0x0065, 0x0068) lay the FIB out otherwise.
        guard u16(2) >= 0x00C1 else { throw LegacyOfficeError.olderVersion("a Word 6/95 document") }
        let tableName = flags & 0x0200 != 0 ? "1Table" : "0Table"
        // FibBase (32 bytes), csw and FibRgW97, cslw and FibRgLw97, cbRgFcLcb and FibRgFcLcb.
        let csw = u16(32)
        let cslwOffset = 34 + 2 * csw
        let cslw = u16(cslwOffset)
        let fcLcbCountOffset = cslwOffset + 2 + 4 * cslw
        let fcLcbCount = u16(fcLcbCountOffset)
        // fcClx and lcbClx: the 34th pair (index 33) of FibRgFcLcb97.
        guard fcLcbCount > 33, fcLcbCountOffset + 2 + 8 * 34 <= word.count else {
            throw LegacyOfficeError.damaged("Word FIB without a CLX")
        }
        let clxOffset = u32(fcLcbCountOffset + 2 + 8 * 33)
        let clxSize = u32(fcLcbCountOffset + 2 + 8 * 33 + 4)
        let table = try LegacyOfficeText.stream(file, tableName)
        guard clxSize > 0, clxOffset <= table.count, clxSize <= table.count - clxOffset else {
            throw LegacyOfficeError.damaged("Word CLX past the end of \(tableName)")
        }
        let clx = Array(table[clxOffset..<clxOffset + clxSize])
        // Skip the Prcs (0x01, cbGrpprl, grpprl) to the Pcdt (0x02, lcb, PlcPcd).
        var index = 0
        while index < clx.count, clx[index] == 0x01 {
            index += 3 + Int(CompoundFile.u16(clx, index + 1))
        }
        guard index + 5 <= clx.count, clx[index] == 0x02 else {
            throw LegacyOfficeError.damaged("Word CLX without a piece table")
        }
        let plcSize = Int(CompoundFile.u32(clx, index + 1))
        let plcStart = index + 5
        guard plcSize >= 16, plcSize <= clx.count - plcStart, (plcSize - 4) % 12 == 0 else {
            throw LegacyOfficeError.damaged("Word piece table of \(plcSize) bytes")
        }
        let pieces = (plcSize - 4) / 12
        var text: [UInt8] = []
        for piece in 0..<pieces {
            let start = Int(CompoundFile.u32(clx, plcStart + 4 * piece))
            let end = Int(CompoundFile.u32(clx, plcStart + 4 * (piece + 1)))
            guard end >= start else { throw LegacyOfficeError.damaged("Word piece \(piece) ends before it starts") }
            let descriptor = plcStart + 4 * (pieces + 1) + 8 * piece
            let fcCompressed = Int(CompoundFile.u32(clx, descriptor + 2))
            let compressed = fcCompressed & 0x4000_0000 != 0
            let fc = fcCompressed & 0x3FFF_FFFF
            let offset = compressed ? fc / 2 : fc
            let count = (end - start) * (compressed ? 1 : 2)
            guard offset <= word.count, count <= word.count - offset else {
                throw LegacyOfficeError.damaged("Word piece \(piece) past the end of WordDocument")
            }
            guard text.count + 3 * (end - start) <= limit else { throw LegacyOfficeError.textTooLarge(limit: limit) }
            if compressed {
                LegacyOfficeText.append1252(word[offset..<offset + count], to: &text)
            } else {
                LegacyOfficeText.appendUTF16(word[offset..<offset + count], to: &text)
            }
        }
        LegacyOfficeText.endLine(&text)
        return LegacyOfficeText.Part(path: "WordDocument", text: text)
    }
}
