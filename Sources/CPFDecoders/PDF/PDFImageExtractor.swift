/// Finds the images the pages of a PDF draw and hands each out as a file an
/// OCR engine reads (see ``PDFImage``), so that `cpf find` can read the
/// text of a scanned page, or of an identity card pasted into a contract.
/// Written from ISO 32000-1 (8.9 Images).
///
/// Each page's content is run as for its text (``PDFTextExtractor``), its
/// forms too; every image XObject it draws (`Do`) is handed out once, for
/// the first page that draws it, in the order drawn. An image's data:
///
/// - `DCTDecode`: the stream's data is a JPEG file, handed out as it is;
/// - `CCITTFaxDecode`: wrapped as a TIFF file (``tiff(ccitt:width:height:parameters:inverted:)``);
/// - `FlateDecode`, `LZWDecode`, `RunLengthDecode`, the ASCII filters or
///   none (their predictors undone): the samples of `/DeviceGray`,
///   `/DeviceRGB`, `/CalGray`, `/CalRGB`, `/ICCBased` with 1 or 3
///   components, or `/Indexed` over those, 1, 2, 4, 8 or 16 bits (RGB 8 or
///   16), or an image mask, wrapped as a PNG file;
/// - anything else (`JBIG2Decode`, `JPXDecode`, CMYK, Lab, separations) is
///   handed out with the reason it is not read.
///
/// An image narrower or lower than ``minimumSide`` pixels (an icon, a rule,
/// a bullet) is not handed out: no text an OCR engine reads fits in it.
/// Inline images (`BI … ID … EI`) are not decoded; one at least that large
/// is handed out as unread ("inline image").
///
/// Memory: one image's data and file at a time. Every stream decoded is
/// checked against the ``DecompressionLimits``; the total for the images
/// is counted image by image (each image's data within the limits on its
/// own), so a long scanned document is read whole.
///
/// ```swift
/// try bytes.withUnsafeBytes { pdf in
///     try PDFImageExtractor().forEachImage(in: pdf) { image in
///         // image.name: "page 1 image 1"; image.content: .file(.png, file)
///     }
/// }
/// ```
public struct PDFImageExtractor: Sendable {
    /// The fewest pixels of each side of an image handed out.
    public static let minimumSide = 16

    /// The limits every decoded stream is checked against.
    public let limits: DecompressionLimits

    /// An extractor whose decoded streams are checked against `limits`.
    public init(limits: DecompressionLimits = .default) {
        self.limits = limits
    }

    /// Hands each image the pages of `pdf` draw to `body`, page by page,
    /// as the type's description says. Throws a ``PDFError`` for a file
    /// that cannot be read (``PDFError/encrypted`` for an encrypted one);
    /// an image that cannot be decoded is handed out as unread, with why.
    ///
    /// - Complexity: O(*n*) in the file and its decoded streams.
    public func forEachImage(in pdf: UnsafeRawBufferPointer, _ body: (PDFImage) -> Void) throws(PDFError) {
        let start = PDFTextExtractor.headerOffset(pdf) ?? 0
        let bytes = UnsafeRawBufferPointer(rebasing: pdf[start...])
        let document = try PDFDocument(bytes, limits: limits)
        let text = PDFTextExtractor(limits: limits)
        let interpreter = PDFContentInterpreter(document: document)
        var seen: Set<PDFObject> = []
        var drawn: [PDFObject] = []
        var inline: [(Int, Int)] = []
        interpreter.imageDrawn = { entry, stream in
            if seen.insert(entry).inserted { drawn.append(stream) }
        }
        interpreter.inlineImageSkipped = { inline.append(($0, $1)) }
        var decoder: PDFDocument?
        for (index, page) in try text.pages(of: document).enumerated() {
            try text.run(
                interpreter, page: page, index: index,
                content: try PDFTextExtractor.content(of: page, document: document))
            _ = interpreter.writer.takeOutput()
            var number = 0
            for stream in drawn {
                guard let width = try document.resolve(stream["Width"] ?? .null).integer,
                    let height = try document.resolve(stream["Height"] ?? .null).integer
                else {
                    number += 1
                    body(PDFImage(page: index + 1, number: number, width: 0, height: 0, content: .unread("no size")))
                    continue
                }
                guard width >= Self.minimumSide, height >= Self.minimumSide else { continue }
                number += 1
                // A document of its own for each image's data: the limits' total counts one image at a time.
                if decoder == nil || decoder!.decodedTotal > 0 { decoder = try PDFDocument(bytes, limits: limits) }
                let content = Self.content(of: stream, width: width, height: height, document: decoder!)
                body(PDFImage(page: index + 1, number: number, width: width, height: height, content: content))
            }
            for (width, height) in inline
            where width == 0 || height == 0 || (width >= Self.minimumSide && height >= Self.minimumSide) {
                number += 1
                body(
                    PDFImage(
                        page: index + 1, number: number, width: width, height: height,
                        content: .unread("inline image")))
            }
            drawn = []
            inline = []
        }
    }

    /// The file for the image `stream` of `width` by `height` pixels, its
    /// data decoded by `document`, or why there is none.
    static func content(of stream: PDFObject, width: Int, height: Int, document: PDFDocument) -> PDFImage.Content {
        do throws(PDFError) {
            return try file(of: stream, width: width, height: height, document: document)
        } catch {
            return .unread("\(error)")
        }
    }
}
