/// The text of an Outlook message (`.msg`), read as [MS-OXMSG] describes
/// it: every property stream `__substg1.0_XXXXYYYY` of the message, its
/// recipients and attachments (and of messages attached to it, storages
/// inside the attachment's) whose type YYYY is a string — `001F`, UTF-16LE;
/// `001E`, 8-bit, read as Windows-1252 — each a part named by its stream's
/// path; the compressed RTF body (`10090102`, [MS-OXRTFCP]) as its RTF
/// source; and the data of each attachment (`37010102`), a file of its
/// own, given as an ``LegacyOfficeText/Attachment`` to be searched as files are.
///
/// ```swift
/// let (parts, attachments) = try OutlookMessageText.read(try CompoundFile(bytes))
/// parts.first?.path   // "__substg1.0_0037001F" (the subject)
/// ```
enum OutlookMessageText {
    /// The text parts and the attachments' data of the message `file`.
    static func read(_ file: CompoundFile) throws -> ([LegacyOfficeText.Part], [LegacyOfficeText.Attachment]) {
        var parts: [LegacyOfficeText.Part] = []
        var attachments: [LegacyOfficeText.Attachment] = []
        for entry in file.entries where entry.kind == .stream && entry.name.hasPrefix("__substg1.0_") {
            // XXXXYYYY, or XXXXYYYY-NNNNNNNN for one value of a multiple-valued property.
            let name = entry.name.dropFirst("__substg1.0_".count).uppercased()
            let tag = name.count == 17 && name.contains("-") ? String(name.prefix(8)) : name
            guard tag.count == 8 else { continue }
            let path = entry.path.joined(separator: "/")
            let property = tag.prefix(4)
            // A multiple-valued string's values are read each from its own stream.
            let raw = tag.suffix(4)
            let type = name.count == 17 && raw.hasPrefix("10") ? "00" + raw.dropFirst(2) : String(raw)
            var text: [UInt8] = []
            switch type {
            case "001F":
                LegacyOfficeText.appendUTF16(try file.contents(of: entry)[...], to: &text)
            case "001E":
                LegacyOfficeText.append1252(try file.contents(of: entry)[...], to: &text)
            case "0102" where property == "1009":
                text = try decompressRTF(try file.contents(of: entry))
            case "0102" where property == "3701":
                attachments.append(LegacyOfficeText.Attachment(path: path, bytes: try file.contents(of: entry)))
                continue
            default:
                continue
            }
            LegacyOfficeText.endLine(&text)
            if !text.isEmpty { parts.append(LegacyOfficeText.Part(path: path, text: text)) }
        }
        return (parts, attachments)
    }

    /// The dictionary compressed RTF starts with ([MS-OXRTFCP] 2.1.2.1).
    static let initialDictionary = Array(
        ("{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript "
            + "\\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par "
            + "\\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx").utf8)

    /// The RTF of a compressed RTF stream ([MS-OXRTFCP]): a 16-byte header
    /// (sizes, `LZFu` or `MELA`, CRC), then, after each control byte, eight
    /// literals or references (12-bit offset into a 4 KiB ring, 4-bit length
    /// less 2), lowest bit first; a reference to the write position ends it.
    static func decompressRTF(_ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.count >= 16 else { throw LegacyOfficeError.damaged("compressed RTF shorter than its header") }
        let rawSize = Int(CompoundFile.u32(bytes, 4))
        let kind = CompoundFile.u32(bytes, 8)
        if kind == 0x414C_454D { return Array(bytes[16...].prefix(rawSize)) }  // MELA: stored
        guard kind == 0x7546_5A4C else { throw LegacyOfficeError.damaged("compressed RTF of an unknown kind") }
        var ring = [UInt8](repeating: 0, count: 4096)
        ring.replaceSubrange(0..<initialDictionary.count, with: initialDictionary)
        var write = initialDictionary.count
        var out: [UInt8] = []
        out.reserveCapacity(min(rawSize, 1 << 24))
        var index = 16
        decoding: while index < bytes.count {
            let control = bytes[index]
            index += 1
            for bit in 0..<8 {
                guard index < bytes.count else { break decoding }
                if control >> bit & 1 == 0 {
                    ring[write] = bytes[index]
                    out.append(bytes[index])
                    write = (write + 1) & 0xFFF
                    index += 1
                } else {
                    guard index + 1 < bytes.count else { break decoding }
                    let word = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                    index += 2
                    let offset = word >> 4
                    if offset == write { break decoding }
                    let length = (word & 0xF) + 2
                    for step in 0..<length {
                        let byte = ring[(offset + step) & 0xFFF]
                        ring[write] = byte
                        out.append(byte)
                        write = (write + 1) & 0xFFF
                    }
                }
                // The header's size bounds the output: a stream cannot inflate past it.
                guard out.count <= rawSize + 18 else { break decoding }
            }
        }
        return out
    }
}
