/// Why ``PDFRedactor`` did not redact a PDF. The description is a short
/// English phrase, fit for "not rewritten: REASON".
///
/// ```swift
/// do {
///     _ = try bytes.withUnsafeBytes { try PDFRedactor().redact($0) { _ in [] } }
/// } catch {
///     print("not rewritten: \(error)")   // "not rewritten: a PDF with glyphs that map to no text, …"
/// }
/// ```
public enum PDFRedactionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read (encrypted, damaged, past a limit).
    case unreadable(PDFError)
    /// A page shows glyphs that map to no text: what they say is unknown.
    case unmappedGlyphs
    /// A glyph to remove has no width in its font: what follows it would move.
    case unknownWidths
    /// A match whose glyphs could not be found in the content.
    case untraceable
    /// Glyphs a form XObject draws in several places would be removed in
    /// ways that disagree.
    case conflictingForms
    /// A match drawn in a font written top to bottom, whose advances are
    /// vertical.
    case verticalText
    /// A page written inside its parent's /Kids, which cannot be given new
    /// content.
    case directPage
    /// An embedded file holding a match that is not plain text (an image,
    /// an archive, a document), which cannot be rewritten as text.
    case binaryAttachment

    /// A short English phrase, such as `a PDF with glyphs that map to no
    /// text, which redact cannot read`.
    public var description: String {
        switch self {
        case .unreadable(let error): "\(error)"
        case .unmappedGlyphs: "a PDF with glyphs that map to no text, which redact cannot read"
        case .unknownWidths: "a PDF match in a font without glyph widths, which redact does not rewrite"
        case .untraceable: "a PDF match redact cannot trace to the glyphs that draw it"
        case .conflictingForms: "a PDF form drawn in several places that redact cannot rewrite for all of them"
        case .verticalText: "a PDF match in vertical text, which redact does not rewrite"
        case .directPage: "a PDF page that is no object of its own, which redact does not rewrite"
        case .binaryAttachment: "a PDF attachment that is not plain text, which redact does not rewrite"
        }
    }
}
