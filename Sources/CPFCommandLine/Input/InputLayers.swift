import CPFDecoders

/// How an input was stored, as ``DecodingReader`` found it from its first
/// bytes: what `redact` redoes to write the text back the same way.
struct InputLayers: Equatable {
    /// Compressed with gzip (magic bytes `1F 8B 08`, whatever the name).
    var gzip = false
    /// The text's encoding (inside the gzip layer, if any).
    var encoding = CharacterEncoding.utf8
    /// Whether the text starts with its encoding's byte order mark.
    var byteOrderMark = false
    /// An e-mail message or mbox file (inside the gzip layer, if any): its
    /// text is read by ``MailReader``, which decodes each part itself.
    var mail: MailDetection?

    /// Text read as it is: UTF-8 (with or without a byte order mark), not compressed, not e-mail.
    var isPlain: Bool { !gzip && encoding == .utf8 && mail == nil }
}
