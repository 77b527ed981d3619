/// An image a PDF page draws, as ``PDFImageExtractor`` hands it out: where
/// it is drawn (its page, its place among the page's images), its size in
/// pixels, and either a file an OCR engine reads (a JPEG file, a PNG file,
/// a TIFF file) or why there is none.
///
/// ```swift
/// try bytes.withUnsafeBytes { pdf in
///     try PDFImageExtractor().forEachImage(in: pdf) { image in
///         print(image.name)   // "page 3 image 1"
///         if case .file(let format, let file) = image.content { ... }   // .jpeg, the JPEG file
///     }
/// }
/// ```
public struct PDFImage: Sendable {
    /// What an image is handed out as.
    public enum Content: Sendable {
        /// A file of this format holding the image's pixels.
        case file(ImageFormat, [UInt8])
        /// No file: the reason, a short English phrase ("JBIG2 image").
        case unread(String)
    }

    /// The page that draws it first, counted from 1.
    public let page: Int
    /// Its place among the images its page draws first, counted from 1.
    public let number: Int
    /// Its width in pixels (0 for an inline image that gives none).
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// The file, or why there is none.
    public let content: Content

    /// Its name as `find` prints it in SOURCE (`FILE:page 3 image 1:ocr:…`)
    /// and in JSON's `"in"`.
    public var name: String { "page \(page) image \(number)" }

    public init(page: Int, number: Int, width: Int, height: Int, content: Content) {
        self.page = page
        self.number = number
        self.width = width
        self.height = height
        self.content = content
    }
}
