import CPFDecoders

/// A kind of input read as a whole document rather than as a stream of
/// text: a zip archive (Office documents are zip archives), a tar archive,
/// a PDF or a PNG image (its text chunks).
enum DocumentFormat: Equatable {
    case zip
    case pdf
    case tar
    /// A tar archive compressed with gzip (`.tar.gz`, `.tgz`), read whole.
    case gzippedTar
    case png

    /// The bytes of an input's start looked at: `%PDF-` may be anywhere in them.
    static let prefixSize = 1024
    /// An OLE compound file: a legacy Office document (`.doc`, `.xls`, `.ppt`, `.msg`).
    case compoundFile

    /// The format of an input from its first bytes: a zip archive by its
    /// first record's signature, a tar archive by its first header (see
    /// ``TarArchive/isTar(_:)``), a PDF by `%PDF-` within its first
    /// 1,024 bytes (after a byte order mark, a line or other bytes, as PDF
    /// readers accept), a PNG image by its 8-byte signature.
    static func detect(_ prefix: some Collection<UInt8>) -> DocumentFormat? {
        if ZipArchive.isZip(prefix) { return .zip }
        // Before the PDF: a tar's first member may be a PDF, 512 bytes in.
        if TarArchive.isTar(prefix) { return .tar }
        if PNGTextChunks.isPNG(prefix) { return .png }
        if CompoundFile.isCompoundFile(prefix) { return .compoundFile }
        if PDFTextExtractor.isPDF(prefix.prefix(prefixSize)) { return .pdf }
        return nil
    }

    /// Whether gzip data starting with `prefix` decompresses to a tar
    /// archive's first header.
    static func isGzippedTar(_ prefix: ArraySlice<UInt8>) -> Bool {
        let reader = GzipReader(
            limits: DecompressionLimits(maximumOutputSize: 1 << 16, maximumRatio: 1 << 20, ratioAllowance: 1 << 16))
        var head: [UInt8] = []
        // A prefix ends in the middle of the data: what it gave so far is enough.
        try? Array(prefix).withUnsafeBufferPointer { try reader.decompress($0) { head += $0 } }
        return head.count >= 512 && TarArchive.isTar(head)
    }

    /// The name of the format in a message.
    var name: String {
        switch self {
        case .zip: "zip archive"
        case .pdf: "PDF"
        case .tar: "tar archive"
        case .gzippedTar: "tar archive in gzip"
        case .png: "PNG image"
        case .compoundFile: "legacy Office document"
        }
    }
}
