import CPFDecoders
import CPFSystem

/// An e-mail's attachment read whole: the path it is named by, as an
/// archive's member is, and why one was not searched.
extension DecodingReader {
    /// Why an e-mail message with an attached archive, compressed file or
    /// PDF was not searched completely: its name (escaped, CPFs and CNPJs
    /// hidden) and what it is, or that it was too large to be held whole.
    static func reason(_ attachment: MailReader.Attachment) -> String {
        let name = attachment.fileName.map {
            " (\(Escaping.readable(RawText(NameHiding.hidden($0)))))"
        }
        if attachment.isTooLarge {
            return """
                e-mail: an attached \(attachment.format)\(name ?? "") larger than \
                \(DocumentReader.maximumHeldSize >> 20) MiB (or --max-decompressed-size), held whole
                """
        }
        return "e-mail: an attached \(attachment.format)\(name ?? ""), which cpf does not read inside e-mail"
    }

    /// The path an e-mail's attachment is named by, as an archive's member
    /// is: its file name, or `part-N` when it has none (N its
    /// ``MailPart/index``, counted from 1).
    static func attachmentPath(_ attachment: MailReader.Attachment) -> [UInt8] {
        if let name = attachment.fileName, !name.isEmpty { return name }
        return Array("part-\(attachment.partIndex + 1)".utf8)
    }
}
