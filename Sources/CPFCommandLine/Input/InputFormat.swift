import CPFDecoders
import CPFSystem

/// What an input is, decided once, before anything reads it: the one
/// choice of how `find` and `redact` (and the tree walk that runs them)
/// read a file, a pipe or standard input.
///
/// A regular file is looked at from its offset without moving it: its first
/// bytes (``DecodingReader/sampleSize``, the most any reader looks at) read
/// once, and its end when they are no document's (a zip archive with a stub
/// before it, such as a self-extracting one, is known by its end of central
/// directory record). A pipe is not read ahead: it is a ``stream``, and
/// ``DecodingReader`` tells its layers from its first block as it reads.
///
/// ```swift
/// switch InputFormat.of(descriptor) {
/// case .document(let format): // DocumentReader, member by member
/// case .mail(let kind):       // redact: MailReader then MailRewriter, from the file
/// case .image(let format):    // find: its pixels read by an OCR engine (OCREngine)
/// case .plainFile:            // as it is; a large one in chunks, side by side
/// case .stream:               // DecodingReader: gzip, UTF-16, UTF-32, Windows-1252, a pipe
/// }
/// ```
enum InputFormat: Equatable {
    /// A zip archive (an Office document too), a PDF, a tar archive, a PNG
    /// image or an OLE compound file, read whole by ``DocumentReader``.
    case document(DocumentFormat)
    /// A JPEG, TIFF, BMP, GIF or WebP image in a regular file (a PNG image
    /// is a ``DocumentFormat/png`` document, for its text chunks): `find`
    /// reads its pixels with an OCR engine; `redact` reads it as bytes.
    case image(ImageFormat)
    /// An e-mail message or mbox file, not compressed, in a regular file.
    case mail(MailDetection)
    /// Plain UTF-8 text (or binary data with no text encoding to decode) in
    /// a regular file: scanned as it is, a large one in chunks side by side.
    case plainFile
    /// Anything else: text to decode as ``DecodingReader`` reads it (gzip,
    /// UTF-16, UTF-32, Windows-1252, e-mail in gzip), or a pipe.
    case stream

    /// The format of the input open at `descriptor`, its offset unmoved.
    ///
    /// - Complexity: one read of at most ``DecodingReader/sampleSize``
    ///   bytes, and of the last 65,557 bytes when no document's signature
    ///   starts the file.
    static func of(_ descriptor: FileDescriptor) -> InputFormat {
        guard let size = system_regularFileSize(descriptor.rawValue), let offset = try? descriptor.currentOffset(),
            offset <= size
        else { return .stream }
        var sample = [UInt8](repeating: 0, count: Swift.max(DecodingReader.sampleSize, DocumentFormat.prefixSize))
        let count = sample.withUnsafeMutableBytes { (try? descriptor.read(into: $0, at: offset)) ?? 0 }
        sample.removeLast(sample.count - count)
        let prefix = sample.prefix(DocumentFormat.prefixSize)
        if let format = DocumentFormat.detect(prefix) { return .document(format) }
        if GzipReader.isGzip(prefix), DocumentFormat.isGzippedTar(prefix) { return .document(.gzippedTar) }
        let file = PositionalFileReader(descriptor, start: offset)
        if ZipArchive.hasEndRecord(size: UInt64(size - offset), read: file.read(into:at:)) {
            return .document(.zip)
        }
        if let image = ImageFormat.detect(prefix) { return .image(image) }
        guard case .success(let layers) = sample.withUnsafeBytes({ DecodingReader.sniff($0) }) else { return .stream }
        if layers.isPlain { return .plainFile }
        if let mail = layers.mail, !layers.gzip { return .mail(mail) }
        return .stream
    }
}
