import CPFDecoders

/// The original names and comments in the gzip headers of what was read,
/// kept (up to a limit) for `find` to report and `redact` to count.
extension DecodingReader {
    /// The gzip header texts of the input last read, forgotten once taken.
    /// They gather over every input read (the members of an archive too)
    /// until taken: a command takes them after each input it reads.
    func takeGzipHeaderTexts() -> [(field: GzipReader.HeaderField, text: [UInt8])] {
        defer {
            gzipHeaderTexts = []
            gzipHeaderTextSize = 0
        }
        return gzipHeaderTexts
    }
    /// The most bytes of gzip header text kept for one input.
    static let maximumGzipHeaderTextSize = 1 << 20

    /// Keeps `texts` in ``gzipHeaderTexts`` (a document reader keeps those
    /// of a gzip file it reads whole there too, for `find` to report); why
    /// the input is not searched completely when they pass
    /// ``maximumGzipHeaderTextSize``.
    @discardableResult
    func keep(_ texts: [(field: GzipReader.HeaderField, text: [UInt8])]) -> String? {
        for (field, text) in texts {
            gzipHeaderTextSize += text.count
            guard gzipHeaderTextSize <= Self.maximumGzipHeaderTextSize else {
                return "gzip: member names and comments longer than \(Self.maximumGzipHeaderTextSize >> 20) MiB"
            }
            gzipHeaderTexts.append((field, text))
        }
        return nil
    }
}
