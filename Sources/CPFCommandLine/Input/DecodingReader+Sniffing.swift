import CPFDecoders

/// What an input is, told from its first bytes: gzip, a format cpf does not
/// read, e-mail, or text in an encoding; in a few words for a message.
extension DecodingReader {
    /// What the first bytes of an input say it is: nil for plain text,
    /// else the layers to decode (or the format it cannot read).
    static func sniff(_ prefix: UnsafeRawBufferPointer) -> Result<InputLayers, InputFailure> {
        sniff(prefix, document: DocumentFormat.detect(prefix))
    }

    /// ``sniff(_:)`` for first bytes whose document format (nil for none)
    /// is known already, not told again: an archive's member, told by
    /// ``MemberKind``.
    static func sniff(_ prefix: UnsafeRawBufferPointer, document: DocumentFormat?) -> Result<
        InputLayers, InputFailure
    > {
        if GzipReader.isGzip(prefix) { return .success(InputLayers(gzip: true)) }
        // Read from a regular file by DocumentReader; a stream is not held whole.
        if let document {
            return .failure(.notSearched("\(document.name) read as a stream, which cpf reads only from a file"))
        }
        if let format = UnreadFormat.detect(prefix) {
            return .failure(
                .notSearched(
                    """
                    \(format) \
                    \(format == .zip || format == .sevenZip || format == .rar ? "archive" : "compressed data"), \
                    which cpf does not read
                    """
                ))
        }
        return .success(text(prefix))
    }

    /// What the first bytes of an input say it is, in a few words
    /// (`gzip`, `UTF-16LE text`, `e-mail`...), for a message.
    static func describe(_ prefix: [UInt8]) -> String {
        prefix.withUnsafeBytes { prefix in
            switch sniff(prefix) {
            case .failure(.notSearched(let reason)): return reason
            case .failure: return "unreadable"
            case .success(let layers):
                if layers.gzip { return "gzip" }
                if layers.mail != nil { return "e-mail" }
                return "\(layers.encoding) text"
            }
        }
    }

    /// The encoding of a text from its first bytes; bytes that are not
    /// UTF-8 and hold a NUL (within the 4 KiB looked at) are binary data,
    /// scanned as they are, as before: Windows-1252 is for text.
    static func text(_ prefix: UnsafeRawBufferPointer) -> InputLayers {
        if let mail = mail(prefix) { return InputLayers(mail: mail) }
        let detection = CharacterEncoding.detect(prefix)
        if detection.encoding == .windows1252, prefix.prefix(CharacterEncoding.detectionSampleSize).contains(0) {
            return InputLayers()
        }
        return InputLayers(encoding: detection.encoding, byteOrderMark: detection.byteOrderMarkLength > 0)
    }

    /// The bytes looked at to tell what a text is: enough for its encoding
    /// and for e-mail (a header block cut by the sample's end is judged on
    /// its complete lines, so every reader must see the same bytes).
    static let sampleSize = max(CharacterEncoding.detectionSampleSize, MailDetection.maximumSampleSize)

    /// The kind of e-mail the text starting with `prefix` is, if it is:
    /// only a text starting with a header field name's character is looked
    /// at closer (binary data and other text pay one byte's test), and a
    /// first line without `:` ends the look.
    private static func mail(_ prefix: UnsafeRawBufferPointer) -> MailDetection? {
        guard let first = prefix.first, first > 0x20, first < 0x7F, first != UInt8(ascii: ":") else { return nil }
        return MailDetection.detect(prefix)
    }
}
