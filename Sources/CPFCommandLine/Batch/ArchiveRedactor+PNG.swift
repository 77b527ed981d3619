import CPFDecoders
import CPFKit

/// A PNG image's text chunks rewritten with their CPFs hidden, proof read
/// back before the image is replaced.
extension ArchiveRedactor {
    /// The PNG image `bytes` (the member `path` of an archive, or the file
    /// itself when empty) with every CPF of its text chunks hidden, each
    /// changed chunk written with its new length and CRC (compressed again
    /// when it was), or nil when there was nothing to hide. What cannot be
    /// rewritten (a CPF in a keyword, in a chunk that is not text, after
    /// `IEND`) is a failure, the image then left as it was. The rewritten
    /// image is read again: a CPF left in it is a failure too. Throws when
    /// the image cannot be read.
    mutating func redact(png bytes: [UInt8], path: [UInt8]) throws(PNGError) -> [UInt8]? {
        let image = try PNGTextChunks(bytes, limits: limits)
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        var replacements: [Int: [UInt8]] = [:]
        var count = 0
        let before = failures.count
        func refuse(_ name: [UInt8], _ reason: String) {
            failures.append(
                DocumentReader.Failure(
                    path: name.isEmpty ? path : prefix + name, reason: reason + ", which redact does not rewrite"))
        }
        for piece in image.pieces {
            var text = piece.bytes
            let found = mask(&text)
            guard let index = piece.text else {
                if found > 0 { refuse(piece.name, "\(engine.numbers(found)) in a chunk that is not text") }
                continue
            }
            if numberInName(piece.name) != nil {
                refuse(piece.name, "a keyword holding \(engine.numbers(1))")
            } else if found > 0 {
                replacements[index] = text
                count += found
            }
        }
        guard failures.count == before, !replacements.isEmpty else { return nil }
        let rewritten = try image.replacingTexts(replacements)
        // Proof before replace: the image written, read again, hides nothing more.
        let left = try PNGTextChunks(rewritten, limits: limits).pieces.reduce(0) { left, piece in
            var bytes = piece.bytes
            return left + mask(&bytes)
        }
        guard left == 0 else {
            refuse([], "\(engine.numbers(left)) left in the image rewritten")
            return nil
        }
        hidden += count
        return rewritten
    }
}

/// The pixels of an image inside an archive, an Office document or an
/// e-mail, painted over as an image file's are.
extension ArchiveRedactor {
    /// An image member's pixels redacted (see
    /// ``RedactEngine/redactPixels(of:in:format:hiddenInBytes:)``):
    /// `original`, the member at `path`, read by the OCR engine, and what
    /// redaction hides there painted over in `rewritten` (its bytes
    /// redacted already, `hiddenInBytes` matches hidden there; nil when
    /// they hid none). Returns the member's new bytes, or `rewritten` when
    /// its pixels hold nothing to hide; nil, the reason collected (a
    /// failure, or a refusal), when its pixels cannot be read or rewritten.
    mutating func redactPixels(
        of path: [UInt8], format: ImageFormat, original: [UInt8], rewritten: [UInt8]?, hiddenInBytes: Int
    ) -> [UInt8]? {
        do throws(InputFailure) {
            guard
                let painted = try engine.redactPixels(
                    of: original, in: rewritten ?? original, format: format, hiddenInBytes: hiddenInBytes)
            else { return rewritten }
            hidden += painted.count
            return painted.bytes
        } catch {
            switch error {
            case .notSearched(let reason): failures.append(DocumentReader.Failure(path: path, reason: reason))
            case .notRewritten(let reason): refusals.append(DocumentReader.Failure(path: path, reason: reason))
            case .read(let error): failures.append(DocumentReader.Failure(path: path, reason: "\(error)"))
            }
            return nil
        }
    }

    /// How many matches redaction hides an image member's pixels hold
    /// (`bytes`, at `path`), read by the OCR engine; 0, the reason collected
    /// as a failure, when they cannot be read, and when images are not read
    /// by OCR.
    mutating func countInPixels(of bytes: [UInt8], path: [UInt8], format: ImageFormat) -> Int {
        var found = 0
        if let counter = engine.imageCounter({ found += $0 }), let reason = counter(path, format, bytes) {
            failures.append(DocumentReader.Failure(path: path, reason: reason))
        }
        return found
    }
}

/// The picture of its first page an Office or OpenDocument file keeps,
/// blanked when redact hides anything in the document.
extension ArchiveRedactor {
    /// Whether `name` is the member where a document keeps a picture of its
    /// first page as it was last saved: `Thumbnails/thumbnail.png`
    /// (OpenDocument), `docProps/thumbnail.jpeg` (or `.png`; Office Open XML).
    static func isThumbnail(_ name: [UInt8]) -> Bool {
        name == Array("Thumbnails/thumbnail.png".utf8) || name.starts(with: Array("docProps/thumbnail.".utf8))
    }

    /// Paints every pixel of the document's thumbnails (``isThumbnail(_:)``,
    /// PNG or JPEG) black in `changes`: a picture of the page as it was shows
    /// what redact hid in its text, too small for an OCR engine to read but
    /// not always for a person. A thumbnail that cannot be painted (another
    /// format, a codec's refusal) is a refusal, the document left as it was.
    mutating func blankThumbnails(of archive: ZipArchive, path: [UInt8], in changes: inout ArchiveChanges) throws {
        for (index, entry) in archive.entries.enumerated() where Self.isThumbnail(entry.name) && !entry.isDirectory {
            let memberPath = path + entry.name
            let bytes = try changes.members[index] ?? DocumentReader.hold(archive, entry, budget: &budget)
            let reason: String
            switch ImageFormat.detect(bytes.prefix(ImageFormat.signatureSize)) {
            case .png:
                do throws(PNGError) {
                    let image = try PNGImage(bytes, limits: limits)
                    changes.members[index] = try PNGImage.redacting(
                        bytes, rectangles: [PixelRectangle(x: 0, y: 0, width: image.width, height: image.height)],
                        limits: limits)
                    continue
                } catch {
                    reason = "\(error)"
                }
            case .jpeg:
                do throws(JPEGError) {
                    var image = try JPEGImage(bytes)
                    image.removeEmbeddedPictures()
                    image.redact([PixelRectangle(x: 0, y: 0, width: image.width, height: image.height)])
                    changes.members[index] = try image.encoded()
                    continue
                } catch {
                    reason = "\(error)"
                }
            case let format:
                // A metafile (WMF, EMF) may draw the page's text as shapes, which no search reads.
                reason = format.map { "\($0.rawValue) images are not rewritten" } ?? "not a PNG or JPEG image"
            }
            refusals.append(
                DocumentReader.Failure(
                    path: memberPath, reason: "the document's thumbnail, which must be blanked, cannot be: \(reason)"))
        }
    }
}
