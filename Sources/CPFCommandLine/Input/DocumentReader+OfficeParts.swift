import CPFDecoders

/// Which members of an Office document (a zip archive) are read how: the
/// kind of document, the XML read whole for its sweep, the workbook part.
/// (What each member is, a binary part swept for UTF-16LE text too, is
/// told by ``MemberKind``.)
extension DocumentReader {
    /// The Office document an archive is, if it is one.
    static func officeKind(of archive: ZipArchive, limits: DecompressionLimits) -> OfficeDocumentKind? {
        let names = archive.entries.map(\.name)
        var mimetype: [UInt8]?
        if let entry = archive.entries.first(where: { $0.name == Array("mimetype".utf8) }), entry.uncompressedSize < 256
        {
            var budget = Budget(limits: limits, documentSize: 256)
            mimetype = try? hold(archive, entry, budget: &budget)
        }
        return OfficeDocumentKind.detect(memberNames: names, mimetype: mimetype)
    }

    func officeKind(of archive: ZipArchive) -> OfficeDocumentKind? {
        Self.officeKind(of: archive, limits: limits)
    }

    /// Whether a member of an Office document that is not one of its text
    /// parts (see ``OfficeDocumentKind/isTextPart(_:)``) is XML read whole
    /// for its sweep (``XMLSweep``), references decoded: relationships
    /// (`_rels/*.rels`), `[Content_Types].xml`, settings, styles, custom
    /// XML, an OpenDocument manifest; by its name (`.xml`, `.rels`, `.rdf`,
    /// `.vml`, any case) or its start `head` (`<?xml`, after a byte order
    /// mark). Only a member whose first bytes are UTF-8 text is asked (see
    /// ``MemberKind/officeXML``): another encoding is read as any member
    /// is, without the sweep.
    ///
    /// ```swift
    /// DocumentReader.isXML(Array("_rels/.rels".utf8), head: Array("<?xml".utf8))   // true
    /// ```
    static func isXML(_ name: [UInt8], head: [UInt8]) -> Bool {
        let lowered = name.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        for suffix in [".xml", ".rels", ".rdf", ".vml"] where lowered.count > suffix.utf8.count {
            if lowered.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) { return true }
        }
        let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return head[start...].starts(with: "<?xml".utf8)
    }

    /// Whether member `name` of a spreadsheet is its workbook part
    /// (`xl/workbook.xml`), which holds the sheets' names.
    static func isWorkbookPart(_ name: [UInt8]) -> Bool {
        name.count == 15 && name.map { $0 | ($0 &- 0x41 < 26 ? 0x20 : 0) }.elementsEqual("xl/workbook.xml".utf8)
    }
}
